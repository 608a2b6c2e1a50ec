import { MOBILITY_TARGETS, figureVerdict, nearTarget } from '@swingfit/contracts';

export type MobilityKey = keyof typeof MOBILITY_TARGETS;

export const MOBILITY_LABELS: Record<MobilityKey, string> = { hipRotation: 'Hip Rotation', shoulderTurn: 'Shoulder Turn', xFactor: 'X-Factor' };

/** Where a value sits on a scale, as a percentage of its width, clamped to the ends. */
export function scalePosition(value: number, min: number, max: number): number {
  if (!(max > min) || !Number.isFinite(value)) return 0;
  const pct = ((value - min) / (max - min)) * 100;
  return Math.min(100, Math.max(0, pct));
}

/**
 * One mobility scale as drawn: target band and marker positions in percent of the 0..scaleMax width.
 * The figure is shown in whole degrees; the marker sits at that figure and the verdict is the write-up's
 * own (figureVerdict), so number, marker, badge and text agree. A lower limit (`atLeast`) is drawn as a
 * marker with a reach to the scale's end, and has no verdict unless even the limit is above the target;
 * a figure outside its target by no more than `marginDeg` (how finely it is read) has none either.
 */
export function mobilityScale(key: MobilityKey, measured: number | null, atLeast = false, marginDeg = 0) {
  const t = MOBILITY_TARGETS[key];
  const value = measured === null ? null : Math.round(measured);
  const figure = value === null ? null : { value, atLeast, marginDeg };
  return {
    shown: value,
    atLeast: value !== null && atLeast,
    label: MOBILITY_LABELS[key],
    target: [t.min, t.max] as const,
    scaleMax: t.scaleMax,
    bandStart: scalePosition(t.min, 0, t.scaleMax),
    bandEnd: scalePosition(t.max, 0, t.scaleMax),
    marker: value === null ? null : scalePosition(value, 0, t.scaleMax),
    verdict: figure === null ? null : figureVerdict(figure, t),
    /** Outside the target by no more than the camera reads it to: said to be near it, not judged. */
    near: figure !== null && nearTarget(figure, t),
  };
}

/**
 * Bar widths (percent) for a golfer's number beside the tour and amateur averages: the longest of the
 * three fills 100% so the comparison reads at a glance.
 */
export function comparisonBars(value: number, tour: number | null, amateur: number | null): { value: number; tour: number | null; amateur: number | null } {
  const longest = Math.max(Math.abs(value), Math.abs(tour ?? 0), Math.abs(amateur ?? 0));
  const width = (n: number) => (longest > 0 ? (Math.abs(n) / longest) * 100 : 0);
  return { value: width(value), tour: tour === null ? null : width(tour), amateur: amateur === null ? null : width(amateur) };
}
