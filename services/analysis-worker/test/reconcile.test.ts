import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'bullmq';
import { sql } from 'kysely';
import { pino } from 'pino';
import { JOBS, analysisJobId } from '@swingfit/contracts';
import { JobQueues, publishInTransaction } from '@swingfit/server-kit';
import { eventually } from '@swingfit/server-kit/testing';
import { CORE_SCHEMA } from '@swingfit/core-db';
import { createAnalysisWorker } from '../src/jobs/analysis-worker.js';
import { STUCK_MESSAGE, createReconcileWorker, reconcileAnalyses, type ReconcileDeps } from '../src/jobs/reconcile.js';
import { startHarness, type Harness } from './support/harness.js';
import { makeClip } from './support/clips.js';
import { recordingPoseStage, stagesWith } from './support/stages.js';

/* The reconciler against real PostgreSQL and Redis: what it re-queues, what it leaves alone, what it fails. */

const STUCK_AFTER_MS = 1_000;
const logger = pino({ level: 'silent' });
let h: Harness;
let dir: string;
let queues: JobQueues;
let deps: ReconcileDeps;

beforeAll(async () => {
  h = await startHarness();
  dir = mkdtempSync(join(tmpdir(), 'sf-reconcile-'));
  queues = new JobQueues({ connection: h.connection, prefix: h.prefix }, logger);
  deps = { db: h.db, queues, logger, settings: { stuckAfterMs: STUCK_AFTER_MS, maxRequeues: 2 } };
});
afterAll(async () => {
  await queues?.close();
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An analysis as a crash would leave it: this status, untouched for a while. */
async function stuck(status: 'pending' | 'processing', requeues = 0): Promise<number> {
  const { id } = await h.createAnalysis({ video: await makeClip(dir, `clip-${Date.now()}`, { width: 320, height: 240, seconds: 1 }) });
  await h.db
    .updateTable('swing_analyses')
    .set({ status, requeues, attempts: status === 'processing' ? 1 : 0, updated_at: sql`now() - interval '1 hour'` })
    .where('id', '=', id)
    .execute();
  return id;
}
const row = (id: number) => h.db.selectFrom('swing_analyses').select(['status', 'requeues', 'technical_details', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

describe('reconcileAnalyses', () => {
  it('re-queues a stuck analysis whose job is gone, once, and counts it', async () => {
    const id = await stuck('processing');
    const report = await reconcileAnalyses(deps);
    expect(report.requeued).toContain(id);
    const job = await h.queue.getJob(analysisJobId(id));
    expect(job?.data).toEqual({ analysisId: id });
    expect(job?.opts).toMatchObject({ attempts: JOBS.analysis.attempts });
    expect((await row(id)).requeues).toBe(1);
    // Touched now: the next run leaves it alone (and the waiting job is alive anyway).
    const again = await reconcileAnalyses(deps);
    expect([...again.requeued, ...again.failed]).not.toContain(id);
    await job!.remove();
  });

  it('replaces a finished (completed or failed) job that would swallow the new one: its id is still taken', async () => {
    const completed = await stuck('pending');
    const failed = await stuck('processing');
    // A stand-in worker finishes the two jobs without touching the rows (as a lost write would leave them).
    const standIn = new Worker('analysis', async (job) => {
      if (job.data.analysisId === failed) throw new Error('worker lost its database');
      return 'done';
    }, { connection: h.connection, prefix: h.prefix });
    await h.queue.add('analysis', { analysisId: completed }, { jobId: analysisJobId(completed) });
    await h.queue.add('analysis', { analysisId: failed }, { jobId: analysisJobId(failed), attempts: 1 });
    await eventually(async () => (await h.queue.getJob(analysisJobId(completed)))?.isCompleted());
    await eventually(async () => (await h.queue.getJob(analysisJobId(failed)))?.isFailed());
    await standIn.close();
    await h.db.updateTable('swing_analyses').set({ updated_at: sql`now() - interval '1 hour'` }).where('id', 'in', [completed, failed]).execute();

    const report = await reconcileAnalyses(deps);
    expect(report.requeued).toEqual(expect.arrayContaining([completed, failed]));
    for (const id of [completed, failed]) {
      const job = await h.queue.getJob(analysisJobId(id));
      expect(await job!.getState()).toBe('waiting');
      await job!.remove();
    }
  });

  it('leaves an analysis whose job is still waiting or delayed in BullMQ alone', async () => {
    const id = await stuck('pending');
    await h.queue.add('analysis', { analysisId: id }, { jobId: analysisJobId(id), delay: 60_000 });
    const report = await reconcileAnalyses(deps);
    expect(report.alive).toContain(id);
    expect((await row(id)).requeues).toBe(0);
    await (await h.queue.getJob(analysisJobId(id)))!.remove();
  });

  it('leaves an upload whose event still waits in the outbox to the relay', async () => {
    const id = await stuck('pending');
    await h.db.transaction().execute((trx) => publishInTransaction(trx, CORE_SCHEMA, { type: 'analysis.uploaded', payload: { analysisId: id, club: 'driver' } }));
    const report = await reconcileAnalyses(deps);
    expect([...report.requeued, ...report.failed, ...report.alive]).not.toContain(id);
    expect(await h.queue.getJob(analysisJobId(id))).toBeUndefined();
    await h.db.updateTable('outbox').set({ sent_at: new Date() }).where('sent_at', 'is', null).execute();
  });

  it('fails an analysis re-queued too often, with the reason the golfer reads and analysis.failed', async () => {
    const id = await stuck('processing', 2);
    const report = await reconcileAnalyses(deps);
    expect(report.failed).toContain(id);
    const failed = await row(id);
    expect(failed.status).toBe('failed');
    expect(failed.technical_details).toMatchObject({ error: 'The analysis did not finish after 3 tries', message: STUCK_MESSAGE, requeues: 2 });
    expect(await h.events(id)).toContainEqual({ type: 'analysis.failed', payload: { analysisId: id, reason: 'The analysis did not finish after 3 tries' } });
    expect(await h.queue.getJob(analysisJobId(id))).toBeUndefined();
  });
});

describe('the reconciler as a repeatable job', () => {
  let analysis: Worker | undefined;
  let reconciler: Worker | undefined;
  afterAll(async () => {
    await reconciler?.close();
    await analysis?.close();
  });

  it('runs on its schedule and gets a stuck processing analysis completed by the analysis worker', { timeout: 120_000 }, async () => {
    const id = await stuck('processing');
    analysis = createAnalysisWorker(h.deps(stagesWith(recordingPoseStage())), { connection: h.connection, prefix: h.prefix, concurrency: 1, lockDuration: 30_000 });
    reconciler = createReconcileWorker(deps, { connection: h.connection, prefix: h.prefix });
    // Two replicas starting together: one schedule.
    const replica = new JobQueues({ connection: h.connection, prefix: h.prefix }, logger);
    await Promise.all([queues.keepScheduled('analysis-worker', { 'analysis.reconcile': 500 }, 500), replica.keepScheduled('analysis-worker', { 'analysis.reconcile': 500 }, 500)]);
    await replica.close();
    const done = await eventually(
      async () => {
        const r = await row(id);
        return r.status === 'complete' && r;
      },
      90_000,
      200,
    );
    expect(done.requeues).toBe(1);
    expect((await h.events(id)).filter((e) => e.type === 'analysis.completed')).toHaveLength(1);
    const schedulers = await queues.queue(JOBS['analysis.reconcile'].queue).getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toEqual(['analysis.reconcile']);
  });
});
