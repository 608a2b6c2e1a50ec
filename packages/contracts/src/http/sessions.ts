import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from '../schema.js';

/** GET /api/user-sessions/{userId}: one signed-in device; `current` marks the one asking. */
export const UserSession = Type.Object({
  id: Type.Integer(),
  createdAt: IsoDateTime,
  lastSeenAt: IsoDateTime,
  userAgent: Nullable(Type.String()),
  current: Type.Boolean(),
});
export type UserSession = Static<typeof UserSession>;

export const UserSessionList = Type.Array(UserSession);
export type UserSessionList = Static<typeof UserSessionList>;

/** DELETE /api/user-sessions/{userId}/{sessionId}: sign one of your devices out. */
export const UserSessionParams = Type.Object({ userId: Type.Integer({ minimum: 1 }), sessionId: Type.Integer({ minimum: 1 }) });
export type UserSessionParams = Static<typeof UserSessionParams>;

/** POST /api/auth/change-password: how many other devices were signed out. */
export const ChangePasswordResponse = Type.Object({ endedSessions: Type.Integer() });
export type ChangePasswordResponse = Static<typeof ChangePasswordResponse>;
