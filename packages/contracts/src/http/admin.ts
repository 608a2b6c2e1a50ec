import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from '../schema.js';
import { AnalysisStatus } from './analyses.js';

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

/** The admin list's page size: enough to fill a phone screen a few times, small enough to stay fast. */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
/**
 * The admin screen searches from 3 characters: below that the trigram index has nothing to use and a
 * search reads every row (pnpm bench:admin measures it). The API still answers shorter searches.
 */
export const ADMIN_SEARCH_MIN_LENGTH = 3;

/**
 * A keyset cursor: the id of the last row of the previous page (digits only, so it can never carry
 * SQL or anything else). Pages are newest first, so the next page holds ids below it.
 */
export const AdminCursor = Type.String({ pattern: '^[1-9][0-9]{0,15}$' });

/** GET /api/admin/users?search=&cursor=&limit=: newest first; `search` matches any part of the email. */
export const AdminUsersQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: ADMIN_SEARCH_MAX_LENGTH })),
    cursor: Type.Optional(AdminCursor),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: ADMIN_PAGE_SIZE })),
  },
  { additionalProperties: false },
);
export type AdminUsersQuery = Static<typeof AdminUsersQuery>;

/** One page of users; `nextCursor` is null on the last page. */
export const AdminUserPage = Type.Object({ users: Type.Array(AdminUser), nextCursor: Nullable(AdminCursor) });
export type AdminUserPage = Static<typeof AdminUserPage>;

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

/** The 401 and 403 messages of every admin route (the client sends the browser to /admin-login on either). */
export const ADMIN_SESSION_REQUIRED = 'Admin session required';
export const ADMIN_ONLY = 'Admin access only';

/** GET /api/admin/users/{userId}/analyses: a golfer's recent analyses, newest first, with why one failed. */
export const AdminAnalysis = Type.Object({
  id: Type.Integer(),
  createdAt: IsoDateTime,
  completedAt: Nullable(IsoDateTime),
  clubSelection: Type.String(),
  status: AnalysisStatus,
  /** technicalDetails.error of a failed analysis: the reason in the worker's words. */
  failureReason: Nullable(Type.String()),
  /** technicalDetails.message: what the golfer was told to do about it. */
  failureAdvice: Nullable(Type.String()),
  /** When a completed analysis was last measured again with a newer measurement (`analysis.remeasure`); null if never. */
  measuredAgainAt: Nullable(IsoDateTime),
  /**
   * Read by an older edition of the measurement, which the worker will measure again by itself
   * (contracts awaitsRemeasure), its sweep `analysis.remeasure-older` being scheduled (off with the worker's
   * REMEASURE_OLDER_BATCH=0, or when Redis cannot say: then false, nothing is promised).
   */
  awaitsRemeasure: Type.Boolean(),
});
export type AdminAnalysis = Static<typeof AdminAnalysis>;

/**
 * POST /api/admin/analyses/{id}/remeasure answers (202): the completed analysis will be measured again from its uploads with today's
 * measurement, after any golfer's upload that is waiting; or it already was waiting to be.
 */
export const RemeasureResponse = Type.Object({ analysisId: Type.Integer(), outcome: Type.Union([Type.Literal('queued'), Type.Literal('already queued')]) });
export type RemeasureResponse = Static<typeof RemeasureResponse>;

/** The answers a golfer's analysis that cannot be measured again gets. */
export const REMEASURE_ERRORS = {
  notFound: 'Analysis not found',
  notComplete: 'Only a completed analysis can be measured again',
} as const;
export const ADMIN_RECENT_ANALYSES = 20;
export const AdminUserAnalyses = Type.Object({ email: Type.String(), analyses: Type.Array(AdminAnalysis) });
export type AdminUserAnalyses = Static<typeof AdminUserAnalyses>;

/** What the audit log calls each admin action. */
export const AUDIT_ACTIONS = {
  signIn: 'sign-in',
  signInFailed: 'sign-in-failed',
  signOut: 'sign-out',
  resetUsage: 'reset-usage',
  retryJob: 'retry-job',
  /** The retry was logged, then the queue refused to move the job: this line says it did not happen. */
  retryJobFailed: 'retry-job-failed',
  removeJob: 'remove-job',
  importVideos: 'import-videos',
  replayEvent: 'replay-event',
  remeasureAnalysis: 'remeasure-analysis',
} as const;

/** One line of the admin audit log: who (admin session, IP), what, when, for which golfer. */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  occurredAt: IsoDateTime,
  action: Type.String(),
  adminSessionId: Nullable(Type.Integer()),
  targetUserId: Nullable(Type.Integer()),
  /** The golfer's email as it is now (null when there is no target or the account is gone). */
  targetEmail: Nullable(Type.String()),
  detail: Type.Record(Type.String(), Type.Unknown()),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
});
export type AuditEntry = Static<typeof AuditEntry>;

/** GET /api/admin/audit?cursor=&limit=: newest first, keyset-paged like the user list. */
export const AuditQuery = Type.Object(
  {
    cursor: Type.Optional(AdminCursor),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: ADMIN_PAGE_SIZE })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;
export const AuditPage = Type.Object({ entries: Type.Array(AuditEntry), nextCursor: Nullable(AdminCursor) });
export type AuditPage = Static<typeof AuditPage>;

