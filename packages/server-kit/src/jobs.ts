import { Queue, UnrecoverableError, Worker, type Job, type WorkerOptions } from 'bullmq';
import { Value } from '@sinclair/typebox/value';
import { JOBS, jobOptions, jobsOfQueue, type AnyJobDefinition, type JobData, type JobName, type ServiceName } from '@swingfit/contracts';
import type { Logger } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import { settleWithin, withDeadline } from './deadline.js';
import { traceOf, type QueueSettings } from './events.js';
import { assertHandlers } from './startup-check.js';

/* Typed helpers over the job table (contracts/jobs.ts): add a job, process a queue, schedule repeatable jobs. */

/**
 * Producer-side queues. The offline queue is off: with Redis away a command fails at once instead
 * of waiting in memory, so callers (the relay, admin routes) can back off or answer 503.
 */
const SCHEDULE_RETRY_MS = 5_000;
const SCHEDULE_CHECK_MS = 30_000;

export class JobQueues {
  private readonly queues = new Map<string, Queue>();
  private closed = false;
  private readonly stop = new AbortController();

  constructor(
    private readonly settings: QueueSettings,
    private readonly logger: Logger,
  ) {}

  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      if (this.closed) throw new Error(`queue ${name}: the producer queues are closed`);
      queue = new Queue(name, { connection: { ...(this.settings.connection as object), enableOfflineQueue: false }, prefix: this.settings.prefix });
      // Reported by whoever uses the queue (relay outage log, 503); an unheard 'error' would crash.
      queue.on('error', (err) => this.logger.debug({ err, queue: name }, 'queue connection error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * Adds one job of the table directly. Work that follows a database change goes through the
   * outbox instead (the table's `startedBy`); this is for jobs with no such change (re-queues).
   */
  async add<N extends JobName>(name: N, data: JobData<N>): Promise<Job> {
    const definition: AnyJobDefinition = JOBS[name];
    if (!Value.Check(definition.payload, data)) throw new Error(`job ${name}: data does not match its payload schema`);
    return this.queue(definition.queue).add(name, data, jobOptions(name, data));
  }

  /** Adds a job of the table with a custom id once more (addAgain): to its queue, whoever asks. */
  addAgain<N extends JobName>(name: N, data: JobData<N>, options: { dryRun?: boolean } = {}): Promise<'queued' | 'already queued'> {
    return addAgain(this.queue(JOBS[name].queue), name, data, options);
  }

  /**
   * Upserts a job scheduler for each repeatable job of the service: the scheduler id is the job
   * name, so replicas starting together share one schedule and each run happens once.
   */
  async scheduleRepeatable(service: ServiceName, every: Partial<Record<JobName, number>> = {}, only?: JobName[]): Promise<JobName[]> {
    const scheduled: JobName[] = [];
    for (const name of only ?? (Object.keys(JOBS) as JobName[])) {
      const definition: AnyJobDefinition = JOBS[name];
      if (definition.service !== service || !definition.repeat) continue;
      const repeat = every[name] !== undefined ? { every: every[name] } : definition.repeat;
      const keep = { age: definition.keepCompletedSeconds };
      await this.queue(definition.queue).upsertJobScheduler(name, repeat, {
        name,
        data: {},
        opts: { attempts: definition.attempts, backoff: definition.backoff, removeOnComplete: keep, removeOnFail: keep },
      });
      scheduled.push(name);
    }
    return scheduled;
  }

  /**
   * Keeps the service's repeatable jobs scheduled until close(): upserted at once (retried while Redis
   * is away, so a service starts without waiting for it), then checked every `checkEveryMs` and
   * upserted again when missing (a Redis restart without persistence loses them). Resolves when the
   * first upsert is done. A job whose `every` is 0 is off: not scheduled, and the schedule an earlier
   * start left is removed, so whoever asks isScheduled hears the truth.
   */
  keepScheduled(service: ServiceName, every: Partial<Record<JobName, number>> = {}, checkEveryMs = SCHEDULE_CHECK_MS): Promise<JobName[]> {
    const repeatable = (Object.keys(JOBS) as JobName[]).filter((n) => JOBS[n].service === service && JOBS[n].repeat);
    const off = repeatable.filter((n) => every[n] === 0);
    const mine = repeatable.filter((n) => !off.includes(n));
    let first: (names: JobName[]) => void = () => undefined;
    const scheduled = new Promise<JobName[]>((resolve) => (first = resolve));
    const loop = async () => {
      let told = false;
      let initial = true;
      while (!this.closed) {
        try {
          if (initial && off.length) await settleWithin(SCHEDULE_RETRY_MS, 'removing switched-off jobs', this.unschedule(off));
          const missing = initial ? mine : await settleWithin(SCHEDULE_RETRY_MS, 'checking repeatable jobs', this.missingSchedules(mine));
          if (missing.length) {
            await settleWithin(SCHEDULE_RETRY_MS, 'scheduling repeatable jobs', this.scheduleRepeatable(service, every, missing));
            if (!initial) this.logger.warn({ service, jobs: missing }, 'repeatable jobs were gone from Redis; scheduled again');
          }
          if (initial) first(missing);
          initial = false;
          told = false;
        } catch (err) {
          if (!told) this.logger.warn({ err, service }, 'repeatable jobs not scheduled (Redis unavailable); retrying');
          told = true;
        }
        await sleep(initial ? SCHEDULE_RETRY_MS : checkEveryMs, undefined, { signal: this.stop.signal }).catch(() => undefined);
      }
      first([]);
    };
    void loop();
    return scheduled;
  }

  /** Whether a repeatable job of the table is scheduled now (by whichever replica of its service). */
  async isScheduled(name: JobName): Promise<boolean> {
    return Boolean(await this.queue(JOBS[name].queue).getJobScheduler(name));
  }

  private async unschedule(names: JobName[]): Promise<void> {
    await Promise.all(names.map((n) => this.queue(JOBS[n].queue).removeJobScheduler(n)));
  }

  private async missingSchedules(names: JobName[]): Promise<JobName[]> {
    const found = await Promise.all(names.map(async (n) => ((await this.queue(JOBS[n].queue).getJobScheduler(n)) ? undefined : n)));
    return found.filter((n): n is JobName => n !== undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stop.abort();
    await Promise.all([...this.queues.values()].map(closeProducerQueue));
    this.queues.clear();
  }
}

/** The longest a shutdown waits for a producer queue's connection to finish starting (Redis may be away). */
const QUEUE_START_WAIT_MS = 1_000;

/**
 * Closes a producer queue (offline queue off). A queue closed while its connection is still starting
 * leaves BullMQ's Redis version check in flight, and its failure escapes as an unhandled rejection
 * (23 of 200 queues closed 0-6 ms after they were made; an app built and closed at once, as a restart
 * does): the start is let finish or fail first, for at most QUEUE_START_WAIT_MS. A shutdown during a
 * Redis outage must still finish: when the polite QUIT cannot be sent, the socket is dropped instead.
 * That only happens to a connection that was ready, so its client is there; BullMQ's own disconnect()
 * would wait for an 'end' event that this half-closed connection never sends.
 */
export async function closeProducerQueue(queue: Queue): Promise<void> {
  await Promise.race([queue.waitUntilReady().catch(() => undefined), sleep(QUEUE_START_WAIT_MS, undefined, { ref: false })]);
  await queue.close().catch(async () => (await queue.client).disconnect());
}

export interface JobContext {
  job: Job;
  /** Fires at the job's timeout (job table) or when the worker cancels the job (shutdown). */
  signal: AbortSignal;
  /** The worker's logger bound to this job (queue, job, jobId, and reqId when a request started it). */
  log?: Logger;
}

export type JobHandler<N extends JobName> = (data: JobData<N>, context: JobContext) => Promise<unknown>;
export type JobHandlers = { [N in JobName]?: JobHandler<N> };

export interface ProcessJobsOptions {
  queue: string;
  service: ServiceName;
  handlers: JobHandlers;
  settings: QueueSettings;
  logger: Logger;
  /** BullMQ worker settings (concurrency, lockDuration, stalled checks). */
  worker?: Omit<WorkerOptions, 'connection' | 'prefix'>;
}

/**
 * The worker of one queue of the table. It refuses to start unless every job of the queue has a
 * handler; a job whose data does not match its schema fails at once (no retries); each run gets
 * the table's timeout.
 */
export function processJobs(options: ProcessJobsOptions): Worker {
  const { queue, handlers } = options;
  assertHandlers(options.service, { jobs: handlers }, { queue });
  const names = jobsOfQueue(queue);
  const processor = async (job: Job, _token?: string, signal?: AbortSignal) => {
    const name = job.name as JobName;
    if (!names.includes(name)) throw new UnrecoverableError(`job ${job.name} does not belong on queue ${queue}`);
    const definition: AnyJobDefinition = JOBS[name];
    if (!Value.Check(definition.payload, job.data)) throw new UnrecoverableError(`malformed ${name} job data`);
    const handler = handlers[name] as (data: unknown, context: JobContext) => Promise<unknown>;
    const log = options.logger.child({ queue, job: name, jobId: job.id, attempt: job.attemptsMade + 1, ...traceOf(job.data) });
    const started = Date.now();
    const result = await withDeadline(definition.timeoutMs, `job ${name}`, (deadline) => handler(job.data, { job, signal: deadline, log }), signal);
    // Scheduled jobs run every minute or so: their line is debug; a job a request started is worth info.
    log[definition.repeat ? 'debug' : 'info']({ ms: Date.now() - started }, 'job finished');
    return result;
  };
  const worker = new Worker(queue, processor, { ...options.worker, connection: options.settings.connection, prefix: options.settings.prefix });
  worker.on('error', (err) => options.logger.warn({ err, queue }, 'job worker error'));
  return worker;
}

/**
 * The worker of a scheduled job's queue (a reconciler, a weekly reset): one run at a time per process;
 * the repeatable schedule (JobQueues.keepScheduled) makes it one run per tick across replicas.
 */
export function processScheduledJob<N extends JobName>(name: N, handler: JobHandler<N>, options: Pick<ProcessJobsOptions, 'service' | 'settings' | 'logger'>): Worker {
  const handlers: JobHandlers = { [name]: handler };
  return processJobs({ ...options, queue: JOBS[name].queue, handlers, worker: { concurrency: 1 } });
}

/** States of a job that will still run. */
const TO_RUN = new Set(['waiting', 'prioritized', 'delayed', 'active', 'waiting-children']);

/**
 * Adds a job of the table whose id says what it is about (one per analysis, say), unless one with that id
 * is still to run. A finished one (completed or failed) is removed first: BullMQ keeps finished jobs for a
 * while, and while it does, adding the same id again silently adds nothing. With `dryRun`, only says which.
 */
export async function addAgain<N extends JobName>(queue: Queue, name: N, data: JobData<N>, options: { dryRun?: boolean } = {}): Promise<'queued' | 'already queued'> {
  const definition: AnyJobDefinition = JOBS[name];
  if (!Value.Check(definition.payload, data)) throw new Error(`job ${name}: data does not match its payload schema`);
  const opts = jobOptions(name, data);
  if (!opts.jobId) throw new Error(`job ${name}: has no job id, so any number of them can wait`);
  const existing = await queue.getJob(opts.jobId);
  if (existing && TO_RUN.has(await existing.getState())) return 'already queued';
  if (options.dryRun) return 'queued';
  await existing?.remove();
  await queue.add(name, data, opts);
  return 'queued';
}
