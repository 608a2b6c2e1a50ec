import { describe, expect, it } from 'vitest';
import { BELOW_BAR_WORDS, BOTH_VIEWS_WORDS, CONFIDENCE_BAR, FACE_ON_SHOULDER_LIMIT_DEG, LOWER_LIMIT_WORDS, MOBILITY_TARGETS, TURN_SCATTER_LIMIT_DEG, extractMobilityValue, figureFromViews, figureMarginDeg, figureVerdict, nearTarget, parseJsonField, targetVerdict, metricsWithConfidenceBar, withConfidenceBar, withFaceOnLimits, xFactorWithheldWords, type MobilityKind } from '../src/index.js';

// Every word of every mapping in specification section 5.
const WORDS: Array<[MobilityKind, string, number]> = [
  ['shoulder', 'excellent', 95], ['shoulder', 'full', 95], ['shoulder', 'unrestricted', 95], ['shoulder', 'good', 85],
  ['shoulder', 'moderate', 75], ['shoulder', 'fair', 75], ['shoulder', 'limited', 65], ['shoulder', 'restricted', 65], ['shoulder', 'poor', 55],
  ['hip', 'excellent', 50], ['hip', 'significant', 50], ['hip', 'good', 45], ['hip', 'moderate', 40], ['hip', 'fair', 40],
  ['hip', 'limited', 30], ['hip', 'restricted', 30], ['hip', 'poor', 25],
  ['xFactor', 'outstanding', 50], ['xFactor', 'large', 50], ['xFactor', 'good', 45], ['xFactor', 'moderate', 40], ['xFactor', 'fair', 40],
  ['xFactor', 'reduced', 35], ['xFactor', 'limited', 35], ['xFactor', 'poor', 25],
  ['spine', 'excellent', 30], ['spine', 'maintained', 30], ['spine', 'consistent', 30], ['spine', 'good', 28], ['spine', 'moderate', 25],
  ['spine', 'fair', 25], ['spine', 'limited', 20], ['spine', 'restricted', 20], ['spine', 'poor', 15],
];

describe('extractMobilityValue', () => {
  it.each(WORDS)('%s: "%s" rotation maps to %d', (kind, word, expected) => {
    expect(extractMobilityValue(`${word.toUpperCase()[0]}${word.slice(1)} rotation through the backswing`, kind)).toBe(expected);
  });

  it.each([
    ['88°', 'shoulder', 88],
    ['Hip turn 42.5° at the top', 'hip', 42.5],
    // The degree-signed number wins over an earlier plain number.
    ['Frame 120 of 240: shoulder turn 91°', 'shoulder', 91],
    ['2 checkpoints, separation 38 °', 'xFactor', 38],
    // Without a degree sign the first number wins, even over qualitative words.
    ['about 47 degrees, good', 'hip', 47],
    ['limited, roughly 70 to 80 degrees', 'shoulder', 70],
    ['-5° change', 'spine', -5],
  ] as Array<[string, MobilityKind, number]>)('%j (%s) -> %d', (text, kind, expected) => {
    expect(extractMobilityValue(text, kind)).toBe(expected);
  });

  it.each([
    ['not measurable from this view', 'shoulder'],
    ['', 'hip'],
    [null, 'xFactor'],
    [undefined, 'spine'],
    // Words of another kind's mapping do not apply.
    ['significant', 'shoulder'],
    ['outstanding', 'hip'],
    ['full', 'xFactor'],
    ['reduced', 'spine'],
    // Whole words only: "goodness" is not "good".
    ['goodness knows', 'hip'],
  ] as Array<[string | null | undefined, MobilityKind]>)('%j (%s) -> 0', (text, kind) => {
    expect(extractMobilityValue(text, kind)).toBe(0);
  });

  it('takes the best-listed word when several appear', () => {
    expect(extractMobilityValue('good but limited at times', 'shoulder')).toBe(85);
  });
});

describe('parseJsonField', () => {
  it('passes objects and lists through and parses JSON text', () => {
    const object = { shoulderTurn: '88°' };
    expect(parseJsonField(object)).toBe(object);
    expect(parseJsonField('{"shoulderTurn":"88°"}')).toEqual(object);
    expect(parseJsonField<string[]>('["a","b"]')).toEqual(['a', 'b']);
  });

  it.each([['{not json'], ['42'], ['"text"'], ['null'], [17], [true]])('malformed %j -> undefined and reported', (value) => {
    const reasons: string[] = [];
    expect(parseJsonField(value, (reason) => reasons.push(reason))).toBeUndefined();
    expect(reasons).toHaveLength(1);
  });

  it.each([[null], [undefined], ['  ']])('absent %j -> undefined without a report', (value) => {
    const reasons: string[] = [];
    expect(parseJsonField(value, (reason) => reasons.push(reason))).toBeUndefined();
    expect(reasons).toHaveLength(0);
  });
});

describe('a turn figure against its target (specification section 9), judged in whole degrees as shown', () => {
  it.each([
    ['xFactor', 50.2, 'within'],
    ['xFactor', 50.6, 'above'],
    ['xFactor', 40, 'within'],
    ['hipRotation', 39.6, 'within'],
    ['hipRotation', 39.4, 'below'],
    ['shoulderTurn', 95.4, 'within'],
    ['shoulderTurn', 95.5, 'above'],
    ['shoulderTurn', 74, 'below'],
  ] as const)('%s %d is %s', (key, degrees, verdict) => {
    expect(targetVerdict(degrees, MOBILITY_TARGETS[key])).toBe(verdict);
  });
});

describe('withConfidenceBar: a figure an older analysis stored under the bar', () => {
  const read = (value: number, confidence: number) => ({ value, measurable: true, confidence, note: 'Read from behind' });

  it('is withheld as not measured reliably, in plain words; one at or above the bar is kept as it is', () => {
    expect(withConfidenceBar(read(28, CONFIDENCE_BAR - 0.01))).toEqual({ value: null, measurable: false, confidence: CONFIDENCE_BAR - 0.01, withheld: 'uncertain', note: BELOW_BAR_WORDS });
    const sure = read(28, CONFIDENCE_BAR);
    expect(withConfidenceBar(sure)).toBe(sure);
    expect(metricsWithConfidenceBar({ hipRotation: read(28, 0.2), shoulderTurn: sure })).toEqual({ hipRotation: withConfidenceBar(read(28, 0.2)), shoulderTurn: sure });
  });
});

describe('figureFromViews: one figure from a face-on and a down-the-line video', () => {
  type F = { value: number | null; measurable: boolean; confidence: number; withheld?: 'view' | 'uncertain'; note?: string };
  const at = (value: number, confidence = 0.9): F => ({ value, measurable: true, confidence, note: 'one view' });
  const withheld = (why: 'view' | 'uncertain'): F => ({ value: null, measurable: false, confidence: 0, withheld: why, note: why });
  const views = (shoulderTurn?: F, hipRotation?: F, xFactor?: F) => ({ shoulderTurn, hipRotation, xFactor });

  // [what, face-on shoulders, down-the-line shoulders, shown value, shown confidence, from]
  it.each([
    ['equal confidence: the mean', at(58, 0.8), at(70, 0.8), 64, 0.8 * (1 - 6 / TURN_SCATTER_LIMIT_DEG), 'both'],
    ['the surer reading counts for more', at(55, 0.98), at(69, 0.6), (55 * 0.98 + 69 * 0.6) / 1.58, 0.79 * (1 - 7 / TURN_SCATTER_LIMIT_DEG), 'both'],
    ['the two agreeing keep their confidence', at(66, 0.9), at(66, 0.7), 66, 0.8, 'both'],
    ['only face-on measured it', at(64), withheld('uncertain'), 64, 0.9, 'face-on'],
    ['only down the line measured it', withheld('uncertain'), at(86), 86, 0.9, 'down-the-line'],
    // A face-on reading past the limit is a lower limit (FACE_ON_SHOULDER_LIMIT_DEG).
    ['a reading from behind above the face-on limit is the figure, with its own confidence', at(74, 0.9), at(86, 0.7), 86, 0.7, 'both'],
    ['a reading from behind just at the limit agrees with it', at(74, 0.9), at(74, 0.7), 74, 0.7, 'both'],
    // Face-on 80° reads as the limit, 70°: one from behind below it disagrees by as much as it falls short.
    ['one below the limit disagrees with it: the two averaged, their distance lowering the confidence', at(80, 0.9), at(64, 0.6), (70 * 0.9 + 64 * 0.6) / 1.5, 0.75 * (1 - 3 / TURN_SCATTER_LIMIT_DEG), 'both'],
    ['a face-on limit alone is the figure', at(74), withheld('uncertain'), FACE_ON_SHOULDER_LIMIT_DEG, 0.9, 'face-on'],
  ] as const)('%s', (_what, faceOn, downTheLine, value, confidence, from) => {
    const found = figureFromViews('shoulderTurn', views(faceOn), views(downTheLine))!;
    expect(found.fromView).toBe(from);
    expect(found.figure.value).toBeCloseTo(value, 6);
    expect(found.figure.confidence).toBeCloseTo(confidence, 6);
  });

  it('says how a figure from both views was read, with how far apart they were, and nothing else in numbers', () => {
    const { figure } = figureFromViews('shoulderTurn', views(at(58)), views(at(70)))!;
    expect(figure.note).toBe(BOTH_VIEWS_WORDS.averaged('shoulderTurn', 12));
    expect(figure.note!.match(/\d+/g)).toEqual(['12']);
    // The hips' note names the hips' blind spots, not the shoulders'.
    const hips = figureFromViews('hipRotation', views(undefined, at(28)), views(undefined, at(34)))!.figure.note!;
    expect(hips).toBe(BOTH_VIEWS_WORDS.averaged('hipRotation', 6));
    expect(hips).not.toContain('shoulder');
  });

  it('withholds a turn the two videos read too far apart to say where it was', () => {
    // Half the gap against the limit: two readings at confidence 0.9 fall under the bar past about 27° apart.
    const near = figureFromViews('hipRotation', views(undefined, at(30)), views(undefined, at(52)))!;
    expect(near.figure).toMatchObject({ measurable: true });
    const far = figureFromViews('hipRotation', views(undefined, at(30)), views(undefined, at(58)))!;
    expect(far.figure).toMatchObject({ value: null, measurable: false, withheld: 'uncertain', note: BOTH_VIEWS_WORDS.tooFarApart(28) });
    expect(far.figure.confidence).toBeLessThan(CONFIDENCE_BAR);
  });

  it('gives the X-factor as the difference of the turns shown, so the three figures add up', () => {
    const faceOn = views(at(74, 0.9), at(28, 0.9), at(46, 0.9));
    const dtl = views(at(86, 0.7), at(34, 0.95), at(52, 0.7));
    const shoulders = figureFromViews('shoulderTurn', faceOn, dtl)!.figure.value!;
    const hips = figureFromViews('hipRotation', faceOn, dtl)!.figure.value!;
    const x = figureFromViews('xFactor', faceOn, dtl)!;
    expect(x.fromView).toBe('both');
    expect(x.figure.value).toBe(Math.round(shoulders) - Math.round(hips));
    expect(x.figure.note).toBe(BOTH_VIEWS_WORDS.xFactor);
    // One view's hips withheld: its shoulders still count, and the X-factor uses the hips there are.
    const noHips = figureFromViews('xFactor', views(at(74), withheld('uncertain'), withheld('uncertain')), dtl)!;
    expect(noHips.figure.value).toBe(Math.round(figureFromViews('shoulderTurn', views(at(74)), dtl)!.figure.value!) - 34);
  });

  // [what, face-on shoulders/hips/X-factor, down-the-line shoulders/hips/X-factor, X-factor shown]
  it.each([
    // Both videos, the hips averaged to 41.7° (as tour pro B's, bench:accuracy): 95.2° and 41.7° shown as 95° and 42°.
    ['both videos: the whole degrees shown, 95 - 42', [74, 39.8, 34.2], [95.2, 43.6, 51.6], 53],
    ['one video from behind: 95 - 44, not 51.6 rounded to 52', undefined, [95.2, 43.6, 51.6], 51],
    ['one video face-on, past the limit: 70 - 28', [74, 27.9, 46.1], undefined, 42],
    ['a difference already whole stays as it is', undefined, [86.1, 34.4, 51.7], 52],
  ] as const)('the X-factor adds up with the turns beside it in whole degrees: %s', (_what, faceOn, downTheLine, shown) => {
    const read = (v: readonly [number, number, number] | undefined) => v && views(at(v[0]), at(v[1]), at(v[2]));
    expect(figureFromViews('xFactor', read(faceOn), read(downTheLine))!.figure.value).toBe(shown);
  });

  it('gives the difference when each turn comes from the other video, and leaves an X-factor that is no difference as read', () => {
    // Shoulders withheld face-on and hips from behind: each video gives the turn the other lacks.
    const found = figureFromViews('xFactor', views(withheld('uncertain'), at(30.4, 0.7), at(40.6)), views(at(86.3, 0.8), withheld('uncertain'), withheld('uncertain')))!;
    expect(found).toMatchObject({ figure: { value: 86 - 30, confidence: 0.7, measurable: true }, fromView: 'both' });
    // An older edition's X-factor, read otherwise than as the difference, is shown as it was stored.
    expect(figureFromViews('xFactor', undefined, views(at(86.3), at(34.4), at(47.5)))!.figure.value).toBe(47.5);
  });

  it('withholds the X-factor when a turn it needs is withheld, and keeps one video\'s X-factor as that video read it', () => {
    const far = figureFromViews('xFactor', views(at(60), at(30), at(30)), views(at(95), at(33), at(62)))!;
    expect(far.figure).toMatchObject({ measurable: false, withheld: 'uncertain', note: xFactorWithheldWords(false, true) });
    expect(figureFromViews('xFactor', views(at(74), at(28), at(46)), undefined)).toMatchObject({ figure: { value: 42 }, fromView: 'face-on' });
  });

  it('takes a figure only one view can give from that view', () => {
    expect(figureFromViews('headSway', { headSway: at(0.2) }, { headSway: withheld('view') })).toMatchObject({ figure: { value: 0.2 }, fromView: 'face-on' });
    expect(figureFromViews('spineAngleAddress', { spineAngleAddress: withheld('view') }, { spineAngleAddress: at(38) })).toMatchObject({ figure: { value: 38 }, fromView: 'down-the-line' });
  });
});

describe('a face-on shoulder turn past FACE_ON_SHOULDER_LIMIT_DEG is a lower limit', () => {
  type F = { value: number | null; measurable: boolean; confidence: number; withheld?: 'view' | 'uncertain'; note?: string; atLeast?: boolean };
  const at = (value: number, confidence = 0.9): F => ({ value, measurable: true, confidence, note: 'read' });
  const views = (shoulderTurn?: F, hipRotation?: F, xFactor?: F) => ({ shoulderTurn, hipRotation, xFactor });

  it.each([
    [FACE_ON_SHOULDER_LIMIT_DEG - 0.1, false],
    [FACE_ON_SHOULDER_LIMIT_DEG, true],
    [84, true],
  ])('face-on shoulders %d: a lower limit %s, and so is the X-factor read from them', (shoulders, limit) => {
    const read = withFaceOnLimits(views(at(shoulders), at(30), at(shoulders - 30)))!;
    expect(read.shoulderTurn!.atLeast ?? false).toBe(limit);
    expect(read.xFactor!.atLeast ?? false).toBe(limit);
    expect(read.hipRotation!.atLeast).toBeUndefined();
    if (limit) expect(read.shoulderTurn!.note).toBe(LOWER_LIMIT_WORDS.shoulderTurn);
  });

  it.each([
    // shoulders read, hips, X-factor read → shoulders shown, X-factor shown
    [69.9, 30, 39.9, 69.9, 39.9],
    [70, 30, 40, 70, 40],
    // The shared phone clip read 83.7°, and mirrored 89.9°: both are shown as the limit.
    [83.7, 27.9, 55.8, 70, 42.1],
    [89.9, 41.2, 48.7, 70, 28.8],
  ])('face-on shoulders read %d° (hips %d°, X-factor %d°) are shown as %d°, the X-factor as %d°: past the limit the reading is scatter', (shoulders, hips, x, shownShoulders, shownX) => {
    const read = withFaceOnLimits(views(at(shoulders), at(hips), at(x)))!;
    expect(read.shoulderTurn!.value).toBe(shownShoulders);
    expect(read.xFactor!.value).toBe(shownX);
    expect(read.hipRotation!.value).toBe(hips);
  });

  it('leaves withheld figures and absent views as they are', () => {
    const held: F = { value: null, measurable: false, confidence: 0.2, withheld: 'uncertain' };
    expect(withFaceOnLimits(views(held))).toEqual(views(held));
    expect(withFaceOnLimits(undefined)).toBeUndefined();
  });

  it('the lower limit\'s words carry no figure, so the figure is read once, on its scale', () => {
    for (const words of Object.values(LOWER_LIMIT_WORDS)) expect(words.match(/\d+/g) ?? []).toEqual(words === LOWER_LIMIT_WORDS.shoulderTurn ? ['70'] : []);
  });

  it('is judged only when even the limit is above the target: short of it, nothing is said', () => {
    const target = MOBILITY_TARGETS.shoulderTurn;
    expect(figureVerdict({ value: 74, atLeast: true }, target)).toBeNull();
    expect(figureVerdict({ value: 90, atLeast: true }, target)).toBeNull();
    expect(figureVerdict({ value: 97, atLeast: true }, target)).toBe('above');
    expect(figureVerdict({ value: 74 }, target)).toBe('below');
  });

  // Face-on hips are read to about a model pixel of their outline's width (faceOnHipResolution): 7-9° here.
  it.each<[number, 'face-on' | 'down-the-line' | 'both', number, 'below' | 'within' | 'above' | null]>([
    [28, 'face-on', 9, 'below'], // 12° short: more than a pixel's worth
    [32, 'face-on', 8, null], // 8° short: as near as the front can tell
    [39, 'face-on', 7, null],
    [42, 'face-on', 7, 'within'],
    [39, 'down-the-line', 0, 'below'], // from behind the hips are read finely
    [39, 'both', 0, 'below'],
  ])('judges a %d° hip turn from %s with a margin of %d°: %s', (value, fromView, margin, verdict) => {
    const marginDeg = figureMarginDeg('hipRotation', fromView, value);
    expect(marginDeg).toBe(margin);
    expect(figureVerdict({ value, marginDeg }, MOBILITY_TARGETS.hipRotation)).toBe(verdict);
    expect(nearTarget({ value, marginDeg }, MOBILITY_TARGETS.hipRotation)).toBe(verdict === null);
  });

  it('gives no margin to any other figure, nor to a lower limit', () => {
    expect(figureMarginDeg('shoulderTurn', 'face-on', 80)).toBe(0);
    expect(figureMarginDeg('xFactor', 'face-on', 35)).toBe(0);
    expect(nearTarget({ value: 74, atLeast: true, marginDeg: 20 }, MOBILITY_TARGETS.shoulderTurn)).toBe(false);
  });

  it('face-on alone: the shoulders and the X-factor shown as limits; with a reading from behind above it, that reading and the X-factor from it', () => {
    const faceOn = views(at(74), at(28), at(46));
    expect(figureFromViews('shoulderTurn', faceOn, undefined)).toMatchObject({ figure: { value: 70, atLeast: true }, fromView: 'face-on' });
    expect(figureFromViews('xFactor', faceOn, undefined)).toMatchObject({ figure: { value: 42, atLeast: true, note: LOWER_LIMIT_WORDS.xFactor }, fromView: 'face-on' });
    const dtl = views(at(86, 0.7), at(34, 0.9), at(52, 0.7));
    const shoulders = figureFromViews('shoulderTurn', faceOn, dtl)!.figure;
    expect(shoulders).toMatchObject({ value: 86, confidence: 0.7, note: LOWER_LIMIT_WORDS.aboveFrontLimit });
    expect(shoulders.atLeast).toBeUndefined();
    const x = figureFromViews('xFactor', faceOn, dtl)!.figure;
    expect(x.atLeast).toBeUndefined();
    expect(x.value).toBeCloseTo(86 - figureFromViews('hipRotation', faceOn, dtl)!.figure.value!, 9);
    // Shoulders from behind withheld: the face-on limit is the shoulder figure, and the X-factor from it is a limit.
    const noShoulders = views({ value: null, measurable: false, confidence: 0.3, withheld: 'uncertain' }, at(34, 0.9), { value: null, measurable: false, confidence: 0, withheld: 'uncertain' });
    expect(figureFromViews('xFactor', faceOn, noShoulders)).toMatchObject({ figure: { atLeast: true }, fromView: 'both' });
  });
});
