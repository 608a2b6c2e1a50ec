import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from '../schema.js';

/** A plan's allowances as the admin list shows them; 999 (UNLIMITED) means no limit. */
export const PlanAllowance = Type.Object({
  videoUploads: Type.Integer(),
  analysisViews: Type.Integer(),
  workoutViews: Type.Integer(),
});
export type PlanAllowance = Static<typeof PlanAllowance>;

/** One row of the admin user list (specification section 2, Admin). */
export const AdminUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  isPremium: Type.Boolean(),
  createdAt: IsoDateTime,
  totalPoints: Type.Integer(),
  weeklyPoints: Type.Integer(),
  videoUploadsUsed: Type.Integer(),
  analysisViewsUsed: Type.Integer(),
  workoutViewsUsed: Type.Integer(),
  limits: PlanAllowance,
});
export type AdminUser = Static<typeof AdminUser>;

export const AdminUserList = Type.Array(AdminUser);
export type AdminUserList = Static<typeof AdminUserList>;

export const AdminStats = Type.Object({
  total: Type.Integer(),
  premium: Type.Integer(),
  free: Type.Integer(),
});
export type AdminStats = Static<typeof AdminStats>;

export const USAGE_FIELDS = ['videoUploadsUsed', 'analysisViewsUsed', 'workoutViewsUsed'] as const;
export type UsageField = (typeof USAGE_FIELDS)[number];

export const ResetUsageBody = Type.Object(
  { field: Type.Union(USAGE_FIELDS.map((f) => Type.Literal(f))) },
  { additionalProperties: false },
);
export type ResetUsageBody = Static<typeof ResetUsageBody>;

/** The message is the toast text of specification section 8 ('Successfully reset {field} for user'). */
export const ResetUsageResponse = Type.Object({ message: Type.String(), user: AdminUser });
export type ResetUsageResponse = Static<typeof ResetUsageResponse>;

export const AdminSession = Type.Object({ admin: Type.Literal(true) });
export type AdminSession = Static<typeof AdminSession>;

export const INVALID_ADMIN_PASSWORD = 'Invalid admin password';
