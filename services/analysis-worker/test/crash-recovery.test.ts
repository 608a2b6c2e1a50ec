import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_JOB_OPTIONS, analysisJobId } from '@swingfit/contracts';
import { eventually, testRedisUrl } from '@swingfit/server-kit/testing';
import { startHarness, type Harness } from './support/harness.js';
import { makeClip } from './support/clips.js';

/* A worker killed with SIGKILL in the middle of a job: another worker finishes it, exactly once. */

const here = dirname(fileURLToPath(import.meta.url));
let h: Harness;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  h = await startHarness();
  dir = mkdtempSync(join(tmpdir(), 'sf-crash-test-'));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function startWorkerProcess(poseDelayMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'support/worker-process.ts')], {
    cwd: join(here, '..'),
    env: {
      ...process.env,
      DATABASE_URL: h.testDb.url,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: h.prefix,
      S3_ENDPOINT: h.s3.config.endpoint,
      S3_ACCESS_KEY: h.s3.config.accessKey,
      S3_SECRET_KEY: h.s3.config.secretKey,
      S3_BUCKET: h.s3.config.bucket,
      LOCK_MS: '3000',
      STALLED_MS: '1000',
      POSE_DELAY_MS: String(poseDelayMs),
      NODE_NO_WARNINGS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  await eventually(async () => out.includes('ready') || child.exitCode !== null, 30_000, 50);
  if (child.exitCode !== null) throw new Error(`worker process exited with ${child.exitCode}`);
  return child;
}

describe('crash recovery', () => {
  it('completes once after the worker is killed mid-job', { timeout: 120_000 }, async () => {
    const clip = await makeClip(dir, 'clip', { width: 640, height: 360, seconds: 1 });
    const { id } = await h.createAnalysis({ video: clip });
    const jobId = analysisJobId(id);
    await h.queue.add('analysis', { analysisId: id }, { ...ANALYSIS_JOB_OPTIONS, jobId });

    const first = await startWorkerProcess(60_000);
    // Mid-job: the video is transcoded and the (slow) pose stage is running.
    await eventually(async () => ((await h.queue.getJob(jobId))?.progress as { stage?: string })?.stage === 'pose', 60_000, 100);
    const before = await h.db.selectFrom('swing_analyses').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(before).toEqual({ status: 'processing', attempts: 1 });
    first.kill('SIGKILL');
    await once(first, 'exit');

    const second = await startWorkerProcess(0);
    const done = await eventually(
      async () => {
        const r = await h.db.selectFrom('swing_analyses').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
        return r.status === 'complete' ? r : undefined;
      },
      60_000,
      200,
    );
    expect(done.attempts).toBe(2);
    await eventually(async () => (await h.queue.getJob(jobId))?.isCompleted(), 10_000);
    expect((await h.events(id)).map((e) => e.type)).toEqual(['analysis.completed']);

    second.kill('SIGTERM');
    await once(second, 'exit');
  });
});
