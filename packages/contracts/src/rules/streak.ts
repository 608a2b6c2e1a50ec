/**
 * Streak tiers of specification section 9: the longer the streak, the more each completed exercise is worth.
 * The spec reads the streak in weeks in two places and in days in one; the table is the same either way.
 */
export interface StreakTier {
  /** Lowest streak in the tier (inclusive). */
  min: number;
  /** Highest streak in the tier (inclusive); null for the open-ended top tier. */
  max: number | null;
  multiplier: number;
  pointsPerExercise: number;
}

export const STREAK_TIERS: readonly StreakTier[] = [
  { min: 0, max: 2, multiplier: 1.0, pointsPerExercise: 5 },
  { min: 3, max: 4, multiplier: 1.25, pointsPerExercise: 6 },
  { min: 5, max: 6, multiplier: 1.5, pointsPerExercise: 8 },
  { min: 7, max: 9, multiplier: 2.0, pointsPerExercise: 10 },
  { min: 10, max: 14, multiplier: 2.5, pointsPerExercise: 13 },
  { min: 15, max: null, multiplier: 3.0, pointsPerExercise: 15 },
];

/** The tier for a streak; a missing, negative or fractional streak counts as its whole part, never below 0. */
export function streakTier(streak: number): StreakTier {
  const s = Number.isFinite(streak) ? Math.max(0, Math.floor(streak)) : 0;
  for (let i = STREAK_TIERS.length - 1; i >= 0; i--) {
    const tier = STREAK_TIERS[i]!;
    if (s >= tier.min) return tier;
  }
  return STREAK_TIERS[0]!;
}

/** Short label shown under the Week Streak card, written as the spec writes tiers: "1.0x", "1.25x". */
export function streakTierLabel(streak: number): string {
  const t = streakTier(streak);
  const m = Number.isInteger(t.multiplier * 10) ? t.multiplier.toFixed(1) : t.multiplier.toFixed(2);
  return `${m}x points · ${t.pointsPerExercise} per exercise`;
}
