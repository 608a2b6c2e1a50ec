import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import pg from 'pg';
import { createLogger, queueConnection } from '@swingfit/server-kit';
import type { LoadOptions } from './args.js';
import { uploadPlan } from './args.js';
import { checkExactlyOnce, type ExactlyOnceResult } from './exactly-once.js';
import { createGolfers, mapLimit, type Golfer } from './golfers.js';
import { analysisTimes, effects, eventsInFlight, jobTimes, statusCounts } from './observe.js';
import { WorkerKiller, type KillRecord } from './kill.js';
import { ProcessMeter, loadAverage } from './proc-stats.js';
import { ProgressBar } from './progress.js';
import { latencyFigures, type LatencyFigures } from './figures.js';
import { countReasons } from './stats.js';
import { dropQueueKeys, startOwnStack, type OwnStack } from './own-stack.js';
import { directTarget, readClip, submitDirect, uploadThroughGateway, type Submitted } from './submit.js';

/* One load run, callable from the CLI and from a fault-test runner: returns the report, prints nothing but progress. */

export interface LoadReport {
  options: LoadOptions;
  target: { base: string; ownStack: boolean; workers: number | null; queuePrefix: string };
  wallSeconds: number;
  submitted: number;
  submitFailures: { reason: string; count: number }[];
  finished: { complete: number; failed: number; unfinished: number };
  throughputPerMinute: number;
  latency: LatencyFigures;
  failures: { reason: string; count: number }[];
  /** Analyses that ran more than once (a killed worker's job taken up again). */
  reruns: number;
  exactlyOnce: ExactlyOnceResult;
  kills: KillRecord[];
  /** Worker processes only (null with --url): CPU includes their ffmpeg children. */
  workerCost: { cpuSeconds: number; cpuSecondsPerAnalysis: number; peakRssMiB: number } | null;
  loadAverage: { start: number[]; end: number[]; max1: number };
}

const POLL_MS = 1_000;
const SETTLE_TIMEOUT_MS = 60_000;

interface Target {
  base: string;
  env: Record<string, string | undefined>;
  stack?: OwnStack;
}

async function openTarget(options: LoadOptions): Promise<Target> {
  if (options.url) return { base: options.url, env: process.env };
  const stack = await startOwnStack(options.workers);
  return { base: stack.base, env: stack.env, stack };
}

export async function runLoad(options: LoadOptions, progress = new ProgressBar()): Promise<LoadReport> {
  const startLoad = loadAverage();
  const clip = await readClip(options.clip);
  const target = await openTarget(options);
  const db = new pg.Client({ connectionString: target.env.DATABASE_URL });
  const logger = createLogger('loadtest', 'warn');
  const direct = options.direct ? directTarget(db, target.env, logger) : undefined;
  try {
    await db.connect();
    const plan = uploadPlan(options.analyses, options.users);
    const golfers = await createGolfers(target.base, db, options.users, { premium: plan.premium, label: `load-${randomBytes(2).toString('hex')}` });
    const t0 = Date.now();
    const meter = new ProcessMeter();
    const workerPids = () => (target.stack?.children ?? []).filter((c) => c.name.startsWith('analysis-worker') && c.child.pid).map((c) => c.child.pid!);
    meter.start(workerPids());
    const results = await submitAll(options, target, golfers, plan.slots, clip, direct);
    const ids = results.flatMap((r) => (r.analysisId ? [r.analysisId] : []));
    const killer = target.stack ? new WorkerKiller(target.stack, options.killWorker, options.analyses) : undefined;
    await waitForAll(db, ids, options, { progress, meter, workerPids, killer, t0 });
    await killer?.settled();
    await waitForEffects(db, ids);
    const times = await analysisTimes(db, ids);
    const facts = await effects(db, times, !options.direct);
    const jobs = await jobTimes(queueConnection(target.env.REDIS_URL ?? 'redis://127.0.0.1:6379'), target.env.QUEUE_PREFIX!, ids);
    meter.sample(workerPids());
    const cost = meter.totals();
    const complete = times.filter((t) => t.status === 'complete').length;
    const failed = times.filter((t) => t.status === 'failed');
    const figures = latencyFigures(times, jobs);
    return {
      options,
      target: { base: target.base, ownStack: !!target.stack, workers: target.stack ? options.workers : null, queuePrefix: target.env.QUEUE_PREFIX ?? '' },
      wallSeconds: (Date.now() - t0) / 1000,
      submitted: ids.length,
      submitFailures: countReasons(results.flatMap((r) => (r.error ? [r.error] : []))),
      finished: { complete, failed: failed.length, unfinished: ids.length - complete - failed.length },
      throughputPerMinute: figures.throughputPerMinute,
      latency: figures,
      failures: countReasons(failed.map((f) => f.failureReason ?? 'no reason recorded')),
      reruns: times.filter((t) => t.attempts > 1).length,
      exactlyOnce: checkExactlyOnce(ids, facts.analyses, facts.golfers),
      kills: killer?.records ?? [],
      workerCost: target.stack ? { cpuSeconds: cost.cpuSeconds, cpuSecondsPerAnalysis: cost.cpuSeconds / Math.max(1, complete + failed.length), peakRssMiB: cost.peakRssMiB } : null,
      loadAverage: { start: startLoad, end: loadAverage(), max1: cost.maxLoad1 },
    };
  } finally {
    progress.done();
    await direct?.queues.close();
    await db.end().catch(() => undefined);
    if (target.stack) {
      await target.stack.stop();
      await dropQueueKeys(target.env.REDIS_URL ?? 'redis://127.0.0.1:6379', target.env.QUEUE_PREFIX!);
    }
  }
}

async function submitAll(options: LoadOptions, target: Target, golfers: Golfer[], slots: { user: number; club: string }[], clip: Buffer, direct: ReturnType<typeof directTarget> | undefined): Promise<Submitted[]> {
  const name = basename(options.clip);
  return mapLimit(slots, options.uploadConcurrency, (slot) => {
    const golfer = golfers[slot.user]!;
    return direct ? submitDirect(direct, golfer, slot.club, clip) : uploadThroughGateway(target.base, golfer, slot.club, clip, name);
  });
}

interface Watch {
  progress: ProgressBar;
  meter: ProcessMeter;
  workerPids: () => number[];
  killer: WorkerKiller | undefined;
  t0: number;
}

/** Polls the rows until every analysis finished; gives up when none finished for options.stallTimeoutMs. */
async function waitForAll(db: pg.Client, ids: number[], options: LoadOptions, w: Watch): Promise<void> {
  let lastFinished = -1;
  let lastChange = Date.now();
  for (;;) {
    const c = await statusCounts(db, ids);
    const finished = c.complete + c.failed;
    w.meter.sample(w.workerPids());
    w.killer?.consider(finished, c.processing, w.workerPids());
    w.progress.update({ total: ids.length, finished, failed: c.failed, processing: c.processing, waiting: c.pending, kills: w.killer?.summary() ?? '', elapsedMs: Date.now() - w.t0 });
    if (finished >= ids.length) return;
    if (finished !== lastFinished) {
      lastFinished = finished;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > options.stallTimeoutMs) {
      return; // reported as unfinished
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The outbox relay and gamification handle the last events a moment after the last analysis finished. */
async function waitForEffects(db: pg.Client, ids: number[]): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const pending = await eventsInFlight(db);
    const { rows } = await db.query<{ n: string; done: string }>(
      `select (select count(*) from gamification.notifications n where n.title = 'Analysis Ready'
                 and n.user_id in (select user_id from core.swing_analyses where id = any($1::bigint[]))) as n,
              (select count(*) from core.swing_analyses where id = any($1::bigint[]) and status = 'complete') as done`,
      [ids],
    );
    if (pending === 0 && Number(rows[0]!.n) >= Number(rows[0]!.done)) return;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

