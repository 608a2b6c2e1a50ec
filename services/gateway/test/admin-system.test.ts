import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Job, Queue, Worker } from 'bullmq';
import { ANALYSIS_QUEUE, JOBS, MEASUREMENT_EDITION, REMEASURE_ERRORS, analysisJobId, eventQueueName, remeasureJobId, type AdminUserAnalyses, type SystemView } from '@swingfit/contracts';
import { JobQueues } from '@swingfit/server-kit';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';
import { analysisRow, auditLines, signInAdmin } from './admin-fixtures.js';
import { parsePeerReport } from '../src/services/peer-readiness.js';

let h: Harness;
let admin: string;
let billing: Server;
const queues: Queue[] = [];

/** A stand-in billing service whose /readyz reports its outbox and Stripe mode, as issues 11 and 14 make it. */
async function fakeBilling(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.url !== '/readyz') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'ready', checks: { postgres: 'ok' }, outbox: { unsent: 3, oldestUnsentAgeMs: 1200 }, stripeMode: 'test' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

/** A port nothing listens on: the gamification service is "down". */
async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  const fake = await fakeBilling();
  billing = fake.server;
  h = await startGateway({ BILLING_URL: fake.url, GAMIFICATION_URL: await closedPort() });
  admin = await signInAdmin(h);
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.close()));
  billing?.close();
  await h?.close();
});

const headers = () => ({ cookie: admin });
const system = async () => {
  const res = await h.app.inject({ method: 'GET', url: '/api/admin/system', headers: headers() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SystemView;
};
const queueOf = (name: string) => {
  const q = new Queue(name, { connection: h.deps.queues.connection, prefix: h.deps.queues.prefix });
  queues.push(q);
  return q;
};

/** Runs one worker on the queue that fails every job with `reason`, until `count` jobs have failed. */
async function failJobs(name: string, count: number, reason: string) {
  let failed = 0;
  const worker = new Worker(name, async () => { throw new Error(reason); }, { connection: h.deps.queues.connection, prefix: h.deps.queues.prefix });
  await new Promise<void>((resolve) => worker.on('failed', () => ++failed === count && resolve()));
  await worker.close();
}

async function failedAnalysis(userId: number) {
  const row = await h.deps.db
    .insertInto('swing_analyses')
    .values(
      analysisRow(userId, {
        status: 'failed',
        // Two days old: outside the last-24-hours figures another test checks.
        created_at: new Date(Date.now() - 48 * 3_600_000),
        technical_details: JSON.stringify({ error: 'The analysis could not be completed', message: 'Try again.' }),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('GET /api/admin/system: the analyses of the last 24 hours', () => {
  it('counts them by status and gives the median and p95 upload-to-complete time of the finished ones', async () => {
    const { user } = await registerGolfer(h.app);
    const now = Date.now();
    const complete = Array.from({ length: 10 }, (_, i) => {
      const created = new Date(now - 3_600_000 - i * 60_000);
      return analysisRow(user.id, { status: 'complete', created_at: created, completed_at: new Date(created.getTime() + (i + 1) * 10_000) });
    });
    await h.deps.db
      .insertInto('swing_analyses')
      .values([
        ...complete,
        analysisRow(user.id, { status: 'failed', created_at: new Date(now - 7_200_000) }),
        analysisRow(user.id, { status: 'pending', created_at: new Date(now - 60_000) }),
        analysisRow(user.id, { status: 'processing', created_at: new Date(now - 30_000) }),
        // Older than a day: not counted.
        analysisRow(user.id, { status: 'complete', created_at: new Date(now - 25 * 3_600_000), completed_at: new Date(now - 25 * 3_600_000 + 999_000) }),
      ])
      .execute();
    const { analyses } = await system();
    expect(analyses.byStatus).toEqual({ pending: 1, processing: 1, complete: 10, failed: 1 });
    expect(analyses.total).toBe(13);
    // 10 s, 20 s ... 100 s: median 55 s; p95 by linear interpolation at 0.95 * 9 = 8.55 -> 90 + 0.55 * 10 = 95.5 s.
    expect(analyses.turnaround).toEqual({ measured: 10, medianMs: 55_000, p95Ms: 95_500 });
    expect(Date.parse(analyses.since)).toBeGreaterThan(now - 24 * 3_600_000 - 60_000);
  });
});

describe('GET /api/admin/system: outboxes and payments', () => {
  it("shows the gateway's own unsent events, billing's as it reports them, and an unreachable service as unknown", async () => {
    await h.deps.db
      .insertInto('outbox')
      .values({ id: randomUUID(), type: 'user.registered', payload: JSON.stringify({}), occurred_at: new Date(Date.now() - 5_000), sent_at: null, version: 1, user_id: null, request_id: null })
      .execute();
    const view = await system();
    const by = Object.fromEntries(view.outbox.map((o) => [o.service, o]));
    expect(by.gateway!.unsent).toBeGreaterThanOrEqual(1);
    expect(by.gateway!.oldestUnsentAgeMs).toBeGreaterThanOrEqual(5_000);
    expect(by.gateway!.error).toBeNull();
    expect(by.billing).toEqual({ service: 'billing', unsent: 3, oldestUnsentAgeMs: 1200, error: null });
    expect(by.gamification).toEqual({ service: 'gamification', unsent: null, oldestUnsentAgeMs: null, error: 'Service did not answer' });
    expect(view.payments).toEqual({ stripeMode: 'test' });
  });

  it('reads outbox figures wherever /readyz puts them, and calls anything else unknown', () => {
    const figures = { unsent: 2, oldestUnsentAgeMs: null };
    expect(parsePeerReport({ outbox: figures }).outbox).toEqual(figures);
    expect(parsePeerReport({ details: { outbox: figures } }).outbox).toEqual(figures);
    expect(parsePeerReport({ checks: { outbox: figures } }).outbox).toEqual(figures);
    for (const body of [{ status: 'ready', checks: { postgres: 'ok' } }, { outbox: { unsent: -1, oldestUnsentAgeMs: 0 } }, { outbox: 'ok' }, 'text', null]) {
      expect(parsePeerReport(body)).toEqual({ outbox: null, stripeMode: null, error: 'Not reported by this service yet' });
    }
    expect(parsePeerReport({ stripeMode: 'live' }).stripeMode).toBe('live');
    expect(parsePeerReport({ stripeMode: 'sandbox' }).stripeMode).toBeNull();
  });
});

describe('failed jobs: listed, retried and removed by the operator', () => {
  it('lists every operated queue with its counts: the analyses, the event queues, then the scheduled jobs', async () => {
    const view = await system();
    expect(view.queues.map((q) => q.name)).toEqual([
      ANALYSIS_QUEUE,
      eventQueueName('gamification'),
      eventQueueName('gateway'),
      JOBS['analysis.remeasure-older'].queue,
      JOBS['analysis.reconcile'].queue,
      JOBS['analysis.refresh-write-ups'].queue,
      JOBS['billing.reconcile'].queue,
      JOBS['gamification.weekly-reset'].queue,
    ]);
    for (const q of view.queues) expect(q.counts).toEqual({ waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 });
  });

  it('retries a failed analysis job: the analysis is pending again, the job waits, and the audit log names the golfer', async () => {
    const { user } = await registerGolfer(h.app);
    const analysisId = await failedAnalysis(user.id);
    const queue = queueOf(ANALYSIS_QUEUE);
    await queue.add('analysis', { analysisId }, { jobId: analysisJobId(analysisId), attempts: 1 });
    await failJobs(ANALYSIS_QUEUE, 1, 'ffmpeg exploded');

    const before = (await system()).queues.find((q) => q.name === ANALYSIS_QUEUE)!;
    expect(before.counts).toMatchObject({ failed: 1, waiting: 0 });
    expect(before.failedJobs).toEqual([
      expect.objectContaining({ id: analysisJobId(analysisId), name: 'analysis', failedReason: 'ffmpeg exploded', attemptsMade: 1, analysisId, eventType: null }),
    ]);

    const url = `/api/admin/queues/${ANALYSIS_QUEUE}/jobs/${analysisJobId(analysisId)}/retry`;
    const res = await h.app.inject({ method: 'POST', url, headers: headers() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ retried: true });
    const job = await queue.getJob(analysisJobId(analysisId));
    expect(await job!.getState()).toBe('waiting');
    expect(job!.attemptsMade).toBe(0);
    const row = await h.deps.db.selectFrom('swing_analyses').select(['status', 'technical_details']).where('id', '=', analysisId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', technical_details: null });
    const [line] = (await auditLines(h, 'retry-job')).filter((l) => (l.detail as { analysisId?: number }).analysisId === analysisId);
    expect(line).toMatchObject({ target_user_id: user.id, detail: { queue: ANALYSIS_QUEUE, jobId: analysisJobId(analysisId), analysisId, analysisReopened: true, failedReason: 'ffmpeg exploded' } });

    // It is waiting now, not failed: a second press is refused and changes nothing.
    const again = await h.app.inject({ method: 'POST', url, headers: headers() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/this one is waiting/);
    expect((await auditLines(h, 'retry-job')).filter((l) => (l.detail as { analysisId?: number }).analysisId === analysisId)).toHaveLength(1);
    await queue.obliterate({ force: true });
  });

  it('puts the analysis back to failed, and says so in the log, when the queue refuses to move the job', async () => {
    const { user } = await registerGolfer(h.app);
    const analysisId = await failedAnalysis(user.id);
    const queue = queueOf(ANALYSIS_QUEUE);
    await queue.add('analysis', { analysisId }, { jobId: analysisJobId(analysisId), attempts: 1 });
    await failJobs(ANALYSIS_QUEUE, 1, 'worker crashed');
    // Fault injection: Redis refuses the move (as when the job changed state in between).
    const refused = vi.spyOn(Job.prototype, 'retry').mockRejectedValueOnce(new Error('Job is not in the failed state'));
    try {
      const res = await h.app.inject({ method: 'POST', url: `/api/admin/queues/${ANALYSIS_QUEUE}/jobs/${analysisJobId(analysisId)}/retry`, headers: headers() });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/could not be retried/);
    } finally {
      refused.mockRestore();
    }
    const row = await h.deps.db.selectFrom('swing_analyses').select(['status', 'technical_details']).where('id', '=', analysisId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', technical_details: { error: 'The analysis could not be completed', message: 'Try again.' } });
    const [failedLine] = (await auditLines(h, 'retry-job-failed')).filter((l) => (l.detail as { analysisId?: number }).analysisId === analysisId);
    expect(failedLine).toMatchObject({ target_user_id: user.id, detail: { error: 'Error: Job is not in the failed state' } });
    expect(await (await queue.getJob(analysisJobId(analysisId)))!.getState()).toBe('failed');
    await queue.obliterate({ force: true });
  });

  it('removes a failed event job for good and logs the event and its golfer', async () => {
    const name = eventQueueName('gamification');
    const queue = queueOf(name);
    const eventId = randomUUID();
    await queue.add('exercise.completed', { id: eventId, type: 'exercise.completed', version: 1, occurredAt: new Date().toISOString(), userId: 42, payload: {} }, { jobId: eventId, attempts: 1 });
    await failJobs(name, 1, 'ledger unavailable');
    const listed = (await system()).queues.find((q) => q.name === name)!;
    expect(listed.failedJobs[0]).toMatchObject({ id: eventId, eventType: 'exercise.completed', userId: 42, failedReason: 'ledger unavailable' });

    const res = await h.app.inject({ method: 'DELETE', url: `/api/admin/queues/${name}/jobs/${eventId}`, headers: headers() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: true });
    expect(await queue.getJob(eventId)).toBeUndefined();
    expect((await system()).queues.find((q) => q.name === name)!.counts!.failed).toBe(0);
    const [line] = await auditLines(h, 'remove-job');
    expect(line).toMatchObject({ target_user_id: 42, detail: { queue: name, jobId: eventId, eventType: 'exercise.completed' } });
  });

  it('shows a failed scheduled job (the payments check with Stripe) and retries it', async () => {
    const name = JOBS['billing.reconcile'].queue;
    const queue = queueOf(name);
    await queue.add('billing.reconcile', {}, { jobId: 'reconcile-run-1', attempts: 1 });
    await failJobs(name, 1, 'Stripe did not answer');
    const listed = (await system()).queues.find((q) => q.name === name)!;
    expect(listed.counts).toMatchObject({ failed: 1 });
    expect(listed.failedJobs).toEqual([expect.objectContaining({ id: 'reconcile-run-1', name: 'billing.reconcile', failedReason: 'Stripe did not answer', analysisId: null, userId: null })]);

    const res = await h.app.inject({ method: 'POST', url: `/api/admin/queues/${name}/jobs/reconcile-run-1/retry`, headers: headers() });
    expect(res.statusCode, res.body).toBe(200);
    expect(await (await queue.getJob('reconcile-run-1'))!.getState()).toBe('waiting');
    const [line] = (await auditLines(h, 'retry-job')).filter((l) => (l.detail as { queue?: string }).queue === name);
    expect(line).toMatchObject({ target_user_id: null, detail: { queue: name, jobId: 'reconcile-run-1', failedReason: 'Stripe did not answer' } });
  });

  it('counts every run of a job the operator retried: failed, retried, failed again reads 2 attempts, not 1', async () => {
    const name = JOBS['gamification.weekly-reset'].queue;
    const queue = queueOf(name);
    await queue.add('gamification.weekly-reset', {}, { jobId: 'weekly-reset-1', attempts: 1 });
    await failJobs(name, 1, 'ledger unavailable');
    const failedOnce = async () => (await system()).queues.find((q) => q.name === name)!.failedJobs[0];
    expect(await failedOnce()).toMatchObject({ id: 'weekly-reset-1', attemptsMade: 1 });

    const res = await h.app.inject({ method: 'POST', url: `/api/admin/queues/${name}/jobs/weekly-reset-1/retry`, headers: headers() });
    expect(res.statusCode, res.body).toBe(200);
    await failJobs(name, 1, 'ledger still unavailable');
    expect(await failedOnce()).toMatchObject({ id: 'weekly-reset-1', failedReason: 'ledger still unavailable', attemptsMade: 2 });
    await queue.obliterate({ force: true });
  });

  it("counts a failed analysis job's attempts as the analysis does, when BullMQ's count started again", async () => {
    const { user } = await registerGolfer(h.app);
    const analysisId = await failedAnalysis(user.id);
    // The worker claimed it three times (markProcessing counts each run); the job, added again, ran once.
    await h.deps.db.updateTable('swing_analyses').set({ attempts: 3 }).where('id', '=', analysisId).execute();
    const queue = queueOf(ANALYSIS_QUEUE);
    await queue.add('analysis', { analysisId }, { jobId: analysisJobId(analysisId), attempts: 1 });
    await failJobs(ANALYSIS_QUEUE, 1, 'ffmpeg exploded');
    const [job] = (await system()).queues.find((q) => q.name === ANALYSIS_QUEUE)!.failedJobs;
    expect(job).toMatchObject({ id: analysisJobId(analysisId), analysisId, attemptsMade: 3 });
    await queue.obliterate({ force: true });
  });

  it('answers 404 for an unknown queue or job, 409 for a job that has not failed, 400 for a malformed queue name', async () => {
    const queue = queueOf(eventQueueName('gateway'));
    await queue.add('points.awarded', { type: 'points.awarded' }, { jobId: 'still-waiting' });
    const cases: Array<[string, 'POST' | 'DELETE', number]> = [
      ['/api/admin/queues/nope/jobs/1/retry', 'POST', 404],
      [`/api/admin/queues/${ANALYSIS_QUEUE}/jobs/missing/retry`, 'POST', 404],
      [`/api/admin/queues/${eventQueueName('gateway')}/jobs/still-waiting`, 'DELETE', 409],
      [`/api/admin/queues/${eventQueueName('gateway')}/jobs/still-waiting/retry`, 'POST', 409],
      ['/api/admin/queues/Bad_Name!/jobs/1', 'DELETE', 400],
    ];
    for (const [url, method, status] of cases) {
      const res = await h.app.inject({ method, url, headers: headers() });
      expect(res.statusCode, `${method} ${url}`).toBe(status);
    }
    expect(await (await queue.getJob('still-waiting'))!.getState()).toBe('waiting');
    expect(await auditLines(h, 'remove-job')).toHaveLength(1);
    await queue.obliterate({ force: true });
  });
});

describe("measuring a golfer's completed analysis again", () => {
  const remeasure = (id: number | string) => h.app.inject({ method: 'POST', url: `/api/admin/analyses/${id}/remeasure`, headers: headers() });

  it('queues it behind uploads once, logs it against the golfer, and the golfer\'s list shows when it was measured again', async () => {
    const { user } = await registerGolfer(h.app);
    const completedAt = new Date('2026-01-05T10:01:00Z');
    const row = await h.deps.db.insertInto('swing_analyses').values(analysisRow(user.id, { status: 'complete', created_at: new Date('2026-01-05T10:00:00Z'), completed_at: completedAt, measured_at: completedAt })).returning('id').executeTakeFirstOrThrow();
    const analysisId = Number(row.id);
    const queue = queueOf(ANALYSIS_QUEUE);

    const res = await remeasure(analysisId);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ analysisId, outcome: 'queued' });
    const job = await queue.getJob(remeasureJobId(analysisId));
    expect(job).toMatchObject({ name: 'analysis.remeasure', data: { analysisId } });
    expect(job!.opts.priority).toBeGreaterThan(0);
    // A second press while it waits queues nothing more, and says so.
    expect((await remeasure(analysisId)).json()).toEqual({ analysisId, outcome: 'already queued' });
    expect(await queue.getJobCounts('prioritized')).toMatchObject({ prioritized: 1 });
    const lines = (await auditLines(h, 'remeasure-analysis')).filter((l) => (l.detail as { analysisId?: number }).analysisId === analysisId);
    expect(lines.map((l) => [l.target_user_id, (l.detail as { outcome: string }).outcome])).toEqual([
      [user.id, 'queued'],
      [user.id, 'already queued'],
    ]);

    const list = async () => (await h.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}/analyses`, headers: headers() })).json() as AdminUserAnalyses;
    // Measured before editions were recorded: an older measurement. The worker measures those again by
    // itself only while its sweep is scheduled (REMEASURE_OLDER_BATCH=0 unschedules it): until then the
    // dialog promises nothing.
    expect((await list()).analyses[0]).toMatchObject({ id: analysisId, measuredAgainAt: null, awaitsRemeasure: false });
    const worker = new JobQueues(h.deps.queues, h.deps.logger);
    await worker.scheduleRepeatable('analysis-worker', {}, ['analysis.remeasure-older']);
    expect((await list()).analyses[0]).toMatchObject({ id: analysisId, measuredAgainAt: null, awaitsRemeasure: true });
    // Today's measurement tried and could not read it again: it stays as it is, and the dialog does not promise otherwise.
    await h.deps.db.updateTable('swing_analyses').set({ remeasure_tried_edition: MEASUREMENT_EDITION }).where('id', '=', analysisId).execute();
    expect((await list()).analyses[0]).toMatchObject({ id: analysisId, awaitsRemeasure: false });
    await h.deps.db.updateTable('swing_analyses').set({ remeasure_tried_edition: null }).where('id', '=', analysisId).execute();
    // The worker measured it again (what storeRemeasured writes): the completion time stays, the edition is today's.
    await h.deps.db.updateTable('swing_analyses').set({ measured_at: new Date('2026-11-26T15:00:00Z'), measurement_edition: MEASUREMENT_EDITION }).where('id', '=', analysisId).execute();
    expect((await list()).analyses[0]).toMatchObject({ completedAt: completedAt.toISOString(), measuredAgainAt: '2026-11-26T15:00:00.000Z', awaitsRemeasure: false });
    await queue.obliterate({ force: true });
    await worker.queue(JOBS['analysis.remeasure-older'].queue).obliterate({ force: true });
    await worker.close();
  });

  it('answers 404 for an analysis that does not exist, 409 for one not complete, 400 for an id that is not one; nothing is queued', async () => {
    const { user } = await registerGolfer(h.app);
    const pending = await h.deps.db.insertInto('swing_analyses').values(analysisRow(user.id)).returning('id').executeTakeFirstOrThrow();
    const failed = await failedAnalysis(user.id);
    expect((await remeasure(987_654_321)).json()).toEqual({ message: REMEASURE_ERRORS.notFound });
    expect((await remeasure(987_654_321)).statusCode).toBe(404);
    for (const id of [Number(pending.id), failed]) {
      const res = await remeasure(id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: REMEASURE_ERRORS.notComplete });
    }
    expect((await remeasure('abc')).statusCode).toBe(400);
    expect((await remeasure(0)).statusCode).toBe(400);
    expect(await queueOf(ANALYSIS_QUEUE).getJobCounts('prioritized', 'waiting')).toMatchObject({ prioritized: 0, waiting: 0 });
  });
});
