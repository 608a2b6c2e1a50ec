import { afterAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { JOBS, analysisJobId, deliveriesOf, jobOptions, queueNames, type EventEnvelope } from '@swingfit/contracts';
import { DeadlineError, JobQueues, processJobs, queueConnection, withDeadline } from '../src/index.js';
import { eventually, testQueuePrefix, testRedisUrl } from '../src/testing/index.js';
import { capturedLogger, sleep } from './support.js';

/* The typed helpers over the job table, against the real Redis (own key prefix). */

const prefix = testQueuePrefix();
const settings = { connection: queueConnection(testRedisUrl()), prefix };
const cleanup: Queue[] = [];
afterAll(async () => {
  for (const q of cleanup) {
    await q.obliterate({ force: true }).catch(() => undefined);
    await q.close();
  }
});
const inspect = (name: string) => {
  const q = new Queue(name, { connection: settings.connection, prefix });
  cleanup.push(q);
  return q;
};

describe('the job table', () => {
  it('turns analysis.uploaded into the analysis job and the subscribers copies, with the table policies', () => {
    const event: EventEnvelope = { id: '5d8e6c1e-8a8f-4c4e-9d55-1f0b8a3c2b11', type: 'analysis.uploaded', version: 1, occurredAt: new Date().toISOString(), userId: 3, payload: { analysisId: 42, club: 'driver' } };
    const out = deliveriesOf(event, { subscriptions: { gamification: ['analysis.uploaded'], gateway: ['points.awarded'] }, jobs: JOBS });
    expect(out).toEqual([
      { queue: 'events-gamification', name: 'analysis.uploaded', data: event, opts: { jobId: event.id, attempts: 12, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { age: 604_800 }, removeOnFail: false } },
      { queue: 'analysis', name: 'analysis', data: { analysisId: 42 }, opts: { jobId: 'analysis-42', attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: { age: 604_800 }, removeOnFail: false } },
    ]);
    expect(jobOptions('analysis', { analysisId: 9 }).jobId).toBe(analysisJobId(9));
    expect(queueNames()).toEqual(expect.arrayContaining(['analysis', 'analysis-reconcile', 'events-gamification', 'events-gateway']));
  });

  it('adds a job with its id and policy, and refuses data that does not match the payload schema', async () => {
    const queues = new JobQueues(settings, capturedLogger().logger);
    try {
      const job = await queues.add('analysis', { analysisId: 11 });
      expect(job.id).toBe('analysis-11');
      expect(job.opts).toMatchObject({ attempts: 3, backoff: { type: 'exponential', delay: 5_000 } });
      await queues.add('analysis', { analysisId: 11 }); // same id: no second job
      expect(await inspect('analysis').getJobCountByTypes('waiting')).toBe(1);
      await expect(queues.add('analysis', { analysisId: 'eleven' } as never)).rejects.toThrow(/does not match its payload schema/);
    } finally {
      await queues.close();
    }
  });

  it('schedules a repeatable job once however many replicas start', async () => {
    const replicas = [new JobQueues(settings, capturedLogger().logger), new JobQueues(settings, capturedLogger().logger)];
    try {
      await Promise.all(replicas.map((r) => r.scheduleRepeatable('analysis-worker', { 'analysis.reconcile': 60_000 })));
      const queue = inspect(JOBS['analysis.reconcile'].queue);
      expect(await queue.getJobSchedulersCount()).toBe(1);
      const [scheduler] = await queue.getJobSchedulers();
      expect(scheduler).toMatchObject({ key: 'analysis.reconcile', every: 60_000 });
      expect(await replicas[0]!.scheduleRepeatable('gateway')).toEqual([]);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it('keeps a job switched off (every 0) unscheduled, removing the schedule an earlier start left, and says which are on', async () => {
    const earlier = new JobQueues(settings, capturedLogger().logger);
    const now = new JobQueues(settings, capturedLogger().logger);
    try {
      await earlier.scheduleRepeatable('analysis-worker', {}, ['analysis.remeasure-older']);
      expect(await now.isScheduled('analysis.remeasure-older')).toBe(true);
      const scheduled = await now.keepScheduled('analysis-worker', { 'analysis.remeasure-older': 0, 'analysis.reconcile': 60_000 }, 60_000);
      expect(scheduled).not.toContain('analysis.remeasure-older');
      expect(scheduled).toContain('analysis.reconcile');
      expect(await now.isScheduled('analysis.remeasure-older')).toBe(false);
      expect(await now.isScheduled('analysis.reconcile')).toBe(true);
    } finally {
      await Promise.all([earlier.close(), now.close()]);
      // Registered for the file's cleanup (obliterated after all tests), as the queues above are.
      inspect(JOBS['analysis.remeasure-older'].queue);
    }
  });
});

describe('processJobs', () => {
  it('refuses to start a queue worker without a handler for each of its jobs', () => {
    expect(() => processJobs({ queue: 'analysis', service: 'analysis-worker', handlers: {}, settings, logger: capturedLogger().logger })).toThrow(
      'startup check: analysis-worker consumes job analysis (queue analysis) but has no handler for it',
    );
  });

  it('validates the data, applies the table timeout through the signal, and fails malformed jobs without retries', { timeout: 30_000 }, async () => {
    const seen: number[] = [];
    const worker = processJobs({
      queue: 'analysis',
      service: 'analysis-worker',
      settings,
      logger: capturedLogger().logger,
      handlers: {
        analysis: async (data, { signal }) => {
          seen.push(data.analysisId);
          return signal.aborted ? 'aborted' : 'ok';
        },
        // The queue's other job (the worker refuses to start without a handler for each).
        'analysis.remeasure': async () => 'not added here',
      },
    });
    const queue = inspect('analysis');
    try {
      await queue.add('analysis', { analysisId: 21 }, { jobId: 'analysis-21' });
      await queue.add('analysis', { analysisId: 'x' }, { jobId: 'analysis-bad', attempts: 4, backoff: { type: 'fixed', delay: 10 } });
      await eventually(async () => (await queue.getJob('analysis-21'))?.isCompleted());
      expect((await queue.getJob('analysis-21'))!.returnvalue).toBe('ok');
      const bad = await eventually(async () => {
        const j = await queue.getJob('analysis-bad');
        return j && (await j.isFailed()) && j;
      });
      expect(bad.attemptsMade).toBe(1);
      expect(bad.failedReason).toBe('malformed analysis job data');
      // The handler never saw the malformed data (11 is the job queued by the test above).
      expect(seen.sort()).toEqual([11, 21]);
    } finally {
      await worker.close();
    }
  });
});

describe('withDeadline', () => {
  it('aborts the work signal and rejects at the deadline even when the work ignores it', async () => {
    let aborted = false;
    const started = Date.now();
    await expect(
      withDeadline(100, 'slow work', async (signal) => {
        signal.addEventListener('abort', () => (aborted = true));
        await sleep(1_000);
        return 'late';
      }),
    ).rejects.toBeInstanceOf(DeadlineError);
    expect(Date.now() - started).toBeLessThan(900);
    expect(aborted).toBe(true);
  });

  it('passes an outer cancel (worker shutdown) through to the work', async () => {
    const outer = new AbortController();
    const run = withDeadline(10_000, 'work', (signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason))), outer.signal);
    outer.abort('shutdown');
    expect(await run).toBe('shutdown');
  });
});

describe('producer queues closed while their connection starts', () => {
  // An app built and closed at once (a restart) closes its queues mid-start: BullMQ's Redis version check
  // was left in flight and its failure escaped as an unhandled rejection (23 of 200 before closeProducerQueue).
  it('close without an unhandled rejection', { timeout: 60_000 }, async () => {
    const escaped: unknown[] = [];
    const listener = (reason: unknown) => void escaped.push(reason);
    process.on('unhandledRejection', listener);
    try {
      for (let i = 0; i < 200; i++) {
        const queues = new JobQueues(settings, capturedLogger().logger);
        queues.queue(`closing-early-${i % 5}`);
        await sleep(i % 7);
        await queues.close();
      }
      await sleep(300);
    } finally {
      process.off('unhandledRejection', listener);
    }
    expect(escaped.map((e) => (e as Error).message)).toEqual([]);
  });
});
