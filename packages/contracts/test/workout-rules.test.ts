import { describe, expect, it } from 'vitest';
import {
  FOCUS_CATEGORIES,
  categoryDisplayName,
  categoryIllustration,
  categorySlug,
  formatDuration,
  isFocusCategory,
  parseWorkoutNumber,
  workoutProgress,
} from '../src/index.js';

describe('workoutProgress', () => {
  it.each([
    [0, 6, { completed: 0, total: 6, percentage: 0 }],
    [1, 6, { completed: 1, total: 6, percentage: 17 }],
    [2, 6, { completed: 2, total: 6, percentage: 33 }],
    [6, 6, { completed: 6, total: 6, percentage: 100 }],
    [0, 0, { completed: 0, total: 0, percentage: 0 }],
    [7, 6, { completed: 6, total: 6, percentage: 100 }],
  ])('%i of %i', (done, total, expected) => expect(workoutProgress(done, total)).toEqual(expected));
});

describe('parseWorkoutNumber (section 5: integers, missing or invalid is 0)', () => {
  it.each([
    ['12', 12],
    [' 3 ', 3],
    ['25.9', 25],
    ['25 lbs', 25],
    [7, 7],
    [7.8, 7],
    ['', 0],
    [undefined, 0],
    [null, 0],
    ['abc', 0],
    ['-4', 0],
    [Number.NaN, 0],
    [Infinity, 0],
    // Past the logs' bound is a slip, not a count: it was refused (400) or overflowed the column (500).
    ['1000000', 1_000_000],
    ['1000001', 0],
    ['99999999999', 0],
    [99_999_999_999, 0],
  ])('%j -> %i', (input, expected) => expect(parseWorkoutNumber(input)).toBe(expected));
});

describe('formatDuration (m:ss)', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [150, '2:30'],
    [600, '10:00'],
    [-3, '0:00'],
    [null, '0:00'],
  ])('%j -> %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});

describe('focus categories', () => {
  it('have file-safe slugs and drawings', () => {
    expect(FOCUS_CATEGORIES.map(categorySlug)).toEqual([
      'core-control-and-rotational-strength',
      'thoracic-spine-mobility',
      'lower-body-stability-and-strength',
      'pelvic-mobility-and-control',
      'shoulder-mobility-and-stability',
      'postural-integrity',
      'ankle-mobility-and-foot-function',
    ]);
    expect(categoryIllustration('Thoracic Spine Mobility')).toBe('/exercise-art/thoracic-spine-mobility.svg');
  });

  it('use the admin page’s name for Postural Integrity', () => {
    expect(categoryDisplayName('Postural Integrity')).toBe('Postural Integrity / Flexibility');
    expect(categoryDisplayName('Thoracic Spine Mobility')).toBe('Thoracic Spine Mobility');
    expect(isFocusCategory('Postural Integrity')).toBe(true);
    expect(isFocusCategory('Putting')).toBe(false);
  });
});
