import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Job, Worker } from 'bullmq';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { EVENT_SUBSCRIPTIONS, EVENT_TYPES, JOBS, JOB_NAMES, eventQueueName, type ServiceName } from '@swingfit/contracts';
import type { Logger } from 'pino';
import { settleWithin } from './deadline.js';
import type { QueueSettings } from './events.js';
import { JobQueues } from './jobs.js';
import { outboxLag } from './relay.js';

/*
 * Prometheus metrics of one service, on a registry of its own (tests run several services in one
 * process; the global registry would mix them). Built once here and fed from the few places all work
 * passes through: every HTTP response (createHttpServer), every BullMQ worker (watchWorker: jobs and
 * events alike), and, at scrape time, the queues' counts and the outbox lag.
 */

/** HTTP answers: most take milliseconds; uploads stream up to 100 MB, hence the long tail. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Jobs: events take milliseconds, analyses tens of seconds to minutes (timeout 15 min). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 900];
/** A scrape never waits longer than this for Redis or PostgreSQL; the source then reports down. */
const SOURCE_TIMEOUT_MS = 2_000;
/** Both outbox gauges read one query per scrape. */
const SHARED_READ_MS = 1_000;
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** A route label for requests no route matched (404s, the web app's fallback): never the raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

export const MetricsEnv = {
  METRICS_TOKEN: Type.String({ default: '', description: 'bearer token GET /metrics requires; empty: INTERNAL_TOKEN' }),
};

/** The token /metrics asks for: METRICS_TOKEN, else INTERNAL_TOKEN; empty means /metrics refuses everyone. */
export const metricsToken = (config: { METRICS_TOKEN?: string; INTERNAL_TOKEN?: string }): string => config.METRICS_TOKEN || config.INTERNAL_TOKEN || '';

/** The queues a service works on (its job queues and its event queue): the ones whose depth it reports. */
export function consumedQueues(service: ServiceName): string[] {
  const jobs = JOB_NAMES.filter((n) => JOBS[n].service === service).map((n) => JOBS[n].queue);
  const events = EVENT_SUBSCRIPTIONS[service] ? [eventQueueName(service)] : [];
  return [...new Set([...jobs, ...events])];
}

const EVENT_QUEUE_PREFIX = 'events-';
const knownJob = (name: string) => ((JOB_NAMES as string[]).includes(name) || (EVENT_TYPES as string[]).includes(name) ? name : 'unknown');

/** A job failure is final when it goes to the failed set: unrecoverable, or out of attempts. */
export function isFinalFailure(job: Pick<Job, 'attemptsMade' | 'opts'>, error: Error): boolean {
  return error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
}

function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let cached: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!cached || Date.now() - cached.at > SHARED_READ_MS) cached = { at: Date.now(), value: read() };
    return cached.value;
  };
}

export interface ServiceMetricsOptions {
  service: ServiceName;
  logger: Logger;
  /** Reports this schema's outbox lag. */
  outbox?: { db: Kysely<any>; schema: string };
  /** Reports the depth of the service's queues (consumedQueues) read from BullMQ at scrape time. */
  queues?: QueueSettings;
  /** Node's process metrics (CPU, memory, event loop lag, GC); on unless a test turns them off. */
  processMetrics?: boolean;
}

export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly queueReader: JobQueues | undefined;
  readonly http: Histogram<'method' | 'route' | 'status_code'>;
  readonly jobDuration: Histogram<'queue' | 'job'>;
  readonly jobs: Counter<'queue' | 'job' | 'outcome'>;
  readonly stalled: Counter<'queue'>;
  readonly eventsProcessed: Counter<'consumer' | 'type' | 'result'>;
  readonly eventsFailed: Counter<'consumer' | 'type' | 'final'>;

  constructor(private readonly options: ServiceMetricsOptions) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ service: options.service });
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.http = new Histogram({
      name: 'swingfit_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern, method and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.jobDuration = new Histogram({ name: 'swingfit_job_duration_seconds', help: 'BullMQ job run time (one attempt) by queue and job name', labelNames: ['queue', 'job'], buckets: JOB_BUCKETS, registers });
    this.jobs = new Counter({ name: 'swingfit_jobs_total', help: 'Job attempts by outcome: completed, retrying (failed, will run again), failed (moved to the failed set)', labelNames: ['queue', 'job', 'outcome'], registers });
    this.stalled = new Counter({ name: 'swingfit_jobs_stalled_total', help: 'Jobs whose worker stopped renewing the lock (crashed or blocked); BullMQ runs them again', labelNames: ['queue'], registers });
    this.eventsProcessed = new Counter({
      name: 'swingfit_events_processed_total',
      help: 'Events handled by a consumer: processed, duplicate (already in the inbox) or ignored (no longer subscribed)',
      labelNames: ['consumer', 'type', 'result'],
      registers,
    });
    this.eventsFailed = new Counter({ name: 'swingfit_events_failed_total', help: 'Event handling failures; final="true": moved to the failed set for replay', labelNames: ['consumer', 'type', 'final'], registers });
    if (options.queues) this.queueReader = new JobQueues(options.queues, options.logger);
    this.scrapeTimeGauges();
  }

  /** Counts every job a worker finishes (one BullMQ worker per queue); event queues also count per event type. */
  watchWorker(worker: Worker): Worker {
    const queue = worker.name;
    const consumer = queue.startsWith(EVENT_QUEUE_PREFIX) ? queue.slice(EVENT_QUEUE_PREFIX.length) : undefined;
    const took = (job: Job) => (job.processedOn ? Math.max(0, Date.now() - job.processedOn) / 1000 : undefined);
    worker.on('completed', (job, result: unknown) => {
      const name = knownJob(job.name);
      const seconds = took(job);
      if (seconds !== undefined) this.jobDuration.observe({ queue, job: name }, seconds);
      this.jobs.inc({ queue, job: name, outcome: 'completed' });
      if (consumer) this.eventsProcessed.inc({ consumer, type: name, result: typeof result === 'string' ? result : 'processed' });
    });
    worker.on('failed', (job, error) => {
      if (!job) return;
      const name = knownJob(job.name);
      const final = isFinalFailure(job, error);
      const seconds = took(job);
      if (seconds !== undefined) this.jobDuration.observe({ queue, job: name }, seconds);
      this.jobs.inc({ queue, job: name, outcome: final ? 'failed' : 'retrying' });
      if (consumer) this.eventsFailed.inc({ consumer, type: name, final: String(final) });
    });
    worker.on('stalled', () => this.stalled.inc({ queue }));
    return worker;
  }

  /** A counter of the service's own (e.g. the worker's analyses by outcome) on this registry. */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** The metrics in Prometheus' text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  async close(): Promise<void> {
    await this.queueReader?.close();
  }

  /**
   * The scrape-time gauges. Each source is read once per scrape (both outbox gauges share one query),
   * with a deadline; a source that fails reports swingfit_metrics_source_up 0 and no figures, never stale ones.
   */
  private scrapeTimeGauges(): void {
    const registers = [this.registry];
    const { outbox } = this.options;
    const reader = this.queueReader;
    const names = consumedQueues(this.options.service);
    const readQueues = sharedRead(() =>
      reader
        ? settleWithin(SOURCE_TIMEOUT_MS, 'reading queue counts', Promise.all(names.map((n) => reader.queue(n).getJobCounts(...QUEUE_STATES)))).catch(() => null)
        : Promise.resolve(undefined),
    );
    const readOutbox = sharedRead(() =>
      outbox ? settleWithin(SOURCE_TIMEOUT_MS, 'reading the outbox lag', outboxLag(outbox.db, outbox.schema)).catch(() => null) : Promise.resolve(undefined),
    );
    new Gauge({
      name: 'swingfit_metrics_source_up',
      help: 'Whether this scrape could read a source (redis: queue counts, postgres: outbox lag)',
      labelNames: ['source'],
      registers,
      async collect() {
        this.reset();
        const [queues, lag] = await Promise.all([readQueues(), readOutbox()]);
        if (queues !== undefined) this.set({ source: 'redis' }, queues ? 1 : 0);
        if (lag !== undefined) this.set({ source: 'postgres' }, lag ? 1 : 0);
      },
    });
    new Gauge({
      name: 'swingfit_queue_jobs',
      help: 'Jobs in each BullMQ queue by state, read at scrape time (failed: the failed set awaiting replay)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        const counts = await readQueues();
        counts?.forEach((c, i) => QUEUE_STATES.forEach((state) => this.set({ queue: names[i]!, state }, c[state] ?? 0)));
      },
    });
    const labels = outbox ? { schema: outbox.schema } : {};
    new Gauge({
      name: 'swingfit_outbox_unsent_events',
      help: 'Outbox rows not yet handed to Redis',
      labelNames: ['schema'],
      registers,
      async collect() {
        this.reset();
        const lag = await readOutbox();
        if (lag) this.set(labels, lag.unsent);
      },
    });
    new Gauge({
      name: 'swingfit_outbox_oldest_unsent_age_seconds',
      help: 'Age of the oldest outbox row not yet handed to Redis (0 when none waits)',
      labelNames: ['schema'],
      registers,
      async collect() {
        this.reset();
        const lag = await readOutbox();
        if (lag) this.set(labels, (lag.oldestUnsentAgeMs ?? 0) / 1000);
      },
    });
  }
}
