import { describe, expect, it } from 'vitest';
import { MOBILITY_TARGETS, extractMobilityValue, parseJsonField, targetVerdict, type MobilityKind } from '../src/index.js';

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
