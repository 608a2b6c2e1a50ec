import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable } from '../schema.js';

/** Notification types of specification section 3. */
export const NotificationType = Type.Union([
  Type.Literal('exercise_completion'),
  Type.Literal('streak_milestone'),
  Type.Literal('weekly_reset'),
  Type.Literal('upload_success'),
  Type.Literal('leaderboard_update'),
  Type.Literal('achievement'),
  Type.Literal('other'),
]);
export type NotificationType = Static<typeof NotificationType>;

export const Notification = Type.Object({
  id: Type.Integer(),
  type: NotificationType,
  title: Type.String(),
  message: Type.String(),
  isRead: Type.Boolean(),
  createdAt: IsoDateTime,
});
export type Notification = Static<typeof Notification>;
export const NotificationList = Type.Array(Notification);

/** Path parameter of the notification routes. */
export const NotificationIdParam = Type.Object({ id: Id() });

/** Page size of GET /api/notifications (the header and the panel read the first page). */
export const NOTIFICATIONS_PAGE = { default: 30, max: 100 } as const;

/**
 * GET /api/notifications?limit=&before=: newest first; `before` is the id of the last notification of
 * the previous page. The answer stays the specification's plain array; the response header
 * UNREAD_COUNT_HEADER carries the golfer's unread total over every page.
 */
export const NotificationsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: NOTIFICATIONS_PAGE.max })),
  // Ids are bigserial; past the largest safe integer the value cannot be an id (PostgreSQL would refuse it with a 500).
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
});
export type NotificationsQuery = Static<typeof NotificationsQuery>;
export const UNREAD_COUNT_HEADER = 'x-unread-count';

/** How many golfers the leaderboard lists. */
export const LEADERBOARD_SIZE = 100;

/**
 * GET /api/leaderboard and /api/monthly-leaderboard: this calendar month (America/Chicago), highest
 * first, top LEADERBOARD_SIZE. `rank` is competition ranking: golfers with equal points share a rank
 * and the next rank skips (1, 2, 2, 4).
 */
export const LeaderboardEntry = Type.Object({
  id: Type.Integer(),
  firstName: Nullable(Type.String()),
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  monthlyPoints: Type.Integer(),
  rank: Type.Integer({ minimum: 1 }),
});
export type LeaderboardEntry = Static<typeof LeaderboardEntry>;
export const Leaderboard = Type.Array(LeaderboardEntry);

/** GET /api/users/{id}/monthly-position. */
export const MonthlyPosition = Type.Object({ position: Type.Integer({ minimum: 1 }), monthlyPoints: Type.Integer() });
export type MonthlyPosition = Static<typeof MonthlyPosition>;

/** GET /api/points/summary: windows derived from the ledger (week from Sunday 00:00, month from the 1st, Central Time). */
export const PointsSummary = Type.Object({
  totalPoints: Type.Integer(),
  monthlyPoints: Type.Integer(),
  weeklyPoints: Type.Integer(),
  position: Type.Integer({ minimum: 1 }),
});
export type PointsSummary = Static<typeof PointsSummary>;

/** GET /api/points/daily: the caller's points on each Central Time day of this month, up to today. */
export const DailyPoints = Type.Object({
  /** The 1st of this month, YYYY-MM-DD. */
  month: Type.String({ format: 'date' }),
  days: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), points: Type.Integer({ minimum: 0 }) })),
});
export type DailyPoints = Static<typeof DailyPoints>;
