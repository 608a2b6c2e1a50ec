/*
 * A worker in its own process for the crash test: the parent SIGKILLs it mid-job and starts another.
 * Env: DATABASE_URL, REDIS_URL, QUEUE_PREFIX, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, LOCK_MS, STALLED_MS, POSE_DELAY_MS.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { ObjectStore, createDb, queueConnection } from '@swingfit/server-kit';
import { CORE_SCHEMA, type CoreDatabase } from '@swingfit/core-db';
import { createAnalysisWorker } from '../../src/jobs/analysis-worker.js';
import { DEFAULT_TOOLS } from '../../src/media/ffmpeg.js';
import { recordingPoseStage, stagesWith } from './stages.js';

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`worker-process: ${name} is missing`);
  return value;
};
const db = createDb<CoreDatabase>(need('DATABASE_URL'), { schema: CORE_SCHEMA, max: 2 });
const store = new ObjectStore({ endpoint: need('S3_ENDPOINT'), region: 'us-east-1', accessKey: need('S3_ACCESS_KEY'), secretKey: need('S3_SECRET_KEY'), bucket: need('S3_BUCKET') });
const pose = recordingPoseStage();
const slowPose: typeof pose = async (input) => {
  await sleep(Number(process.env.POSE_DELAY_MS ?? 0), undefined, { signal: input.signal });
  return pose(input);
};
const worker = createAnalysisWorker(
  { db, store, logger: pino({ level: 'silent' }), tools: DEFAULT_TOOLS, stages: stagesWith(slowPose), maxVideoSeconds: 120 },
  {
    connection: queueConnection(need('REDIS_URL')),
    prefix: need('QUEUE_PREFIX'),
    concurrency: 1,
    lockDuration: Number(need('LOCK_MS')),
    stalledInterval: Number(need('STALLED_MS')),
    maxStalledCount: 2,
  },
);
await worker.waitUntilReady();
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void worker.close().then(() => db.destroy()).then(() => process.exit(0));
});
