import { Queue, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { JOB_NAMES, JOBS, queueNames, type FailedJob, type QueueCounts } from '@swingfit/contracts';
import { closeProducerQueue, type QueueSettings } from '@swingfit/server-kit';

/**
 * Every queue the operator sees, as the shared job table lists them: the analysis jobs, the scheduled
 * jobs (a failed payments check or weekly reset must show, not only failed analyses) and each
 * service's event queue.
 */
export const operatedQueueNames = (): string[] => {
  const scheduled = new Set(JOB_NAMES.filter((n) => JOBS[n].repeat).map((n) => JOBS[n].queue));
  // The golfers' work first, the schedules after it.
  return [...queueNames().filter((q) => !scheduled.has(q)), ...scheduled];
};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * How many times the job ran, in all. BullMQ's attemptsMade starts again at 0 when an operator retries
 * a job (a fresh retry budget), so a job retried once and failed again read '1 attempt'; attemptsStarted
 * is kept across the operator's retries (retryJob) and counts every run, a stalled one too.
 */
export const attemptsInAll = (job: Pick<Job, 'attemptsMade' | 'attemptsStarted'>) => Math.max(job.attemptsMade, job.attemptsStarted ?? 0);
const intOrNull = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** A failed job as the operator reads it; what it was about comes from its data (analysis job or event envelope). */
export function describeFailedJob(job: Job): FailedJob {
  const data = (job.data ?? {}) as Record<string, unknown>;
  return {
    id: String(job.id),
    name: job.name,
    failedReason: job.failedReason || 'No reason was recorded',
    attemptsMade: attemptsInAll(job),
    enqueuedAt: iso(job.timestamp),
    failedAt: job.finishedOn ? iso(job.finishedOn) : null,
    analysisId: intOrNull(data.analysisId),
    eventType: typeof data.type === 'string' ? data.type : null,
    userId: intOrNull(data.userId),
  };
}

/** Read-and-act handles on the operated queues, opened once per app and closed with it. */
export class OperatorQueues {
  private readonly queues = new Map<string, Queue>();

  constructor(settings: QueueSettings, logger: Logger, names = operatedQueueNames()) {
    for (const name of names) {
      // No offline queue: with Redis down a request fails at once instead of hanging until it returns.
      const queue = new Queue(name, { connection: { ...settings.connection, enableOfflineQueue: false }, prefix: settings.prefix });
      queue.on('error', (err) => logger.warn({ err, queue: name }, 'operator queue error'));
      this.queues.set(name, queue);
    }
  }

  names(): string[] {
    return [...this.queues.keys()];
  }

  get(name: string): Queue | undefined {
    return this.queues.get(name);
  }

  async counts(name: string): Promise<QueueCounts> {
    const c = await this.queues.get(name)!.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'completed', 'failed');
    return { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, completed: c.completed ?? 0, failed: c.failed ?? 0 };
  }

  async failedJobs(name: string, shown: number): Promise<FailedJob[]> {
    const jobs = await this.queues.get(name)!.getFailed(0, shown - 1);
    return jobs.filter((j): j is Job => Boolean(j)).map(describeFailedJob);
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map(closeProducerQueue));
  }
}
