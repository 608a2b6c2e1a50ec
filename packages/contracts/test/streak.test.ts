import { describe, expect, it } from 'vitest';
import { streakTier, streakTierLabel } from '../src/index.js';

// Section 9: 0-2 → 1.0x (5); 3-4 → 1.25x (6); 5-6 → 1.5x (8); 7-9 → 2.0x (10); 10-14 → 2.5x (13); 15+ → 3.0x (15).
const table: Array<[streak: number, multiplier: number, points: number]> = [
  [0, 1.0, 5],
  [2, 1.0, 5],
  [3, 1.25, 6],
  [4, 1.25, 6],
  [5, 1.5, 8],
  [6, 1.5, 8],
  [7, 2.0, 10],
  [9, 2.0, 10],
  [10, 2.5, 13],
  [14, 2.5, 13],
  [15, 3.0, 15],
  [52, 3.0, 15],
];

describe('streakTier', () => {
  it.each(table)('streak %i → %fx, %i points per exercise', (streak, multiplier, points) => {
    expect(streakTier(streak)).toMatchObject({ multiplier, pointsPerExercise: points });
  });
  it.each([-3, Number.NaN, 2.9])('treats odd input %f as its floor, never below the first tier', (streak) => {
    expect(streakTier(streak).min).toBe(0);
  });
  it('labels the tier', () => {
    expect(streakTierLabel(0)).toBe('1.0x points · 5 per exercise');
    expect(streakTierLabel(3)).toBe('1.25x points · 6 per exercise');
    expect(streakTierLabel(20)).toBe('3.0x points · 15 per exercise');
  });
});
