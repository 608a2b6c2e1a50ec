/**
 * Mobility value extraction (specification section 5). Analyses store mobility as text such as
 * "88°", "about 45 degrees" or "limited"; screens and the workout need a number for the scales.
 */

export type MobilityKind = 'shoulder' | 'hip' | 'xFactor' | 'spine';

/** Targets and scale maxima of the mobility scales (specification section 9). */
export const MOBILITY_TARGETS = {
  hipRotation: { min: 40, max: 50, scaleMax: 70 },
  shoulderTurn: { min: 85, max: 95, scaleMax: 110 },
  xFactor: { min: 40, max: 50, scaleMax: 70 },
} as const;

export type TargetVerdict = 'below' | 'within' | 'above';

/**
 * A turn figure against its target, judged in whole degrees as the golfer reads it: the write-up and the
 * detail screen both call this, so a measured 50.2° X-factor is "50°" and inside 40-50° in both (when
 * the screen judged 50.2 itself, it showed "50° Above target" beside the write-up's "inside the target").
 */
export function targetVerdict(degrees: number, target: { min: number; max: number }): TargetVerdict {
  const shown = Math.round(degrees);
  return shown < target.min ? 'below' : shown > target.max ? 'above' : 'within';
}

/**
 * Body figures with a confidence (0..1) under this are not given as numbers: the worker withholds them
 * ('not measured reliably') and they drive neither key issues nor the workout focus.
 */
export const CONFIDENCE_BAR = 0.5;

/** A body figure as the analysis stores it (structurally the Metric of http/analyses.ts). */
export interface MeasuredFigure {
  value: number | null;
  measurable: boolean;
  confidence: number;
  withheld?: 'view' | 'uncertain';
}

/**
 * Which view's figure to show when both videos were analysed: the turn figures from down the line, which
 * sees both ends of the shoulder and hip lines at the top (face-on the trail shoulder hides behind the
 * neck), sway from the face-on view and posture from down the line (the only views that show them).
 * Falls back to the other view's figure when the preferred one is not measurable; with neither, the one
 * withheld as uncertain (filming again may help) before one the view cannot show.
 */
export function pickFigure<M extends MeasuredFigure>(faceOn: M | null | undefined, downTheLine: M | null | undefined): M | undefined {
  const ordered = [downTheLine, faceOn].filter((m): m is M => !!m);
  return ordered.find((m) => m.measurable && m.value !== null) ?? ordered.find((m) => m.withheld === 'uncertain') ?? faceOn ?? downTheLine ?? undefined;
}

/**
 * Qualitative words mapped to estimates, per kind. Checked in the order listed (best first), so the
 * first listed word found in the text decides.
 */
export const MOBILITY_WORD_ESTIMATES: Readonly<Record<MobilityKind, ReadonlyArray<readonly [word: string, value: number]>>> = {
  shoulder: [['excellent', 95], ['full', 95], ['unrestricted', 95], ['good', 85], ['moderate', 75], ['fair', 75], ['limited', 65], ['restricted', 65], ['poor', 55]],
  hip: [['excellent', 50], ['significant', 50], ['good', 45], ['moderate', 40], ['fair', 40], ['limited', 30], ['restricted', 30], ['poor', 25]],
  xFactor: [['outstanding', 50], ['large', 50], ['good', 45], ['moderate', 40], ['fair', 40], ['reduced', 35], ['limited', 35], ['poor', 25]],
  spine: [['excellent', 30], ['maintained', 30], ['consistent', 30], ['good', 28], ['moderate', 25], ['fair', 25], ['limited', 20], ['restricted', 20], ['poor', 15]],
};

const NUMBER_WITH_DEGREE = /(-?\d+(?:\.\d+)?)\s*°/;
const ANY_NUMBER = /-?\d+(?:\.\d+)?/;

/**
 * A number followed by a degree sign; else the first number; else the estimate for the first
 * qualitative word found; otherwise 0 (which callers read as "no value").
 */
export function extractMobilityValue(text: string | null | undefined, kind: MobilityKind): number {
  if (typeof text !== 'string' || text.trim() === '') return 0;
  const degree = NUMBER_WITH_DEGREE.exec(text);
  if (degree?.[1] !== undefined) return Number(degree[1]);
  const first = ANY_NUMBER.exec(text);
  if (first) return Number(first[0]);
  const lower = text.toLowerCase();
  for (const [word, value] of MOBILITY_WORD_ESTIMATES[kind]) {
    if (new RegExp(`\\b${word}\\b`).test(lower)) return value;
  }
  return 0;
}

/**
 * Fields such as mobilityAnalysis, technicalDetails and keyIssues may arrive as an object (or list) or
 * as JSON text. Returns the object or list, or undefined when absent or malformed; `onMalformed` lets
 * the caller log the malformed case (specification: logged and ignored).
 */
export function parseJsonField<T = Record<string, unknown>>(value: unknown, onMalformed?: (reason: string) => void): T | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'object') return value as T;
  if (typeof value !== 'string') {
    onMalformed?.(`expected an object or JSON text, got ${typeof value}`);
    return undefined;
  }
  if (value.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed !== null && typeof parsed === 'object') return parsed as T;
    onMalformed?.('JSON text is not an object or list');
  } catch (error) {
    onMalformed?.(error instanceof Error ? error.message : String(error));
  }
  return undefined;
}
