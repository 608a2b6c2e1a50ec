import type { ColumnType, Generated } from 'kysely';
import type { OutboxTable } from '@swingfit/server-kit';
import type { NotificationType } from '@swingfit/contracts';

/** The `gamification` schema: the points ledger is the truth for every points figure. */
export const GAMIFICATION_SCHEMA = 'gamification';

/** Defaults to now() on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  points: number;
  reason: string;
  /** The event that earned the points: one award per event, whatever the delivery count. */
  source_event_id: string;
  occurred_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: NotificationType;
  title: string;
  message: string;
  is_read: Generated<boolean>;
  created_at: Timestamp;
}

/** What the leaderboard shows about a golfer, learned from the gateway's account events. */
export interface UserProfilesTable {
  user_id: number;
  first_name: string | null;
  city: string | null;
  state: string | null;
  updated_at: Generated<Timestamp>;
}

export interface GamificationDatabase {
  points_ledger: PointsLedgerTable;
  notifications: NotificationsTable;
  user_profiles: UserProfilesTable;
  outbox: OutboxTable;
  processed_events: { event_id: string; type: string; processed_at: Generated<Timestamp> };
}
