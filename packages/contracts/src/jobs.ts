import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { EventEnvelope, EventPayload, EventType } from './events.js';

/*
 * SwingFit's background work, in one table (the model is Immich's JobName -> payload union):
 * every queue, every job on it with its payload schema, retry policy, timeout and the service that
 * handles it, and every event queue with the event types it receives. The outbox relay, the job
 * workers, the startup check and the admin's failed-event list all read it; nothing else declares
 * a queue.
 *
 * To add a job: an entry in JOBS (queue, service, payload, attempts, backoff, timeoutMs, and
 * jobId / startedBy / repeat when they apply), then its handler in the service's processJobs map.
 * To subscribe a service to an event: its type in EVENT_SUBSCRIPTIONS and its handler in the same commit.
 * A service missing a handler for either refuses to start, naming it.
 */

export type ServiceName = 'gateway' | 'analysis-worker' | 'billing' | 'gamification';

/** BullMQ retry policy: `attempts` runs in all, with growing (exponential) or even pauses between them. */
export interface RetryPolicy {
  attempts: number;
  backoff: { type: 'exponential' | 'fixed'; delay: number };
}

/** The committed event the outbox relay turns into a job, so a commit can never lose its job. */
type StartedBy<P extends TSchema> = { [E in EventType]: { event: E; data: (payload: EventPayload<E>) => Static<P> } }[EventType];

export interface JobDefinition<P extends TSchema = TSchema> extends RetryPolicy {
  queue: string;
  service: ServiceName;
  payload: P;
  /** A run taking longer is aborted (its AbortSignal fires) and counts as a failed attempt. */
  timeoutMs: number;
  /** One job per key while it exists (BullMQ refuses integer-like custom ids, hence a prefix). */
  jobId?: (data: Static<P>) => string;
  startedBy?: StartedBy<P>;
  /** Repeatable: one BullMQ job scheduler per job name (upsertJobScheduler), so it runs once across replicas. */
  repeat?: { every: number } | { pattern: string; tz: string };
  /** Finished jobs are kept this long: a custom jobId deduplicates only while its job exists. */
  keepCompletedSeconds: number;
  /** Behind every job without one on the same queue (BullMQ: 1 is the highest given priority). */
  priority?: number;
}

/** Any entry of the table, whatever its payload (its functions' parameters widened for that). */
export interface AnyJobDefinition extends Omit<JobDefinition, 'jobId' | 'startedBy'> {
  jobId?: (data: never) => string;
  startedBy?: { event: EventType; data: (payload: never) => unknown };
}

const defineJob = <P extends TSchema>(definition: JobDefinition<P>): JobDefinition<P> => definition;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const WEEK_SECONDS = 7 * 24 * 3600;

/** Jobs an event starts carry the request id of that event (deliveriesOf), so the job's log lines carry it too. */
const RequestId = Type.Optional(Type.String({ maxLength: 100 }));

export const AnalysisJobData = Type.Object({ analysisId: Type.Integer({ minimum: 1 }), requestId: RequestId });
export type AnalysisJobData = Static<typeof AnalysisJobData>;
/** The job id of an analysis: one job per analysis, so a second enqueue of the same upload is a no-op. */
export const analysisJobId = (analysisId: number) => `analysis-${analysisId}`;
/** One waiting remeasurement per analysis: asking twice before it ran measures it once. */
export const remeasureJobId = (analysisId: number) => `remeasure-${analysisId}`;

export const JOBS = {
  /** Probe, transcode, pose, write-up of one upload; the gateway's upload transaction starts it. */
  analysis: defineJob({
    queue: 'analysis',
    service: 'analysis-worker',
    payload: AnalysisJobData,
    attempts: 3,
    backoff: { type: 'exponential', delay: 5 * SECOND },
    timeoutMs: 15 * MINUTE,
    jobId: (data) => analysisJobId(data.analysisId),
    startedBy: { event: 'analysis.uploaded', data: (payload) => ({ analysisId: payload.analysisId }) },
    keepCompletedSeconds: WEEK_SECONDS,
  }),
  /**
   * A completed analysis measured again from its uploads with today's measurement, in place, without an
   * event (`pnpm analyses:remeasure` adds it). On the analysis queue, behind every golfer's upload: the
   * worker runs one analysis at a time, and a golfer waiting for theirs comes first.
   */
  'analysis.remeasure': defineJob({
    queue: 'analysis',
    service: 'analysis-worker',
    payload: AnalysisJobData,
    attempts: 2,
    backoff: { type: 'exponential', delay: 30 * SECOND },
    timeoutMs: 15 * MINUTE,
    jobId: (data) => remeasureJobId(data.analysisId),
    // As long as the analysis jobs beside it: BullMQ trims a queue's finished jobs by the age the last
    // one to finish gives, whatever its name. `pnpm analyses:remeasure` removes a finished one it asks again for.
    keepCompletedSeconds: WEEK_SECONDS,
    priority: 10,
  }),
  /**
   * Queues `analysis.remeasure` for the completed analyses an older edition of the measurement read, a few at
   * a time, oldest first (the worker's MEASUREMENT_EDITION against swing_analyses.measurement_edition): after
   * a release that measures better, a golfer's earlier analyses are read the same way as their new ones.
   */
  'analysis.remeasure-older': defineJob({
    queue: 'analysis-remeasure-older',
    service: 'analysis-worker',
    payload: Type.Object({}),
    attempts: 1,
    backoff: { type: 'fixed', delay: 0 },
    timeoutMs: 2 * MINUTE,
    repeat: { every: 10 * MINUTE }, // REMEASURE_OLDER_EVERY_MS overrides
    keepCompletedSeconds: 3600,
  }),
  /** Re-queues analyses stuck in pending/processing with no live job; fails them after too many tries. */
  'analysis.reconcile': defineJob({
    queue: 'analysis-reconcile',
    service: 'analysis-worker',
    payload: Type.Object({}),
    attempts: 1,
    backoff: { type: 'fixed', delay: 0 },
    timeoutMs: 2 * MINUTE,
    repeat: { every: MINUTE }, // ANALYSIS_RECONCILE_EVERY_MS overrides
    keepCompletedSeconds: 3600,
  }),
  /**
   * Writes the written part of analyses again, from their stored figures, where older write-up rules wrote
   * it (technical_details.writeUpEdition behind the worker's WRITE_UP_EDITION): after a release changes what
   * the text says or which figure is shown, the text and the detail screen agree again by themselves.
   */
  'analysis.refresh-write-ups': defineJob({
    queue: 'analysis-write-ups',
    service: 'analysis-worker',
    payload: Type.Object({}),
    attempts: 1,
    backoff: { type: 'fixed', delay: 0 },
    timeoutMs: 30 * MINUTE,
    repeat: { every: HOUR }, // WRITE_UP_REFRESH_EVERY_MS overrides
    keepCompletedSeconds: 3600,
  }),
  /**
   * Billing's safety net under Stripe's webhooks: golfers still Premium an hour after their paid period
   * ended are re-read from Stripe through the same convergent sync a webhook runs.
   */
  'billing.reconcile': defineJob({
    queue: 'billing-reconcile',
    service: 'billing',
    payload: Type.Object({}),
    attempts: 3,
    backoff: { type: 'exponential', delay: 30 * SECOND },
    timeoutMs: 10 * MINUTE,
    repeat: { every: 15 * MINUTE },
    keepCompletedSeconds: 3600,
  }),
  /**
   * Tells golfers their weekly points start again, Sunday 00:00 on Chicago's wall clock (BullMQ's cron
   * follows daylight saving). A record per week makes a retried or doubled run send nothing twice.
   */
  'gamification.weekly-reset': defineJob({
    queue: 'gamification-schedule',
    service: 'gamification',
    payload: Type.Object({}),
    attempts: 5,
    backoff: { type: 'exponential', delay: 10 * SECOND },
    timeoutMs: 10 * MINUTE,
    repeat: { pattern: '0 0 * * 0', tz: 'America/Chicago' },
    keepCompletedSeconds: WEEK_SECONDS,
  }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobData<N extends JobName> = Static<(typeof JOBS)[N]['payload']>;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/**
 * Which service queues receive which events: one queue per consuming service (`events-{service}`),
 * the relay copies each committed event to every queue subscribed to its type (jobId = event id).
 */
export const EVENT_SUBSCRIPTIONS: Record<string, readonly EventType[]> = {
  gamification: ['user.registered', 'user.profile_updated', 'analysis.uploaded', 'analysis.completed', 'analysis.failed', 'exercise.completed', 'payment.failed'],
  // analysis.failed: a failed analysis gives its upload back (services/gateway/src/jobs/events.ts).
  gateway: ['subscription.activated', 'subscription.updated', 'subscription.canceled', 'points.awarded', 'analysis.failed'],
};
export const eventQueueName = (service: string) => `events-${service}`;

/** Every event job: retried 11 times, 1 s doubling to 17 min between tries (about 35 minutes in all), then kept in the queue's failed set for replay. */
export const EVENT_DELIVERY = {
  attempts: 12,
  backoff: { type: 'exponential', delay: SECOND },
  timeoutMs: 30 * SECOND,
  keepCompletedSeconds: WEEK_SECONDS,
  /**
   * A consumer holds an event's lock while it handles it, renewed every half of this. A consumer that
   * dies mid-event (a crash, a kill, a lost machine) gives its events back once the lock has lapsed and
   * a stalled check has found them: up to lockMs + stalledCheckMs. BullMQ's defaults (30 s each) made a
   * golfer wait up to a minute for points after a crash; handlers take milliseconds and the renewal
   * needs only a free event loop, so 15 s still leaves a wide margin.
   */
  lockMs: 15 * SECOND,
  stalledCheckMs: 5 * SECOND,
} as const satisfies RetryPolicy & { timeoutMs: number; keepCompletedSeconds: number; lockMs: number; stalledCheckMs: number };

/** The options a job is added with (a subset of BullMQ's JobsOptions, so contracts needs no BullMQ). */
export interface JobAddOptions extends RetryPolicy {
  jobId?: string;
  removeOnComplete: { age: number };
  /** Failed jobs stay in the failed set for operators to see and replay. */
  removeOnFail: false;
  priority?: number;
}

const addOptions = (policy: RetryPolicy & { keepCompletedSeconds: number; priority?: number }, jobId: string | undefined): JobAddOptions => ({
  ...(jobId ? { jobId } : {}),
  ...(policy.priority ? { priority: policy.priority } : {}),
  attempts: policy.attempts,
  backoff: { ...policy.backoff },
  removeOnComplete: { age: policy.keepCompletedSeconds },
  removeOnFail: false,
});

export function jobOptions<N extends JobName>(name: N, data: JobData<N>): JobAddOptions {
  const definition: AnyJobDefinition = JOBS[name];
  return addOptions(definition, definition.jobId?.(data as never));
}

/** One job for the relay to add: to which queue, under which name, with what data and options. */
export interface Delivery {
  queue: string;
  name: string;
  data: unknown;
  opts: JobAddOptions;
}

export interface Routing {
  subscriptions: Record<string, readonly EventType[]>;
  jobs: Record<string, AnyJobDefinition>;
}
export const DEFAULT_ROUTING: Routing = { subscriptions: EVENT_SUBSCRIPTIONS, jobs: JOBS };

/** What one committed event becomes: a copy on each subscribed event queue, plus the jobs it starts. */
export function deliveriesOf(envelope: EventEnvelope, routing: Routing = DEFAULT_ROUTING): Delivery[] {
  const out: Delivery[] = [];
  for (const [service, types] of Object.entries(routing.subscriptions)) {
    if (types.includes(envelope.type)) out.push({ queue: eventQueueName(service), name: envelope.type, data: envelope, opts: addOptions(EVENT_DELIVERY, envelope.id) });
  }
  for (const [name, definition] of Object.entries(routing.jobs)) {
    const start = definition.startedBy;
    if (start?.event !== envelope.type) continue;
    const data = { ...(start.data(envelope.payload as never) as object), ...(envelope.requestId ? { requestId: envelope.requestId } : {}) };
    out.push({ queue: definition.queue, name, data, opts: addOptions(definition, definition.jobId?.(data as never)) });
  }
  return out;
}

/** Every queue of the system: the job queues and one event queue per consuming service. */
export function queueNames(): string[] {
  return [...new Set([...JOB_NAMES.map((n) => JOBS[n].queue), ...Object.keys(EVENT_SUBSCRIPTIONS).map(eventQueueName)])];
}

export const eventQueueNames = (): string[] => Object.keys(EVENT_SUBSCRIPTIONS).map(eventQueueName);

/** Job names a queue carries (the handler map of that queue's worker must cover exactly these). */
export const jobsOfQueue = (queue: string): JobName[] => JOB_NAMES.filter((n) => JOBS[n].queue === queue);

/* The analysis job under its historical names (tests and the gateway's job removal use them). */

/** The BullMQ queue of analysis jobs; the outbox relay adds them, the analysis-worker consumes them. */
export const ANALYSIS_QUEUE = JOBS.analysis.queue;
/** BullMQ job name of an analysis job on ANALYSIS_QUEUE. */
export const ANALYSIS_JOB_NAME = 'analysis' satisfies JobName;
/** Retry policy of analysis jobs: a crashed or stalled run is retried with growing pauses. */
export const ANALYSIS_JOB_OPTIONS = { attempts: JOBS.analysis.attempts, backoff: { ...JOBS.analysis.backoff } };
