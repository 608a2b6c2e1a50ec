import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable } from '../schema.js';

/*
 * GET /api/auth/devices: the golfer's signed-in devices; `current` marks the one asking.
 * (GET /api/user-sessions/{userId} is the golfer's workout days: WorkoutDayList in http/workouts.ts.)
 */
export const SignedInDevice = Type.Object({
  id: Type.Integer(),
  createdAt: IsoDateTime,
  lastSeenAt: IsoDateTime,
  userAgent: Nullable(Type.String()),
  current: Type.Boolean(),
});
export type SignedInDevice = Static<typeof SignedInDevice>;

export const SignedInDeviceList = Type.Array(SignedInDevice);
export type SignedInDeviceList = Static<typeof SignedInDeviceList>;

/** DELETE /api/auth/devices/{sessionId}: sign one of your own devices out. */
export const DeviceParams = Type.Object({ sessionId: Id() });
export type DeviceParams = Static<typeof DeviceParams>;

/** POST /api/auth/change-password: how many other devices were signed out. */
export const ChangePasswordResponse = Type.Object({ endedSessions: Type.Integer() });
export type ChangePasswordResponse = Static<typeof ChangePasswordResponse>;
