import { POINTS } from '../constants.js';
import { addDays, centralWeek, daysBetween } from './calendar.js';
import { streakTier } from './streak.js';

/*
 * Points and the weekly streak, specification section 9. The streak is read in weeks (Sunday 00:00 to
 * Saturday, America/Chicago): +1 for each week with at least one completed exercise, back to 0 after a
 * week without one, and the current week counts as soon as it has one. These functions are the ONE
 * place that decides an award: the gateway answers `pointsAwarded` with them and gamification writes
 * the same figure to its ledger, so the two can never disagree.
 */

export interface ExerciseAward {
  basePoints: number;
  multiplier: number;
  /** Points for one completed exercise: the tier's figure as section 9 prints it (1.25x of 5 is 6). */
  points: number;
}

/** What one completed exercise earns on a day whose streak (including that day's week) is `streakWeeks`. */
export function exerciseAward(streakWeeks: number): ExerciseAward {
  const tier = streakTier(streakWeeks);
  return { basePoints: POINTS.perExercise, multiplier: tier.multiplier, points: tier.pointsPerExercise };
}

/** What one swing video upload earns; no multiplier applies (section 9). */
export const UPLOAD_AWARD = { basePoints: POINTS.perUpload, multiplier: 1, points: POINTS.perUpload } as const;

/** The figures of an award, as the ledger records them (base x multiplier = points). */
export interface AwardFigures {
  basePoints: number;
  multiplier: number;
  points: number;
}

/**
 * The ledger entry that takes an award back (an upload whose analysis failed): the same figures negated
 * (the multiplier stays, so base x multiplier = points still holds), so every sum the award added to
 * returns exactly to what it was. `0 - x` rather than `-x`: a 0-point figure stays 0, not -0.
 */
export function reversalOf(award: AwardFigures): AwardFigures {
  return { basePoints: 0 - award.basePoints, multiplier: award.multiplier, points: 0 - award.points };
}

/** A golfer's weekly streak: how many weeks in a row, ending with `lastWeek` (a Sunday, YYYY-MM-DD). */
export interface StreakState {
  weeks: number;
  lastWeek: string | null;
}

export const NO_STREAK: StreakState = { weeks: 0, lastWeek: null };

const WEEK_DAYS = 7;

/**
 * The streak after an exercise completed in the week starting `week` (a Sunday). The same week again
 * changes nothing; the week right after the last one adds one; any later week starts again at 1. A
 * week older than the last one (a late message) cannot move the streak backwards, so it is ignored.
 */
export function advanceStreak(state: StreakState, week: string): StreakState {
  if (!state.lastWeek) return { weeks: 1, lastWeek: week };
  const gap = daysBetween(state.lastWeek, week);
  if (gap <= 0) return state;
  if (gap === WEEK_DAYS) return { weeks: state.weeks + 1, lastWeek: week };
  return { weeks: 1, lastWeek: week };
}

/**
 * The streak as the golfer sees it at `now`: still alive while its last week is this week or the one
 * before (this week may still get its exercise); 0 once a whole week has passed without one.
 */
export function currentStreak(state: StreakState, now: Date): number {
  if (!state.lastWeek || state.weeks <= 0) return 0;
  const thisWeek = centralWeek(now).date;
  return state.lastWeek === thisWeek || state.lastWeek === addDays(thisWeek, -WEEK_DAYS) ? state.weeks : 0;
}

/**
 * Whether a golfer with `monthlyPoints` this month has a place on the monthly leaderboard. Without points
 * they have none: everyone at 0 would share a rank (1st on the 1st of the month). The board's page, the
 * top-3 news and its correction read this one rule.
 */
export const rankedThisMonth = (monthlyPoints: number): boolean => monthlyPoints > 0;
