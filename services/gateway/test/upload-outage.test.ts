import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { eventually, freePort, startPrivateRedis, stopProcess, type PrivateRedis } from '@swingfit/server-kit/testing';
import { startGateway, type Harness } from './harness.js';
import { file, makeVideos, signUp, upload, type Videos } from './analyses-helpers.js';

/*
 * Nothing is lost between a commit and a queue. The gateway and a real analysis-worker process
 * (run from its sources, pose stage switched off by configuration) share one database and a PRIVATE
 * redis-server that the test stops and starts again; the shared Redis is never touched.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let redis: PrivateRedis;
let h: Harness;
let v: Videos;
let worker: ChildProcess | undefined;
let workerLog = '';

async function startWorker(env: Record<string, string> = {}): Promise<void> {
  const port = await freePort();
  const { config } = h.deps;
  const child = spawn(process.execPath, ['--import', 'tsx', `${ROOT}services/analysis-worker/src/main.ts`], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_NO_WARNINGS: '1',
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: config.QUEUE_PREFIX,
      S3_ENDPOINT: config.S3_ENDPOINT,
      S3_ACCESS_KEY: config.S3_ACCESS_KEY,
      S3_SECRET_KEY: config.S3_SECRET_KEY,
      S3_BUCKET: config.S3_BUCKET,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ANALYSIS_POSE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (workerLog += String(d)));
  child.stderr?.on('data', (d) => (workerLog += String(d)));
  worker = child;
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, 60_000, 250).catch((error) => {
    throw new Error(`analysis-worker did not start: ${(error as Error).message}\n${workerLog}`);
  });
}

async function stopWorker(): Promise<void> {
  const child = worker;
  worker = undefined;
  await stopProcess(child);
}

/** Waits for the analysis to end (complete or failed), showing the worker's log if it never does. */
async function finished(id: number) {
  return eventually(
    async () => {
      const row = await analysisRow(id);
      return row.status === 'complete' || row.status === 'failed' ? row : undefined;
    },
    120_000,
    250,
  ).catch((error) => {
    throw new Error(`${(error as Error).message}\nworker log:\n${workerLog}`);
  });
}

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startGateway({ REDIS_URL: redis.url });
  h.deps.relay.start();
  v = makeVideos();
}, 60_000);
afterAll(async () => {
  await stopWorker();
  await h?.close();
  await redis?.close();
  v?.close();
});

const analysisRow = (id: number) => h.deps.db.selectFrom('swing_analyses').select(['status', 'requeues', 'technical_details']).where('id', '=', id).executeTakeFirstOrThrow();
const unsentUpload = async (id: number) =>
  (await sql<{ n: number }>`select count(*)::int as n from outbox where sent_at is null and type = 'analysis.uploaded' and (payload->>'analysisId')::bigint = ${id}`.execute(h.deps.db)).rows[0]!.n;
const completedEvents = async (id: number) =>
  (await sql<{ n: number }>`select count(*)::int as n from outbox where type = 'analysis.completed' and (payload->>'analysisId')::bigint = ${id}`.execute(h.deps.db)).rows[0]!.n;

describe('an upload while Redis is down', () => {
  it('commits, answers 201, waits in the outbox, and completes once Redis is back, with no manual step', { timeout: 180_000 }, async () => {
    await startWorker();
    const golfer = await signUp(h);
    await redis.stop();

    const res = await upload(h, golfer, [{ name: 'clubSelection', value: 'driver' }, file('faceOnVideo', v.mp4)]);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    expect((await analysisRow(id)).status).toBe('pending');
    expect(await unsentUpload(id)).toBe(1);
    const used = await h.deps.db.selectFrom('users').select('video_uploads_used').where('id', '=', golfer.id).executeTakeFirstOrThrow();
    expect(used.video_uploads_used).toBe(1);

    // Meanwhile readiness says why, and how much waits.
    const ready = await h.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().details.outbox.unsent).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await analysisRow(id)).status).toBe('pending');
    const idle = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`.execute(h.deps.db);
    expect(idle.rows[0]!.n).toBe(0);

    await redis.start();
    const done = await finished(id);
    expect(done.status, JSON.stringify(done.technical_details)).toBe('complete');
    expect(await unsentUpload(id)).toBe(0);
    expect(await completedEvents(id)).toBe(1);
  });
});

describe('a job Redis lost after the relay sent it', () => {
  it('is found stuck and queued again by the reconciler, then completes once', { timeout: 180_000 }, async () => {
    await stopWorker();
    const golfer = await signUp(h);
    const res = await upload(h, golfer, [{ name: 'clubSelection', value: 'driver' }, file('faceOnVideo', v.mp4)]);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    // The relay hands the job to Redis; no worker is there to take it...
    await eventually(async () => (await unsentUpload(id)) === 0, 30_000);
    // ...and Redis restarts without persistence: the job is gone, the row still says pending.
    await redis.stop();
    await redis.start();
    expect((await analysisRow(id)).status).toBe('pending');

    await startWorker({ ANALYSIS_STUCK_AFTER_MS: '2000', ANALYSIS_RECONCILE_EVERY_MS: '1000' });
    const done = await finished(id);
    expect(done.status, JSON.stringify(done.technical_details)).toBe('complete');
    expect(done.requeues).toBe(1);
    expect(await completedEvents(id)).toBe(1);
  });
});
