import type { Job } from 'bullmq';
import { eventQueueNames, type FailedEvent } from '@swingfit/contracts';
import type { Logger } from 'pino';
import { settleWithin } from './deadline.js';
import type { QueueSettings } from './events.js';
import { JobQueues } from './jobs.js';

/*
 * Poison events: an event whose handler failed on all its attempts stays in its queue's failed set
 * (BullMQ keeps failed jobs: removeOnFail false in the job table) with its error. These list them
 * across every event queue and replay one (or all) with a fresh set of attempts. Used by the
 * `pnpm events:replay` CLI and the admin routes.
 */

const REDIS_TIMEOUT_MS = 5_000;
const SEPARATOR = ':';

export const failedEventId = (queue: string, jobId: string) => `${queue}${SEPARATOR}${jobId}`;

function parseId(id: string): { queue: string; jobId: string } | undefined {
  const at = id.indexOf(SEPARATOR);
  return at > 0 ? { queue: id.slice(0, at), jobId: id.slice(at + 1) } : undefined;
}

const iso = (ms: number | undefined | null) => (ms ? new Date(ms).toISOString() : null);

function describe(queue: string, job: Job): FailedEvent {
  const data = (job.data ?? {}) as { type?: unknown; userId?: unknown; occurredAt?: unknown };
  return {
    id: failedEventId(queue, String(job.id)),
    queue,
    type: typeof data.type === 'string' ? data.type : job.name,
    userId: typeof data.userId === 'number' ? data.userId : null,
    occurredAt: typeof data.occurredAt === 'string' ? data.occurredAt : null,
    failedReason: job.failedReason ?? '',
    // Every run in all: a replay starts attemptsMade again at 0 but keeps attemptsStarted (replay below),
    // so an event replayed and failed again does not read as tried fewer times than it was.
    attemptsMade: Math.max(job.attemptsMade, job.attemptsStarted ?? 0),
    failedAt: iso(job.finishedOn),
  };
}

export class FailedEvents {
  private readonly queues: JobQueues;

  constructor(
    settings: QueueSettings,
    logger: Logger,
    /** The event queues to look in; defaults to every subscribing service's queue. */
    private readonly queueNames: string[] = eventQueueNames(),
  ) {
    this.queues = new JobQueues(settings, logger);
  }

  /** Newest failures first, at most `limit` per queue. Throws when Redis does not answer in time. */
  async list(limit = 100): Promise<FailedEvent[]> {
    const perQueue = await settleWithin(
      REDIS_TIMEOUT_MS,
      'listing failed events',
      Promise.all(this.queueNames.map(async (name) => (await this.queues.queue(name).getFailed(0, limit - 1)).filter(Boolean).map((job) => describe(name, job)))),
    );
    return perQueue.flat().sort((a, b) => (b.failedAt ?? '').localeCompare(a.failedAt ?? ''));
  }

  /** Moves one failed event back to its queue with a fresh set of attempts (its count of runs kept); undefined when no failed event has that id. */
  async replay(id: string): Promise<FailedEvent | undefined> {
    const parsed = parseId(id);
    if (!parsed || !this.queueNames.includes(parsed.queue)) return undefined;
    return settleWithin(REDIS_TIMEOUT_MS, 'replaying a failed event', (async () => {
      const job = await this.queues.queue(parsed.queue).getJob(parsed.jobId);
      if (!job || (await job.getState()) !== 'failed') return undefined;
      const described = describe(parsed.queue, job);
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: false });
      return described;
    })());
  }

  /** Replays every failed event; returns those replayed. */
  async replayAll(): Promise<FailedEvent[]> {
    const replayed: FailedEvent[] = [];
    for (const event of await this.list(10_000)) {
      const done = await this.replay(event.id);
      if (done) replayed.push(done);
    }
    return replayed;
  }

  close(): Promise<void> {
    return this.queues.close();
  }
}
