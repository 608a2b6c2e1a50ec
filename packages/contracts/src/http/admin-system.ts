import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from '../schema.js';

/*
 * The operator's view (/admin/system, GET /api/admin/system): what the background machinery is doing,
 * read from BullMQ and PostgreSQL at the moment of asking.
 */

/** BullMQ's states as the page shows them ('waiting' includes prioritized jobs: both are ready to run). */
export const QueueCounts = Type.Object({
  waiting: Type.Integer(),
  active: Type.Integer(),
  delayed: Type.Integer(),
  completed: Type.Integer(),
  failed: Type.Integer(),
});
export type QueueCounts = Static<typeof QueueCounts>;

/** How many of a queue's failed jobs the page lists (newest first); the count says how many there are. */
export const ADMIN_FAILED_JOBS_SHOWN = 20;

export const FailedJob = Type.Object({
  id: Type.String(),
  name: Type.String(),
  failedReason: Type.String(),
  attemptsMade: Type.Integer(),
  enqueuedAt: IsoDateTime,
  failedAt: Nullable(IsoDateTime),
  /** What the job was about, when its data says: the analysis, or the event and its golfer. */
  analysisId: Nullable(Type.Integer()),
  eventType: Nullable(Type.String()),
  userId: Nullable(Type.Integer()),
});
export type FailedJob = Static<typeof FailedJob>;

/** One queue; `error` (and null counts) when Redis could not be read for it. */
export const QueueView = Type.Object({
  name: Type.String(),
  counts: Nullable(QueueCounts),
  failedJobs: Type.Array(FailedJob),
  error: Nullable(Type.String()),
});
export type QueueView = Static<typeof QueueView>;

/** A service's unsent outbox events; null figures with `error` when the service did not say (unknown). */
export const OutboxLag = Type.Object({
  service: Type.String(),
  unsent: Nullable(Type.Integer()),
  oldestUnsentAgeMs: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
});
export type OutboxLag = Static<typeof OutboxLag>;

export const ANALYSIS_WINDOW_HOURS = 24;

/** Analyses created in the last 24 hours by status, and how long finished ones took (upload to complete). */
export const AnalysesWindow = Type.Object({
  since: IsoDateTime,
  total: Type.Integer(),
  byStatus: Type.Object({ pending: Type.Integer(), processing: Type.Integer(), complete: Type.Integer(), failed: Type.Integer() }),
  turnaround: Type.Object({ measured: Type.Integer(), medianMs: Nullable(Type.Integer()), p95Ms: Nullable(Type.Integer()) }),
});
export type AnalysesWindow = Static<typeof AnalysesWindow>;

/** Which Stripe the billing service talks to; null until billing reports it. */
export const PaymentsMode = Type.Object({ stripeMode: Nullable(Type.Union([Type.Literal('test'), Type.Literal('live')])) });
export type PaymentsMode = Static<typeof PaymentsMode>;

export const SystemView = Type.Object({
  generatedAt: IsoDateTime,
  queues: Type.Array(QueueView),
  outbox: Type.Array(OutboxLag),
  analyses: AnalysesWindow,
  payments: PaymentsMode,
});
export type SystemView = Static<typeof SystemView>;

/** POST /api/admin/queues/{queue}/jobs/{jobId}/retry and DELETE /api/admin/queues/{queue}/jobs/{jobId}. */
export const QueueJobParams = Type.Object({
  queue: Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9-]+$' }),
  jobId: Type.String({ minLength: 1, maxLength: 200 }),
});
export type QueueJobParams = Static<typeof QueueJobParams>;
export const RetryJobResponse = Type.Object({ retried: Type.Literal(true) });
export const RemoveJobResponse = Type.Object({ removed: Type.Literal(true) });
