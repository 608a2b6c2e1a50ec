import { faceOnHipResolution } from './hip-outline.js';

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
 * A figure against its target as the golfer may be told it: a lower limit (atLeast) says only that the
 * turn went at least this far, so it is judged only when even that is above the target; short of it,
 * whether the whole turn reached the target is not known (null), and nothing is said either way.
 */
export function figureVerdict(figure: { value: number; atLeast?: boolean; marginDeg?: number }, target: { min: number; max: number }): TargetVerdict | null {
  const verdict = targetVerdict(figure.value, target);
  if (figure.atLeast && verdict !== 'above') return null;
  return nearTarget(figure, target) ? null : verdict;
}

/**
 * Outside its target by no more than the figure can be read to (`marginDeg`): the camera cannot tell it
 * from a turn inside the target, so it is called near the target and judged neither way (no weakness, no
 * key issue, no workout focus from it).
 */
export function nearTarget(figure: { value: number; atLeast?: boolean; marginDeg?: number }, target: { min: number; max: number }): boolean {
  const shown = Math.round(figure.value);
  const outside = shown < target.min ? target.min - shown : shown > target.max ? shown - target.max : 0;
  return !figure.atLeast && outside > 0 && outside <= (figure.marginDeg ?? 0);
}

/**
 * How finely a figure can be read, degrees, where the camera limits it more than the readings' own
 * agreement shows: face-on hips alone, whose outline narrows by about a model pixel for every 7-9° of
 * turn (faceOnHipResolution). A figure read from both views leans on the one from behind, and the others
 * are limited by their scatter, which their confidence already carries.
 */
export function figureMarginDeg(key: string, fromView: FigureSource | null | undefined, value: number): number {
  return key === 'hipRotation' && fromView === 'face-on' ? Math.round(faceOnHipResolution(value)) : 0;
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
  /** A lower limit, not the whole turn (FACE_ON_SHOULDER_LIMIT_DEG). */
  atLeast?: boolean;
}

/**
 * From the front, a shoulder turn is seen to about here and no further. Past it the lead arm lies across
 * the lead shoulder, and the pose model puts that shoulder on the outline of the upper back, the only
 * part of it the camera sees. Seen from above the upper trunk is about 40 cm across the shoulder joints
 * and 25 cm deep, turning about a spine some 6 cm inside the back (adult means; women's proportions are
 * alike): the lead side of that outline comes toward the spine as a joint would until about 70° of turn,
 * then all but stops, reading 68° at a 70° turn, 72° at 80° and 73° at 90°. So a face-on reading from
 * here up is a lower limit: the shoulders turned at least that far, and the front view cannot tell how
 * much further. The shared clips bear it out: read through the backswing beside the same golfer's
 * down-the-line video, the face-on reading stalls at 63-79° while the down-the-line one goes on to 86-95°.
 * And the limit is all such a reading says: past it the outline stands still, so what the model reads
 * there beyond it is its own scatter, not more turn (the same phone clip read 84° and, mirrored, 90°).
 */
export const FACE_ON_SHOULDER_LIMIT_DEG = 70;

/** What a golfer reads under a figure that is a lower limit (no figure in it: the card shows it once). */
export const LOWER_LIMIT_WORDS = {
  shoulderTurn:
    'Read from the front: how far your lead shoulder travels toward your spine, compared with half your shoulder width at address. Past about 70° of turn your lead arm crosses in front of that shoulder and the front view sees only the outline of your upper back, which hardly moves as the turn goes on. So this is how far your shoulders turned at least, not where the turn ended: a down-the-line video measures the whole turn.',
  xFactor: 'Shoulder turn minus hip turn at the top of the backswing. The front view cannot see the end of your shoulder turn, so this is the least it can be.',
  aboveFrontLimit:
    'Read from behind, where the whole turn shows: which way your shoulders point, seen from above, at the top of the backswing compared with address. From the front your lead arm hides the end of the turn; what the front view does show agrees with this.',
} as const;

type LimitedFigure = MeasuredFigure & { note?: string };

/**
 * A face-on video's turn figures as they may be read: a shoulder turn at or past
 * FACE_ON_SHOULDER_LIMIT_DEG is the limit itself, a lower limit, and the X-factor taken from it (shoulders
 * minus hips) is the limit minus the hips, a lower limit too. Applied to stored analyses too, whenever
 * they were measured, so every screen and text reads them alike; the reading stays stored as it was.
 */
export function withFaceOnLimits<M extends LimitedFigure>(metrics: Partial<Record<string, M>> | null | undefined): Partial<Record<string, M>> | null | undefined {
  const shoulders = metrics?.shoulderTurn;
  if (!metrics || !shoulders?.measurable || shoulders.value === null || shoulders.value < FACE_ON_SHOULDER_LIMIT_DEG) return metrics;
  const x = metrics.xFactor;
  // The X-factor was read as the shoulders' reading minus the hips: the same hips under the limit.
  const beyond = shoulders.value - FACE_ON_SHOULDER_LIMIT_DEG;
  return {
    ...metrics,
    shoulderTurn: { ...shoulders, value: FACE_ON_SHOULDER_LIMIT_DEG, atLeast: true, note: LOWER_LIMIT_WORDS.shoulderTurn },
    ...(x?.measurable && x.value !== null ? { xFactor: { ...x, value: Math.round((x.value - beyond) * 10) / 10, atLeast: true, note: LOWER_LIMIT_WORDS.xFactor } } : {}),
  };
}

/**
 * Which view's figure to show when only one video can give it: the one measured, else the one withheld as
 * uncertain (filming again may help) before one the view cannot show. Sway comes only from the face-on
 * view and posture only from behind; the turns, which both views measure, are read from both when both
 * gave one (figureFromViews).
 */
export function pickFigure<M extends MeasuredFigure>(faceOn: M | null | undefined, downTheLine: M | null | undefined): M | undefined {
  const ordered = [downTheLine, faceOn].filter((m): m is M => !!m);
  return ordered.find((m) => m.measurable && m.value !== null) ?? ordered.find((m) => m.withheld === 'uncertain') ?? faceOn ?? downTheLine ?? undefined;
}

/**
 * Degrees of scatter at which a turn reading's confidence reaches nothing: a view's readings through the
 * backswing are judged by it (the worker's metrics.ts), and so are two views' readings of one turn.
 */
export const TURN_SCATTER_LIMIT_DEG = 30;

/** How far an X-factor may be from the shoulders minus the hips and still be taken for their difference (each stored to a tenth). */
const X_FACTOR_SUM_SLACK_DEG = 0.2;

/** The turns both views measure. The X-factor shown beside them is their difference. */
const TURNS_BOTH_VIEWS_MEASURE = ['shoulderTurn', 'hipRotation'] as const;

/** Each view's blind spot at the top of the backswing, for the line it reads. */
const BLIND_SPOTS: Record<(typeof TURNS_BOTH_VIEWS_MEASURE)[number], string> = {
  shoulderTurn: 'from the front your raised lead arm can hide your lead shoulder; from behind, how far one shoulder has turned behind the other is judged, not seen',
  hipRotation: 'from the front only how much narrower your hips look shows; from behind, how far one hip has turned behind the other is judged, not seen',
};

export const BOTH_VIEWS_WORDS = {
  averaged: (line: keyof typeof BLIND_SPOTS, apart: number) =>
    `Read from both of your videos and averaged, giving more weight to the surer one. Each view misses something at the top of the backswing: ${BLIND_SPOTS[line]}. The two readings were ${apart}° apart.`,
  tooFarApart: (apart: number) => `Not measured reliably: your two videos read it ${apart}° apart.`,
  xFactor: 'Shoulder turn minus hip turn at the top of the backswing, both as shown here.',
} as const;

/**
 * Why an X-factor is withheld: it is the shoulder turn minus the hip turn, so it says which of the two has
 * no reliable figure (a golfer whose shoulders are shown should not read that it needs them).
 */
export function xFactorWithheldWords(shouldersRead: boolean, hipsRead: boolean): string {
  const missing = shouldersRead ? 'your hip turn has' : hipsRead ? 'your shoulder turn has' : 'neither has';
  return `Not measured reliably: it is your shoulder turn minus your hip turn, and ${missing} no reliable figure.`;
}

export type FigureSource = 'face-on' | 'down-the-line' | 'both';
type FigureWithNote = MeasuredFigure & { note?: string };
type ViewMetrics<M> = Partial<Record<string, M>> | null | undefined;
const usable = (m: FigureWithNote | undefined): m is FigureWithNote & { value: number } => !!m && m.measurable && m.value !== null && Number.isFinite(m.value);

/**
 * Said of a figure whose readings lay too far apart for one figure: the worker's own withholding (every
 * figure: the turns read through the backswing, posture at address and impact, sway) and a figure an older
 * analysis stored as a number under today's CONFIDENCE_BAR alike. What happened in the golfer's words (not
 * "readings through the backswing", which a posture or sway figure is not), and what helps: the spread
 * grows on dim, shaken or small pictures (bench:robustness: dusk, hand-held, far golfer).
 */
export const BELOW_BAR_WORDS = 'Not measured reliably: the frames of this video gave readings of it too far apart to settle on one figure. Good light, a phone held still and your whole body filling most of the picture give the steadiest readings.';

/**
 * A stored figure as it may be read today. Older analyses stored figures under today's CONFIDENCE_BAR as
 * numbers (today's measurement withholds them itself); such a figure is withheld here too, so the detail
 * screen does not show it and the write-up, whose texts set the key issues and the workout focus, does
 * not judge it.
 */
export function withConfidenceBar<M extends FigureWithNote>(figure: M): M {
  if (!figure.measurable || figure.value === null || figure.confidence >= CONFIDENCE_BAR) return figure;
  return { ...figure, value: null, measurable: false, withheld: 'uncertain', note: BELOW_BAR_WORDS };
}

/** Every figure of one video's measurements through withConfidenceBar. */
export function metricsWithConfidenceBar<M extends FigureWithNote>(metrics: Readonly<Record<string, M>>): Record<string, M> {
  return Object.fromEntries(Object.entries(metrics).map(([key, figure]) => [key, withConfidenceBar(figure)]));
}

/**
 * One turn read by both views: the two readings weighted by their confidence. Each view fails in its own way
 * at the top (face-on the raised lead arm hides the lead shoulder; from behind the depth between the two
 * shoulders is the model's guess), neither can be shown to be the right one, and averaging halves the worst
 * error either would make alone. Their difference is scatter like any two readings of one thing: half of it,
 * against the scatter limit, lowers the confidence, and two views too far apart withhold the figure.
 * A face-on shoulder turn past FACE_ON_SHOULDER_LIMIT_DEG is not a reading of where the turn ended but a
 * lower limit: a reading from behind at or above it agrees with it and is the figure.
 */
function averaged<M extends FigureWithNote>(line: keyof typeof BLIND_SPOTS, faceOn: M & { value: number }, downTheLine: M & { value: number }): M {
  // A face-on lower limit met by a reading from behind at or above it: the two agree, and the reading
  // from behind is the whole turn.
  if (faceOn.atLeast && downTheLine.value >= faceOn.value) return { ...downTheLine, note: LOWER_LIMIT_WORDS.aboveFrontLimit };
  const weight = faceOn.confidence + downTheLine.confidence;
  const value = weight > 0 ? (faceOn.value * faceOn.confidence + downTheLine.value * downTheLine.confidence) / weight : (faceOn.value + downTheLine.value) / 2;
  const apart = Math.abs(faceOn.value - downTheLine.value);
  const confidence = Math.max(0, (weight / 2) * (1 - apart / 2 / TURN_SCATTER_LIMIT_DEG));
  const shownApart = Math.round(apart);
  // Below a face-on lower limit the reading from behind disagrees with it, by as much as it falls short:
  // the two are averaged like any two readings, and the mean is a reading, not a limit.
  if (confidence < CONFIDENCE_BAR) return { ...downTheLine, value: null, measurable: false, withheld: 'uncertain', confidence, note: BOTH_VIEWS_WORDS.tooFarApart(shownApart) };
  return { ...downTheLine, value, confidence, note: BOTH_VIEWS_WORDS.averaged(line, shownApart) };
}

/** The X-factor beside turns read from both views, or from one view each: their difference, so the three figures shown add up. */
function xFactorFromViews<M extends FigureWithNote>(faceOn: ViewMetrics<M>, downTheLine: ViewMetrics<M>): { figure: M; fromView: FigureSource } | undefined {
  // `faceOn` has its limits applied already (figureFromViews).
  const shoulders = pickOne('shoulderTurn', faceOn, downTheLine);
  const hips = pickOne('hipRotation', faceOn, downTheLine);
  const template = downTheLine?.xFactor ?? faceOn?.xFactor;
  // Both turns from one video: that video's own X-factor. Otherwise (read from both, or each from another
  // video) the X-factor is the difference of the two shown.
  if (!template || (shoulders?.fromView === hips?.fromView && shoulders?.fromView !== 'both')) return undefined;
  if (!usable(shoulders?.figure) || !usable(hips?.figure)) {
    return { figure: { ...template, value: null, measurable: false, withheld: 'uncertain', confidence: 0, note: xFactorWithheldWords(usable(shoulders?.figure), usable(hips?.figure)) }, fromView: 'both' };
  }
  const [s, h] = [shoulders.figure, hips.figure];
  const { atLeast: _ignored, ...rest } = template;
  const x = { ...rest, value: s.value - h.value, measurable: true, confidence: Math.min(s.confidence, h.confidence) } as M;
  // Shoulders known only as a lower limit make the X-factor one too.
  return { figure: s.atLeast ? { ...x, atLeast: true, note: LOWER_LIMIT_WORDS.xFactor } : { ...x, note: BOTH_VIEWS_WORDS.xFactor }, fromView: 'both' };
}

/**
 * The figure for `key` when a face-on and a down-the-line video were analysed (either may be missing), and
 * which video it comes from. The written analysis and the detail screen both call this, so they agree.
 */
export function figureFromViews<M extends FigureWithNote>(key: string, faceOnRead: ViewMetrics<M>, downTheLine: ViewMetrics<M>): { figure: M; fromView: FigureSource } | undefined {
  const faceOn = withFaceOnLimits(faceOnRead);
  if (key === 'xFactor') {
    const found = xFactorFromViews(faceOn, downTheLine) ?? pickOne(key, faceOn, downTheLine);
    return found && addingUp(found, faceOn, downTheLine);
  }
  return pickOne(key, faceOn, downTheLine);
}

/** Most figures: read from both views where both measured a turn, else from the one view that gives it. */
function pickOne<M extends FigureWithNote>(key: string, faceOn: ViewMetrics<M>, downTheLine: ViewMetrics<M>): { figure: M; fromView: FigureSource } | undefined {
  const [a, b] = [faceOn?.[key], downTheLine?.[key]];
  const line = TURNS_BOTH_VIEWS_MEASURE.find((k) => k === key);
  if (line && usable(a) && usable(b)) return { figure: averaged(line, a, b), fromView: 'both' };
  const picked = pickFigure(a, b);
  return picked && { figure: picked, fromView: picked === b ? 'down-the-line' : 'face-on' };
}

/**
 * An X-factor read as the shoulders minus the hips, in the whole degrees the golfer reads beside it: 95°
 * and 42° shown (95.2 and 41.7 read) make an X-factor of 53°, not the 53.5° between the readings rounded
 * to 54°, which a golfer doing the sum would take for a mistake. Either way it is within a degree of the
 * readings' difference, less than either reading's own scatter. An X-factor that is not the difference
 * of the two shown (stored by an older edition that read it otherwise) is left as read.
 */
function addingUp<M extends FigureWithNote>(found: { figure: M; fromView: FigureSource }, faceOn: ViewMetrics<M>, downTheLine: ViewMetrics<M>): { figure: M; fromView: FigureSource } {
  const [s, h, x] = [pickOne('shoulderTurn', faceOn, downTheLine)?.figure, pickOne('hipRotation', faceOn, downTheLine)?.figure, found.figure];
  if (!usable(s) || !usable(h) || !usable(x) || Math.abs(x.value - (s.value - h.value)) > X_FACTOR_SUM_SLACK_DEG) return found;
  return { ...found, figure: { ...x, value: Math.round(s.value) - Math.round(h.value) } };
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
