import {
  openSchema,
  JobQueues,
  ObjectStore,
  OutboxRelay,
  ServiceMetrics,
  closeOnSignals,
  createHttpServer,
  createLogger,
  createRedis,
  metricsToken,
  objectStoreConfig,
  outboxLag,
  pingDb,
  pingRedis,
  queueConnection,
  registerHealth,
  requireHandlers,
} from '@swingfit/server-kit';
import { CORE_SCHEMA, coreMigrations, type CoreDatabase } from '@swingfit/core-db';
import { readConfig, repeatEvery } from './config.js';
import type { AnalysisDeps } from './jobs/analysis-job.js';
import { analysisJobHandlers, createAnalysisWorker } from './jobs/analysis-worker.js';
import { createReconcileWorker, reconcileJobHandlers, type ReconcileDeps } from './jobs/reconcile.js';
import { createRefreshWorker, refreshJobHandlers, type RefreshDeps } from './jobs/refresh-write-ups.js';
import { createRemeasureOlderWorker, remeasureOlderJobHandlers, type RemeasureOlderDeps } from './jobs/remeasure-older.js';
import { createStages } from './pipeline/registry.js';
import { sweepOrphanWorkDirs } from './pipeline/work-dir.js';
import { countAnalyses } from './jobs/analysis-metrics.js';

const config = readConfig();
const logger = createLogger('analysis-worker', config.LOG_LEVEL);
const stages = createStages(config, logger);

// The worker shares the core schema with the gateway; whichever starts first migrates it (advisory lock).
const db = await openSchema<CoreDatabase>(config.DATABASE_URL, CORE_SCHEMA, coreMigrations, { logger, applicationName: 'analysis-worker' });

const redis = createRedis(config.REDIS_URL, 'worker');
const queues = { connection: queueConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX };
const store = new ObjectStore(objectStoreConfig(config));
await store.ensureBucket();
const relay = new OutboxRelay(db, CORE_SCHEMA, queues, logger);
const producers = new JobQueues(queues, logger);

const analysisDeps: AnalysisDeps = { db, store, logger, tools: { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH }, stages, maxVideoSeconds: config.MAX_VIDEO_SECONDS };
const reconcileDeps: ReconcileDeps = {
  db,
  queues: producers,
  logger,
  settings: { stuckAfterMs: config.ANALYSIS_STUCK_AFTER_MS, maxRequeues: config.ANALYSIS_MAX_REQUEUES },
};
const refreshDeps: RefreshDeps = { db, writeUp: stages.writeUp, logger };
const remeasureOlderDeps: RemeasureOlderDeps = { db, queues: producers, logger, batch: config.REMEASURE_OLDER_BATCH };
// Every job the table gives this service has a handler, or it does not start (one line naming it).
requireHandlers('analysis-worker', { events: {}, jobs: { ...analysisJobHandlers(analysisDeps), ...reconcileJobHandlers(reconcileDeps), ...refreshJobHandlers(refreshDeps), ...remeasureOlderJobHandlers(remeasureOlderDeps) } });

// GET /metrics on the health port (bearer METRICS_TOKEN or INTERNAL_TOKEN): analyses by outcome, job
// timings, the analysis queues' depth (the same figures from every replica: read them with max()).
const metrics = new ServiceMetrics({ service: 'analysis-worker', logger, outbox: { db, schema: CORE_SCHEMA }, queues });
const worker = createAnalysisWorker(analysisDeps, {
  connection: queues.connection,
  prefix: queues.prefix,
  concurrency: config.WORKER_CONCURRENCY,
  lockDuration: config.JOB_LOCK_MS,
  maxStalledCount: 2,
});
countAnalyses(metrics.watchWorker(worker), metrics);
const reconciler = metrics.watchWorker(createReconcileWorker(reconcileDeps, queues));
const refresher = metrics.watchWorker(createRefreshWorker(refreshDeps, queues));
const remeasurer = metrics.watchWorker(createRemeasureOlderWorker(remeasureOlderDeps, queues));
relay.start();
// One schedule across replicas (upsertJobScheduler); retried while Redis is away, and put back if Redis lost it.
const every = repeatEvery(config);
void producers.keepScheduled('analysis-worker', every, Math.min(config.ANALYSIS_RECONCILE_EVERY_MS, 30_000)).then((names) => {
  if (names.length) logger.info({ jobs: names, everyMs: every }, 'repeatable jobs scheduled');
});
// Model loading takes seconds per configuration: done now, not inside the first golfer's analysis.
stages.warm?.().then(
  () => logger.info('pose models loaded'),
  (error: unknown) => logger.warn({ err: error }, 'pose models could not be loaded ahead of time'),
);

// A worker killed mid-job left its work folder (the original and the transcode): remove those of dead processes.
void sweepOrphanWorkDirs().then(
  (removed) => removed.length && logger.info({ removed }, 'removed the work folders of workers that were killed mid-job'),
  (error: unknown) => logger.warn({ err: error }, 'could not sweep old work folders'),
);

const health = createHttpServer({ logger, metrics: { metrics, token: metricsToken(config) } });
registerHealth(
  health,
  {
    postgres: () => pingDb(db),
    redis: () => pingRedis(redis),
    // The gateway's name for the same check, so an operator reads one word for the object store.
    objectStore: () => store.ping(),
  },
  { outbox: () => outboxLag(db, CORE_SCHEMA) },
);

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
    { name: 'reconciler', close: () => reconciler.close() },
    // Not waited for: a run with a model writer can take minutes, and an analysis it had not reached is
    // simply written on the next run (each one is written whole or not at all).
    { name: 'write-up refresh', close: () => refresher.close(true) },
    { name: 'remeasure sweep', close: () => remeasurer.close() },
    { name: 'pipeline stages', close: () => stages.close?.() ?? Promise.resolve() },
    { name: 'outbox relay', close: () => relay.close() },
    { name: 'job queues', close: () => producers.close() },
    { name: 'health', close: () => health.close() },
    { name: 'metrics', close: () => metrics.close() },
    { name: 'redis', close: () => redis.quit() },
    { name: 'postgres', close: () => db.destroy() },
  ],
  logger,
  CLOSE_DEADLINE_MS + 10_000,
);

await health.listen({ port: config.PORT, host: config.HOST });
logger.info({ concurrency: config.WORKER_CONCURRENCY, port: config.PORT, stages: stages.describe }, 'analysis worker ready');
