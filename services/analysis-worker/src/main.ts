import {
  openSchema,
  ObjectStore,
  OutboxRelay,
  closeOnSignals,
  createHttpServer,
  createLogger,
  createRedis,
  objectStoreConfig,
  pingDb,
  pingRedis,
  queueConnection,
  registerHealth,
} from '@swingfit/server-kit';
import { CORE_SCHEMA, coreMigrations, type CoreDatabase } from '@swingfit/core-db';
import { readConfig } from './config.js';
import { createAnalysisWorker } from './jobs/analysis-worker.js';
import { defaultStages } from './pipeline/registry.js';

const config = readConfig();
const logger = createLogger('analysis-worker', config.LOG_LEVEL);

// The worker shares the core schema with the gateway; whichever starts first migrates it (advisory lock).
const db = await openSchema<CoreDatabase>(config.DATABASE_URL, CORE_SCHEMA, coreMigrations, { logger, applicationName: 'analysis-worker' });

const redis = createRedis(config.REDIS_URL, 'worker');
const queues = { connection: queueConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX };
const store = new ObjectStore(objectStoreConfig(config));
await store.ensureBucket();
const relay = new OutboxRelay(db, CORE_SCHEMA, queues, logger);

const worker = createAnalysisWorker(
  { db, store, logger, tools: { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH }, stages: defaultStages, maxVideoSeconds: config.MAX_VIDEO_SECONDS },
  { connection: queues.connection, prefix: queues.prefix, concurrency: config.WORKER_CONCURRENCY, lockDuration: config.JOB_LOCK_MS, maxStalledCount: 2 },
);
relay.start();
// Model loading takes seconds per configuration: done now, not inside the first golfer's analysis.
defaultStages.warm?.().then(
  () => logger.info('pose models loaded'),
  (error: unknown) => logger.warn({ err: error }, 'pose models could not be loaded ahead of time'),
);

const health = createHttpServer({ logger });
registerHealth(health, {
  postgres: () => pingDb(db),
  redis: () => pingRedis(redis),
  s3: () => store.ping(),
});

const CLOSE_DEADLINE_MS = 20_000;

/**
 * worker.close() waits for running jobs with no deadline. Give them a while, then abort them (which
 * kills their ffmpeg children) and force-close: the unfinished job's lock lapses and it is redone.
 */
async function closeWorker(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => (timer = setTimeout(() => resolve('deadline'), CLOSE_DEADLINE_MS)));
  const outcome = await Promise.race([worker.close().then(() => 'closed' as const), deadline]);
  clearTimeout(timer);
  if (outcome === 'deadline') {
    logger.warn('jobs still running at the shutdown deadline; aborting them');
    worker.cancelAllJobs('shutdown');
    await worker.close(true);
  }
}

closeOnSignals(
  [
    { name: 'analysis worker', close: closeWorker },
    { name: 'pipeline stages', close: () => defaultStages.close?.() ?? Promise.resolve() },
    { name: 'outbox relay', close: () => relay.close() },
    { name: 'health', close: () => health.close() },
    { name: 'redis', close: () => redis.quit() },
    { name: 'postgres', close: () => db.destroy() },
  ],
  logger,
  CLOSE_DEADLINE_MS + 10_000,
);

await health.listen({ port: config.PORT, host: config.HOST });
logger.info({ concurrency: config.WORKER_CONCURRENCY, port: config.PORT }, 'analysis worker ready');
