import type { ColumnType, Generated } from 'kysely';
import type { OutboxTable } from '@swingfit/server-kit';
import type { NotificationType } from '@swingfit/contracts';

/** The `gamification` schema: the points ledger is the truth for every points figure. */
export const GAMIFICATION_SCHEMA = 'gamification';

/** Defaults to now() on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/**
 * A calendar date column, written as 'YYYY-MM-DD'. node-postgres would read it back as a Date at local
 * midnight, so queries select it cast to text (`period_start::text`) and get the same string back.
 */
type CalendarDate = ColumnType<string, string, string>;

export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  points: number;
  /** 'exercise' or 'upload'. */
  reason: string;
  /** What earned the points, as a natural key ('exercise:completion:42'): one award per cause. */
  cause: string;
  /** The event that earned the points, and its type. */
  source_event_id: string;
  source_type: string;
  base_points: number;
  /** The Central Time day the points count for (day, week and month totals). */
  award_day: CalendarDate;
  /** numeric(4,2); server-kit parses numeric and bigint as numbers. */
  multiplier: number;
  occurred_at: Timestamp;
}

/** A golfer's all-time figures, and the version of their points snapshot (+1 per award). */
export interface GolferPointsTable {
  user_id: number;
  total_points: Generated<number>;
  exercises_completed: Generated<number>;
  uploads: Generated<number>;
  version: Generated<number>;
  updated_at: Generated<Timestamp>;
}

export type PointsPeriod = 'day' | 'week' | 'month';

/** Points per golfer and Central Time day, week (starting Sunday) or month (starting the 1st). */
export interface PeriodPointsTable {
  user_id: number;
  period: PointsPeriod;
  period_start: CalendarDate;
  points: number;
}

/** How many golfers have exactly `points` in the month starting `period_start` (only figures above 0). */
export interface MonthPointCountsTable {
  period_start: CalendarDate;
  points: number;
  golfers: number;
}

/** Gamification's copy of the weekly streak, from exercise.completed (the gateway owns the streak). */
export interface GolferStreaksTable {
  user_id: number;
  weeks: number;
  last_week: CalendarDate;
  updated_at: Generated<Timestamp>;
}

export interface AchievementsTable {
  user_id: number;
  code: string;
  earned_at: Generated<Timestamp>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: NotificationType;
  title: string;
  message: string;
  /** Set for news that collapses into one unread notice per golfer (at most one unread row per topic). */
  topic: string | null;
  is_read: Generated<boolean>;
  created_at: Timestamp;
}

/** What the leaderboard shows about a golfer, learned from the gateway's account events. */
export interface UserProfilesTable {
  user_id: number;
  first_name: string | null;
  city: string | null;
  state: string | null;
  /** The account's profile version this copy is from (0 when made before any account event arrived). */
  profile_version: Generated<number>;
  updated_at: Generated<Timestamp>;
}

/** One row per weekly reset sent: a second run for the same week finds it and sends nothing. */
export interface WeeklyResetsTable {
  week: CalendarDate;
  notified: number;
  sent_at: Generated<Timestamp>;
}

export interface GamificationDatabase {
  points_ledger: PointsLedgerTable;
  golfer_points: GolferPointsTable;
  period_points: PeriodPointsTable;
  month_point_counts: MonthPointCountsTable;
  golfer_streaks: GolferStreaksTable;
  achievements: AchievementsTable;
  notifications: NotificationsTable;
  user_profiles: UserProfilesTable;
  weekly_resets: WeeklyResetsTable;
  outbox: OutboxTable;
  processed_events: { event_id: string; type: string; processed_at: Generated<Timestamp> };
}
