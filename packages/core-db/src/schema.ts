import type { ColumnType, Generated } from 'kysely';
import type { OutboxTable } from '@swingfit/server-kit';

/** The `core` schema (gateway + analysis-worker). */
export const CORE_SCHEMA = 'core';

// Optional on insert (the column's default applies). Not wrapped in Generated<>: that would make
// selects return the ColumnType wrapper instead of Date.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/**
 * A PostgreSQL `date`: written as 'YYYY-MM-DD'. node-postgres reads it as a local-midnight Date unless
 * the query casts it to text, so readers either cast (`::text`) or convert with calendarDateText().
 */
type CalendarDate = ColumnType<string | Date, string, string>;
type JsonList = ColumnType<string[], string | undefined, string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  auth_provider: 'local' | 'oidc';
  oidc_subject: string | null;
  first_name: string | null;
  last_name: string | null;
  handicap: number | null;
  city: string | null;
  state: string | null;
  /** Length of the weekly streak in weeks, as of `streak_week` (the user record shows currentStreak of both). */
  streak: Generated<number>;
  /** The Sunday (Central Time) of the last week with a completed exercise; null before the first. */
  streak_week: CalendarDate | null;
  monthly_points: Generated<number>;
  weekly_points: Generated<number>;
  total_points: Generated<number>;
  /** Version of the points snapshot the four figures above come from (gamification's points.awarded). */
  points_version: Generated<number>;
  /**
   * The Central Time week (its Sunday) and month (its 1st) that weekly_points and monthly_points count.
   * Written as 'YYYY-MM-DD'; node-postgres reads a date column as a Date at local midnight.
   */
  points_week: ColumnType<Date | string | null, string | null | undefined, string | null>;
  points_month: ColumnType<Date | string | null, string | null | undefined, string | null>;
  is_premium: Generated<boolean>;
  video_uploads_used: Generated<number>;
  analysis_views_used: Generated<number>;
  workout_views_used: Generated<number>;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  subscription_end_date: Date | null;
  /** 1 at registration, +1 per profile edit in the same transaction: the version the account events carry. */
  profile_version: Generated<number>;
  /** Billing's Stripe status ('none' without a subscription); null: billing never reported on this user. */
  subscription_status: string | null;
  subscription_plan: 'monthly' | 'annual' | null;
  subscription_cancel_at_period_end: Generated<boolean>;
  /** Version of billing's state this copy holds (0: none yet); only newer versions are applied. */
  subscription_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  /** null for admin sessions: the admin area signs in with a password, not an account. */
  user_id: number | null;
  /** sha256 of the cookie token: a database leak does not hand out live sessions. */
  token_hash: string;
  kind: 'user' | 'admin';
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface CoreDatabase {
  users: UsersTable;
  sessions: SessionsTable;
  swing_analyses: SwingAnalysesTable;
  upload_allowances: UploadAllowancesTable;
  outbox: OutboxTable;
  processed_events: { event_id: string; type: string; processed_at: Timestamp };
  admin_audit: AdminAuditTable;
  exercises: ExercisesTable;
  exercise_videos: ExerciseVideosTable;
  daily_workouts: DailyWorkoutsTable;
  daily_workout_exercises: DailyWorkoutExercisesTable;
  exercise_completions: ExerciseCompletionsTable;
  exercise_logs: ExerciseLogsTable;
}

/** What an admin did (append-only: a trigger refuses updates and deletes). */
export interface AdminAuditTable {
  id: Generated<number>;
  occurred_at: Timestamp;
  /** e.g. 'sign-in', 'sign-in-failed', 'reset-usage', 'import-videos', 'replay-event'. */
  action: string;
  /** The admin session that acted (the admin area signs in with a password, so the session is the "who"). */
  admin_session_id: number | null;
  target_user_id: number | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  ip: string | null;
  user_agent: string | null;
}

export interface SwingAnalysesTable {
  id: Generated<number>;
  user_id: number;
  status: 'pending' | 'processing' | 'complete' | 'failed';
  club_selection: string;
  tour_comparison: 'pga' | 'lpga';
  gender: 'male' | 'female' | null;
  age: number | null;
  club_speed: number | null;
  ball_speed: number | null;
  carry: number | null;
  total: number | null;
  spin_rate: number | null;
  club_path: number | null;
  face_angle: number | null;
  face_on_key: string | null;
  down_the_line_key: string | null;
  media: ColumnType<Record<string, unknown>, string | undefined, string>;
  probe: ColumnType<unknown, string | null | undefined, string | null>;
  launch_monitor: ColumnType<unknown, string | null | undefined, string | null>;
  pose: ColumnType<unknown, string | null | undefined, string | null>;
  down_the_line_pose: ColumnType<unknown, string | null | undefined, string | null>;
  technical_details: ColumnType<unknown, string | null | undefined, string | null>;
  mobility_analysis: ColumnType<unknown, string | null | undefined, string | null>;
  analysis_results: ColumnType<unknown, string | null | undefined, string | null>;
  swing_strengths: ColumnType<string[], string | undefined, string>;
  swing_weaknesses: ColumnType<string[], string | undefined, string>;
  key_issues: ColumnType<string[], string | undefined, string>;
  recommendations: ColumnType<string[], string | undefined, string>;
  exercise_recommendations: ColumnType<unknown[], string | undefined, string>;
  performance_assessment: string | null;
  launch_monitor_assessment: string | null;
  upload_week: ColumnType<string, string, string>;
  attempts: Generated<number>;
  /** How often the reconciler re-queued this analysis after it was found stuck with no live job. */
  requeues: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
  /**
   * When the stored figures were measured: as it completed, or when `pnpm analyses:remeasure` measured it
   * again. Which measurement the written part belongs to (a rewrite stores its text only onto the same one).
   */
  measured_at: Timestamp | null;
  /**
   * The edition of the worker's measurement that read the stored figures (its MEASUREMENT_EDITION); null
   * for analyses measured before editions were recorded, which count as older than any.
   */
  measurement_edition: number | null;
  /**
   * The edition whose remeasurement was tried and left the figures as they were (today's measurement
   * could not read the video, or kept failing): not tried again until a newer edition.
   */
  remeasure_tried_edition: number | null;
  /**
   * When the gateway gave this failed analysis' upload back (analysis.failed): the free upload counter went
   * down by one and the premium club allowance was returned. Set once, in the same transaction, so a
   * redelivered or second failure event returns nothing more.
   */
  upload_returned_at: Date | null;
  /**
   * When the golfer first opened this completed analysis: that view added one to their analysis_views_used
   * (the admin's Analysis Views counter); opening it again counts nothing more.
   */
  first_viewed_at: Date | null;
}

/** The golfer's launch-monitor numbers of an analysis row, in the API's names (worker and gateway both read them). */
export function launchNumbersOf(row: Pick<SwingAnalysesTable, 'club_speed' | 'ball_speed' | 'carry' | 'total' | 'spin_rate' | 'club_path' | 'face_angle'>) {
  return {
    clubSpeed: row.club_speed,
    ballSpeed: row.ball_speed,
    carry: row.carry,
    total: row.total,
    spinRate: row.spin_rate,
    clubPath: row.club_path,
    faceAngle: row.face_angle,
  };
}

export interface UploadAllowancesTable {
  id: Generated<number>;
  user_id: number;
  club_selection: string;
  upload_week: ColumnType<string, string, string>;
  analysis_id: number;
  created_at: Timestamp;
  /** Set when the analysis failed and its upload was given back: the week's club allowance is not spent. */
  returned_at: Date | null;
}

/** 'YYYY-MM-DD' of a `date` column value, whichever way node-postgres handed it over. */
export function calendarDateText(value: string | Date): string {
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

export interface ExercisesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  instructions: JsonList;
  coaching_cues: JsonList;
  /** One of the seven focus-area categories. */
  category: string;
  library_category: 'mobility' | 'strength' | 'balance';
  target: string;
  difficulty: number;
  duration_seconds: number;
  sets: number;
  repetitions: number | null;
  is_premium: Generated<boolean>;
  image_url: string | null;
  rating: number | null;
  equipment: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ExerciseVideosTable {
  id: Generated<number>;
  /** The spreadsheet's stable Video ID: a re-import updates the row with the same key. */
  video_key: string;
  exercise_id: number | null;
  title: string;
  youtube_id: string;
  duration_seconds: number | null;
  difficulty: number | null;
  category: string;
  focus_areas: JsonList;
  target_muscles: JsonList;
  equipment: string | null;
  instructor: string | null;
  view_count: Generated<number>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DailyWorkoutsTable {
  id: Generated<number>;
  user_id: number;
  workout_date: CalendarDate;
  analysis_id: number | null;
  focus_areas: JsonList;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DailyWorkoutExercisesTable {
  workout_id: number;
  position: number;
  exercise_id: number;
  focus_area: string;
}

export interface ExerciseCompletionsTable {
  id: Generated<number>;
  user_id: number;
  workout_date: CalendarDate;
  exercise_id: number;
  exercise_name: string;
  streak_weeks: number;
  base_points: number;
  multiplier: number;
  points: number;
  created_at: Timestamp;
}

export interface ExerciseLogsTable {
  id: Generated<number>;
  user_id: number;
  exercise_id: number | null;
  exercise_name: string;
  workout_date: CalendarDate;
  sets: Generated<number>;
  reps: Generated<number>;
  weight: Generated<number>;
  duration_seconds: number | null;
  notes: string | null;
  /** The client's key for the POST that saved it (a resend answers this entry); null without one. */
  idempotency_key: string | null;
  created_at: Timestamp;
}
