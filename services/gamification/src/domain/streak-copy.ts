import { STREAK_TIERS, addDays, streakTier, type StreakState, type StreakTier } from '@swingfit/contracts';

/*
 * Gamification's copy of the weekly streak. The gateway owns the streak and reports it in every
 * exercise.completed (streakWeeks, including the completion's week); this copy keeps the newest report
 * so that a new tier is announced once. Events may arrive late or out of order, so a report only
 * replaces the copy when it is about a later week (or the same week with more weeks).
 */

const WEEK_DAYS = 7;

export interface StreakReport {
  /** The streak's new state: `weeks` in a row ending with the week starting `lastWeek` (a Sunday). */
  next: StreakState & { lastWeek: string };
  /** Whether `next` replaces the stored copy (false: an older or equal report, nothing to store). */
  newer: boolean;
  /** The tier the golfer just reached, when it is higher than the one they had; null otherwise. */
  milestone: StreakTier | null;
}

const tierIndex = (weeks: number) => STREAK_TIERS.indexOf(streakTier(weeks));

/** The streak the stored copy still gives during `week`: its weeks when it reaches the week before, else 0. */
function streakGoingInto(stored: StreakState | null, week: string): number {
  if (!stored?.lastWeek) return 0;
  return stored.lastWeek === week || stored.lastWeek === addDays(week, -WEEK_DAYS) ? stored.weeks : 0;
}

export function applyStreakReport(stored: StreakState | null, week: string, weeks: number): StreakReport {
  const next = { weeks, lastWeek: week };
  const newer = !stored?.lastWeek || week > stored.lastWeek || (week === stored.lastWeek && weeks > stored.weeks);
  if (!newer) return { next, newer, milestone: null };
  const reached = tierIndex(weeks);
  const milestone = reached > 0 && reached > tierIndex(streakGoingInto(stored, week)) ? STREAK_TIERS[reached]! : null;
  return { next, newer, milestone };
}
