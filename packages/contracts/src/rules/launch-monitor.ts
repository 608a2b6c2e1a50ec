import type { BallFlight, ClubSelection, LaunchMonitorAnalysis, MetricComparison, TourComparison } from '../http/analyses.js';
import { referenceFor, type ClubReference } from '../reference/tour-averages.js';

/* Launch-monitor rules of specification section 5, shared by the worker (analysis) and the web app (display). */

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** Ball speed / club speed to two decimals; a missing or zero club speed divides by 1 (the spec's fallback). */
export function smashFactor(ballSpeed: number, clubSpeed: number | null | undefined): number {
  const divisor = clubSpeed ? clubSpeed : 1;
  return round(ballSpeed / divisor, 2);
}

export type ClubPathLabel = 'Strong in-to-out' | 'Slightly in-to-out' | 'Neutral' | 'Slightly out-to-in' | 'Strong out-to-in';

/**
 * Club path in degrees (positive = in-to-out). The spec names the strong labels beyond ±3 and
 * "slightly out-to-in" below -1; the in-to-out side mirrors it, and within ±1 the path is neutral.
 */
export function clubPathLabel(path: number): ClubPathLabel {
  if (path > 3) return 'Strong in-to-out';
  if (path < -3) return 'Strong out-to-in';
  if (path < -1) return 'Slightly out-to-in';
  if (path > 1) return 'Slightly in-to-out';
  return 'Neutral';
}

/** Beyond this face-to-path difference the curve is big enough to call a slice or hook. */
const BIG_CURVE_DEG = 4;

/**
 * Ball flight from face angle and club path (degrees, positive = open/right for a right-hander):
 * the face sets the start direction, the face-to-path difference the curve.
 */
export function ballFlight(faceAngle: number, clubPath: number): BallFlight {
  const faceToPath = round(faceAngle - clubPath, 1);
  const curve: BallFlight['curve'] = Math.abs(faceToPath) <= 1 ? 'square' : faceToPath > 1 ? 'open' : 'closed';
  const start: BallFlight['start'] = faceAngle > 1 ? 'right' : faceAngle < -1 ? 'left' : 'straight';
  return { faceToPath, curve, start, description: describeFlight(start, curve, curveWord({ faceToPath, curve, start })) };
}

export type CurveWord = 'straight' | 'fade' | 'draw' | 'slice' | 'hook';

/**
 * The curve in one golfer's word, for the ball-flight card's chip beside the description: the same word
 * the description opens with, so a slice is never labelled a fade. A ball curving back toward the target
 * (starting left and curving right, or right and left) is a fade or draw however much it curves.
 */
export function curveWord(flight: Pick<BallFlight, 'faceToPath' | 'curve' | 'start'>): CurveWord {
  const big = Math.abs(flight.faceToPath) > BIG_CURVE_DEG;
  if (flight.curve === 'square') return 'straight';
  if (flight.curve === 'open') return big && flight.start !== 'left' ? 'slice' : 'fade';
  return big && flight.start !== 'right' ? 'hook' : 'draw';
}

function describeFlight(start: BallFlight['start'], curve: BallFlight['curve'], word: CurveWord): string {
  const startText = { straight: 'Starts on target', right: 'Starts right of target', left: 'Starts left of target' }[start];
  if (curve === 'square') {
    return { straight: 'Straight shot: starts on target and holds its line', right: 'Push: starts right and flies straight', left: 'Pull: starts left and flies straight' }[start];
  }
  if (curve === 'open') {
    if (start === 'left') return `Pull-fade: ${startText.toLowerCase()} and fades back toward it`;
    if (word === 'slice') return `Slice: ${startText.toLowerCase()} and curves hard to the right (face open to the path)`;
    return `${start === 'right' ? 'Push-fade' : 'Fade'}: ${startText.toLowerCase()} and curves gently right`;
  }
  if (start === 'right') return `Push-draw: ${startText.toLowerCase()} and draws back toward it`;
  if (word === 'hook') return `Hook: ${startText.toLowerCase()} and curves hard to the left (face closed to the path)`;
  return `${start === 'left' ? 'Pull-draw' : 'Draw'}: ${startText.toLowerCase()} and curves gently left`;
}

export interface LaunchMonitorInput {
  clubSpeed: number | null;
  ballSpeed: number | null;
  carry: number | null;
  total: number | null;
  spinRate: number | null;
  clubPath: number | null;
  faceAngle: number | null;
}

/** True when the golfer entered any launch-monitor number (the analysis then has a launch-monitor part). */
export function hasLaunchMonitorData(input: LaunchMonitorInput): boolean {
  return Object.values(input).some((v) => v !== null && v !== undefined);
}

const METRICS: { metric: MetricComparison['metric']; unit: string; decimals: number; pick: (r: ClubReference) => number | undefined }[] = [
  { metric: 'clubSpeed', unit: 'mph', decimals: 1, pick: (r) => r.clubSpeed.value },
  { metric: 'ballSpeed', unit: 'mph', decimals: 1, pick: (r) => r.ballSpeed.value },
  { metric: 'smashFactor', unit: '', decimals: 2, pick: (r) => r.smashFactor.value },
  { metric: 'carry', unit: 'yds', decimals: 0, pick: (r) => r.carry.value },
  { metric: 'total', unit: 'yds', decimals: 0, pick: (r) => r.total?.value },
  { metric: 'spinRate', unit: 'rpm', decimals: 0, pick: (r) => r.spinRate.value },
];

/** The golfer's numbers against tour-pro (and same-gender 15-handicap amateur) averages for the club. */
export function compareWithReference(input: LaunchMonitorInput, club: ClubSelection, tour: TourComparison): LaunchMonitorAnalysis {
  const sf = input.ballSpeed != null ? smashFactor(input.ballSpeed, input.clubSpeed) : null;
  const values: Record<MetricComparison['metric'], number | null> = {
    clubSpeed: input.clubSpeed,
    ballSpeed: input.ballSpeed,
    smashFactor: sf,
    carry: input.carry,
    // Total distance is a driver-only field (section 5).
    total: club === 'driver' ? input.total : null,
    spinRate: input.spinRate,
  };
  const tourRef = referenceFor(club, tour, 'tour');
  const amateurRef = referenceFor(club, tour, 'amateur');
  const comparisons: MetricComparison[] = [];
  for (const m of METRICS) {
    const value = values[m.metric];
    if (value == null) continue;
    const tourValue = m.pick(tourRef) ?? null;
    comparisons.push({
      metric: m.metric,
      value,
      unit: m.unit,
      tour: tourValue,
      amateur: m.pick(amateurRef) ?? null,
      diffFromTour: tourValue == null ? null : round(value - tourValue, m.decimals),
    });
  }
  return {
    club,
    tour,
    smashFactor: sf,
    clubPathLabel: input.clubPath != null ? clubPathLabel(input.clubPath) : null,
    ballFlight: input.faceAngle != null && input.clubPath != null ? ballFlight(input.faceAngle, input.clubPath) : null,
    comparisons,
  };
}
