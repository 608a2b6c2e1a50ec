import type { ColumnType, Generated } from 'kysely';
import type { OutboxTable } from '@swingfit/server-kit';

/** The `core` schema (gateway + analysis-worker). */
export const CORE_SCHEMA = 'core';

// Optional on insert (the column's default applies). Not wrapped in Generated<>: that would make
// selects return the ColumnType wrapper instead of Date.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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
  streak: Generated<number>;
  monthly_points: Generated<number>;
  weekly_points: Generated<number>;
  total_points: Generated<number>;
  is_premium: Generated<boolean>;
  video_uploads_used: Generated<number>;
  analysis_views_used: Generated<number>;
  workout_views_used: Generated<number>;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  subscription_end_date: Date | null;
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
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
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
}
