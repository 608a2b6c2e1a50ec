import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from '../schema.js';

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
export const NotificationIdParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** GET /api/leaderboard and /api/monthly-leaderboard: this calendar month (America/Chicago), highest first. */
export const LeaderboardEntry = Type.Object({
  id: Type.Integer(),
  firstName: Nullable(Type.String()),
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  monthlyPoints: Type.Integer(),
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
