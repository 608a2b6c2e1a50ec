import { Type, type Static } from '@sinclair/typebox';
import { CommonEnv, ConfigError, MetricsEnv, ObjectStoreEnv, parseConfig } from '@swingfit/server-kit';

/* Every setting of the analysis worker, read once at start (listed with meanings in .env.example). */

export const WorkerEnv = Type.Object({
  ...CommonEnv,
  ...ObjectStoreEnv,
  ...MetricsEnv,
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8083, description: 'health and metrics server port (/healthz, /readyz, /metrics)' }),
  // The worker takes no calls from the gateway; the shared secret only guards /metrics when METRICS_TOKEN is unset.
  INTERNAL_TOKEN: Type.String({ default: '', description: 'with METRICS_TOKEN empty, the bearer token /metrics requires (empty too: /metrics refuses everyone)' }),
  HOST: Type.String({ default: '127.0.0.1' }),
  WORKER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 16, default: 1, description: 'analyses processed at once by this process' }),
  JOB_LOCK_MS: Type.Integer({ minimum: 5_000, default: 60_000, description: 'BullMQ job lock duration' }),
  FFMPEG_PATH: Type.String({ default: 'ffmpeg' }),
  FFPROBE_PATH: Type.String({ default: 'ffprobe' }),
  MAX_VIDEO_SECONDS: Type.Number({ minimum: 1, default: 120, description: 'longer videos fail with a readable reason' }),

  // Pipeline stages, switched by configuration.
  ANALYSIS_POSE: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on', description: 'on|off: off completes analyses without body metrics (no pose models needed)' }),
  ANALYSIS_WRITER: Type.Union([Type.Literal('auto'), Type.Literal('openai'), Type.Literal('offline')], {
    default: 'auto',
    description: 'auto|openai|offline: auto uses the model when OPENAI_API_KEY is set, else the built-in offline writer',
  }),
  POSE_PROCESSES: Type.Integer({ minimum: 1, maximum: 16, default: 2, description: 'pose estimation worker threads (one per core)' }),
  POSE_MEASURE_WORKERS: Type.Optional(Type.Integer({ minimum: 1, maximum: 16, description: 'pose threads that load the measure model (~150 MB each); default: every pose thread' })),

  // The write-up model: any OpenAI-compatible server.
  OPENAI_API_KEY: Type.String({ default: '' }),
  OPENAI_BASE_URL: Type.String({ default: '' }),
  OPENAI_MODEL: Type.String({ default: 'gpt-4o-mini' }),
  OPENAI_TIMEOUT_MS: Type.Integer({ minimum: 1_000, default: 20_000, description: 'the whole model call, retry included; past it the offline writer writes' }),

  // The reconciler: analyses stuck with no live job.
  ANALYSIS_RECONCILE_EVERY_MS: Type.Integer({ minimum: 1_000, default: 60_000, description: 'how often the reconciler looks for stuck analyses' }),
  ANALYSIS_STUCK_AFTER_MS: Type.Integer({ minimum: 1_000, default: 10 * 60_000, description: 'a pending/processing analysis untouched this long with no live job is stuck' }),
  ANALYSIS_MAX_REQUEUES: Type.Integer({ minimum: 0, maximum: 20, default: 3, description: 'a stuck analysis is re-queued this many times, then failed with a readable reason' }),

  // Analyses written by older write-up rules are written again from their stored figures (jobs/refresh-write-ups.ts).
  WRITE_UP_REFRESH_EVERY_MS: Type.Integer({ minimum: 60_000, default: 3_600_000, description: 'how often analyses written by older write-up rules are looked for and written again' }),

  // Analyses an older measurement read are measured again, a few at a time (jobs/remeasure-older.ts).
  REMEASURE_OLDER_EVERY_MS: Type.Integer({ minimum: 60_000, default: 600_000, description: 'how often analyses read by an older measurement are looked for and queued to be measured again' }),
  REMEASURE_OLDER_BATCH: Type.Integer({ minimum: 0, maximum: 500, default: 10, description: 'how many of them may wait to be measured again at once, behind golfers\' uploads; 0 turns it off' }),
});
export type WorkerConfig = Static<typeof WorkerEnv>;

/** The model writer forced on without its key. */
function writerProblem(config: Pick<WorkerConfig, 'ANALYSIS_WRITER' | 'OPENAI_API_KEY'>): string | undefined {
  if (config.ANALYSIS_WRITER === 'openai' && config.OPENAI_API_KEY.trim() === '') {
    return 'config: OPENAI_API_KEY is missing: ANALYSIS_WRITER=openai needs it (or set ANALYSIS_WRITER=auto or offline)';
  }
  return undefined;
}

/** Settings that are each valid but not together; the first one found, in one line. */
export function configProblem(config: WorkerConfig): string | undefined {
  const writer = writerProblem(config);
  if (writer) return writer;
  if (config.POSE_MEASURE_WORKERS !== undefined && config.POSE_MEASURE_WORKERS > config.POSE_PROCESSES) {
    return `config: POSE_MEASURE_WORKERS is malformed: ${config.POSE_MEASURE_WORKERS} is more than POSE_PROCESSES (${config.POSE_PROCESSES})`;
  }
  return undefined;
}

export function parseWorkerConfig(env: NodeJS.ProcessEnv): WorkerConfig {
  const config = parseConfig(WorkerEnv, env);
  const problem = configProblem(config);
  if (problem) throw new ConfigError(problem);
  return config;
}

/** For the entry points: a bad setting ends the process with exactly one line naming it. */
function orExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  return orExit(() => parseWorkerConfig(env));
}

/**
 * How often each of the worker's repeatable jobs runs (JobQueues.keepScheduled). The remeasure sweep is
 * off (0: unscheduled) with REMEASURE_OLDER_BATCH=0, so the admin's dialog, which asks whether it is
 * scheduled, stops saying older analyses will be measured again by themselves.
 */
export function repeatEvery(config: WorkerConfig): Record<'analysis.reconcile' | 'analysis.refresh-write-ups' | 'analysis.remeasure-older', number> {
  return {
    'analysis.reconcile': config.ANALYSIS_RECONCILE_EVERY_MS,
    'analysis.refresh-write-ups': config.WRITE_UP_REFRESH_EVERY_MS,
    'analysis.remeasure-older': config.REMEASURE_OLDER_BATCH > 0 ? config.REMEASURE_OLDER_EVERY_MS : 0,
  };
}

/** What `pnpm analyses:rewrite` (rewrite.ts) reads: it opens no video, so it needs no object store. */
export const RewriteEnv = Type.Pick(WorkerEnv, ['DATABASE_URL', 'LOG_LEVEL', 'ANALYSIS_WRITER', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'OPENAI_TIMEOUT_MS']);

export function readRewriteConfig(env: NodeJS.ProcessEnv = process.env): Static<typeof RewriteEnv> {
  return orExit(() => {
    const config = parseConfig(RewriteEnv, env);
    const problem = writerProblem(config);
    if (problem) throw new ConfigError(problem);
    return config;
  });
}

/**
 * What `pnpm db:migrate` (migrate.ts) reads: migrating touches only PostgreSQL, so neither the object store's
 * keys nor a writer set up wrong (ANALYSIS_WRITER=openai without its key) stops the schema's migrations.
 */
export const MigrateEnv = Type.Pick(WorkerEnv, ['DATABASE_URL', 'LOG_LEVEL']);

export function readMigrateConfig(env: NodeJS.ProcessEnv = process.env): Static<typeof MigrateEnv> {
  return orExit(() => parseConfig(MigrateEnv, env));
}

/** What `pnpm analyses:remeasure` (remeasure.ts) reads: it only queues jobs, which the running worker does. */
export const RemeasureEnv = Type.Pick(WorkerEnv, ['DATABASE_URL', 'REDIS_URL', 'QUEUE_PREFIX', 'LOG_LEVEL']);

export function readRemeasureConfig(env: NodeJS.ProcessEnv = process.env): Static<typeof RemeasureEnv> {
  return orExit(() => parseConfig(RemeasureEnv, env));
}
