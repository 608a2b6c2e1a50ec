import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { assertHandlers, ConfigError, parseConfig } from '@swingfit/server-kit';
import { MigrateEnv, parseWorkerConfig, repeatEvery } from '../src/config.js';
import { STORE_KEYS, workerConfig } from './support/config.js';
import { analysisJobHandlers } from '../src/jobs/analysis-worker.js';
import { reconcileJobHandlers } from '../src/jobs/reconcile.js';
import { refreshJobHandlers } from '../src/jobs/refresh-write-ups.js';
import { remeasureOlderJobHandlers } from '../src/jobs/remeasure-older.js';
import { skipPoseStage } from '../src/pipeline/fallback-pose.js';
import { createStages } from '../src/pipeline/registry.js';
import { runPoseStage } from '../src/pose/index.js';

/* Every worker setting comes through config.ts; stages switch by configuration; every job of the table has its handler. */

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('worker configuration', () => {
  it('reads the environment only in config.ts', () => {
    const readers = sources(src)
      .filter((path) => /process\.env\b/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path));
    expect(readers).toEqual(['config.ts']);
  });

  it('has defaults for every setting (every pose thread loads the measure model unless told otherwise)', () => {
    const config = workerConfig();
    expect(config.POSE_MEASURE_WORKERS).toBeUndefined();
    expect(config).toMatchObject({
      ANALYSIS_POSE: 'on',
      ANALYSIS_WRITER: 'auto',
      POSE_PROCESSES: 2,
      OPENAI_MODEL: 'gpt-4o-mini',
      OPENAI_TIMEOUT_MS: 20_000,
      ANALYSIS_RECONCILE_EVERY_MS: 60_000,
      ANALYSIS_STUCK_AFTER_MS: 600_000,
      ANALYSIS_MAX_REQUEUES: 3,
      WRITE_UP_REFRESH_EVERY_MS: 3_600_000,
    });
  });

  it('schedules the remeasure sweep at its pace, and not at all with REMEASURE_OLDER_BATCH=0', () => {
    expect(repeatEvery(parseWorkerConfig({ ...STORE_KEYS }))).toEqual({ 'analysis.reconcile': 60_000, 'analysis.refresh-write-ups': 3_600_000, 'analysis.remeasure-older': 600_000 });
    expect(repeatEvery(parseWorkerConfig({ ...STORE_KEYS, REMEASURE_OLDER_BATCH: '0' }))['analysis.remeasure-older']).toBe(0);
  });

  it.each([
    [{ ANALYSIS_POSE: 'maybe' }, /^config: ANALYSIS_POSE is malformed/],
    [{ ANALYSIS_WRITER: 'gpt' }, /^config: ANALYSIS_WRITER is malformed/],
    [{ OPENAI_TIMEOUT_MS: 'soon' }, /^config: OPENAI_TIMEOUT_MS is malformed/],
    [{ POSE_MEASURE_WORKERS: '0' }, /^config: POSE_MEASURE_WORKERS is malformed/],
    [{ POSE_PROCESSES: '1', POSE_MEASURE_WORKERS: '2' }, /^config: POSE_MEASURE_WORKERS is malformed: 2 is more than POSE_PROCESSES \(1\)/],
    [{ ANALYSIS_WRITER: 'openai' }, /^config: OPENAI_API_KEY is missing: ANALYSIS_WRITER=openai needs it/],
    [{ ANALYSIS_STUCK_AFTER_MS: '10' }, /^config: ANALYSIS_STUCK_AFTER_MS is malformed/],
    [{ S3_ACCESS_KEY: '' }, /^config: S3_ACCESS_KEY is /],
  ])('names a bad setting in one line: %o', (env, message) => {
    let error: unknown;
    try {
      parseWorkerConfig({ ...STORE_KEYS, ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('does not stop `pnpm db:migrate`, which reads only the database settings', () => {
    const config = parseConfig(MigrateEnv, { ANALYSIS_WRITER: 'openai', OPENAI_API_KEY: '', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' });
    expect(config).toEqual({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', LOG_LEVEL: 'info' });
  });

  it('stops the worker at start with that one line (exit 78)', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(src, 'main.ts')], {
      cwd: join(here, '..'),
      env: { ...process.env, ...STORE_KEYS, NODE_NO_WARNINGS: '1', ANALYSIS_WRITER: 'openai', OPENAI_API_KEY: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^config: OPENAI_API_KEY is missing/)]);
  });
});

describe('pipeline stages by configuration', () => {
  it('ANALYSIS_POSE=off runs without pose estimation (no models to warm or close)', () => {
    const stages = createStages(workerConfig({ ANALYSIS_POSE: 'off' }));
    expect(stages.pose).toBe(skipPoseStage);
    expect(stages.warm).toBeUndefined();
    expect(stages.describe).toEqual({ pose: 'off', writer: 'offline', model: null });
  });

  it('ANALYSIS_POSE=on uses the pose stage; the writer follows ANALYSIS_WRITER and the key', () => {
    const on = createStages(workerConfig({ OPENAI_API_KEY: 'sk-x', OPENAI_MODEL: 'coach-1' }));
    expect(on.pose).toBe(runPoseStage);
    expect(on.describe).toEqual({ pose: 'on', writer: 'openai', model: 'coach-1' });
    expect(createStages(workerConfig({ OPENAI_API_KEY: 'sk-x', ANALYSIS_WRITER: 'offline' })).describe.writer).toBe('offline');
  });
});

describe('job handlers', () => {
  it('cover every job the table gives the analysis worker, and nothing else', () => {
    const logger = pino({ level: 'silent' });
    const none = undefined as never;
    const jobs = {
      ...analysisJobHandlers({ db: none, store: none, logger, tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, stages: none, maxVideoSeconds: 120 }),
      ...reconcileJobHandlers({ db: none, queues: none, logger, settings: { stuckAfterMs: 1_000, maxRequeues: 1 } }),
      ...refreshJobHandlers({ db: none, writeUp: none, logger }),
      ...remeasureOlderJobHandlers({ db: none, queues: none, logger, batch: 10 }),
    };
    expect(() => assertHandlers('analysis-worker', { jobs })).not.toThrow();
    expect(Object.keys(jobs).sort()).toEqual(['analysis', 'analysis.reconcile', 'analysis.refresh-write-ups', 'analysis.remeasure', 'analysis.remeasure-older']);
  });
});
