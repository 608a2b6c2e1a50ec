import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { ANALYSIS_JOB_OPTIONS, JOBS, analysisJobId } from '@swingfit/contracts';
import { eventually, freePort, metricSample, testRedisUrl } from '@swingfit/server-kit/testing';
import { FAILURE_CATEGORIES, failureCategory } from '../src/jobs/analysis-metrics.js';
import { startHarness, type Harness } from './support/harness.js';
import { makeClip } from './support/clips.js';

/* The service as deployed: src/main.ts with env only (migrations, health server, worker, relay, shutdown). */

const here = dirname(fileURLToPath(import.meta.url));
let h: Harness;
let dir: string;
let child: ChildProcess | undefined;
const METRICS_TOKEN = 'worker-metrics-token-for-tests';

beforeAll(async () => {
  h = await startHarness();
  dir = mkdtempSync(join(tmpdir(), 'sf-main-test-'));
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('analysis-worker main', () => {
  it('starts, reports ready, processes a job, relays its event and stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
    // A port the kernel says is free now: a random one could land on a connection's ephemeral port.
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', join(here, '../src/main.ts')], {
      cwd: join(here, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        NODE_NO_WARNINGS: '1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: h.testDb.url,
        REDIS_URL: testRedisUrl(),
        QUEUE_PREFIX: h.prefix,
        S3_ENDPOINT: h.s3.config.endpoint,
        S3_ACCESS_KEY: h.s3.config.accessKey,
        S3_SECRET_KEY: h.s3.config.secretKey,
        S3_BUCKET: h.s3.config.bucket,
        PORT: String(port),
        INTERNAL_TOKEN: METRICS_TOKEN,
        REMEASURE_OLDER_EVERY_MS: '120000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const ready = await eventually(async () => {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      return res.status === 200 ? ((await res.json()) as { checks: Record<string, string> }) : undefined;
    }, 60_000, 250);
    expect(ready.checks).toEqual({ postgres: 'ok', redis: 'ok', objectStore: 'ok' });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    // The sweep of analyses an older measurement read is scheduled, at the configured pace (once across replicas).
    const sweeps = new Queue(JOBS['analysis.remeasure-older'].queue, { connection: h.connection, prefix: h.prefix });
    const scheduled = await eventually(async () => {
      const list = await sweeps.getJobSchedulers();
      return list.length ? list : undefined;
    }, 15_000, 200);
    await sweeps.close();
    expect(scheduled).toEqual([expect.objectContaining({ name: 'analysis.remeasure-older', every: 120_000 })]);

    const { id } = await h.createAnalysis({ video: await makeClip(dir, 'clip', { width: 640, height: 360, seconds: 1 }) });
    // As the relay adds it from the upload's event: with the upload request's id.
    await h.queue.add('analysis', { analysisId: id, requestId: 'upload-req-77' }, { ...ANALYSIS_JOB_OPTIONS, jobId: analysisJobId(id) });
    const done = await eventually(async () => {
      const r = await h.db.selectFrom('swing_analyses').select(['status', 'technical_details']).where('id', '=', id).executeTakeFirstOrThrow();
      return r.status === 'complete' || r.status === 'failed' ? r : undefined;
    }, 60_000, 200);
    // Whatever the registered pose stage makes of a test pattern, the media stages ran and were timed.
    const stages = (done.technical_details as { stages: { name: string }[] }).stages.map((s) => s.name);
    expect(stages).toEqual(expect.arrayContaining(['face-on:probe', 'face-on:transcode', 'face-on:poster']));
    // The relay moved the outcome event to the gateway's queue.
    await eventually(async () => {
      const events = await h.db.selectFrom('outbox').select(['type', 'sent_at', 'request_id']).execute();
      return events.some((e) => e.type === `analysis.${done.status === 'complete' ? 'completed' : 'failed'}` && e.sent_at && e.request_id === 'upload-req-77');
    }, 15_000);

    // /metrics on the health port: the analysis counted once by outcome, its job timed, the queue read.
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    const error = (done.technical_details as { error?: string }).error ?? '';
    const expected = done.status === 'complete' ? { outcome: 'completed', reason: '' } : { outcome: 'failed', reason: failureCategory({ name: 'UnrecoverableError', message: error }) };
    expect(FAILURE_CATEGORIES).toContain(expected.reason || 'other');
    expect(metricSample(text, 'swingfit_analyses_total', { ...expected, service: 'analysis-worker' })).toBe(1);
    expect(metricSample(text, 'swingfit_job_duration_seconds_count', { queue: 'analysis', job: 'analysis' })).toBe(1);
    expect(metricSample(text, 'swingfit_job_duration_seconds_sum', { queue: 'analysis', job: 'analysis' })).toBeGreaterThan(0.05);
    expect(metricSample(text, 'swingfit_queue_jobs', { queue: 'analysis', state: 'active' })).toBe(0);
    expect(metricSample(text, 'swingfit_queue_jobs', { queue: 'analysis-reconcile', state: 'failed' })).toBe(0);
    expect(metricSample(text, 'swingfit_outbox_unsent_events', { schema: 'core' })).toBe(0);

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
