import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
// The launcher `pnpm start` uses: built services as child processes, the embedded object store.
import { startStack } from '../../../scripts/stack.mjs';

/*
 * The stack a load run starts for itself: its own ports, database, queue prefix and data folder
 * (LOADTEST_* variables, defaults in this helper's assigned range), so it never meets another stack.
 */

export interface StackProcess {
  name: string;
  port: number;
  alive: boolean;
  child: { pid?: number };
}

export interface OwnStack {
  base: string;
  env: Record<string, string | undefined>;
  children: StackProcess[];
  restart(name: string, signal?: NodeJS.Signals): Promise<StackProcess>;
  stop(): Promise<unknown>;
}

export const LOADTEST_DEFAULTS = {
  database: 'swingfit_load',
  queuePrefix: 'sf-load',
  dataDir: '/tmp/sf-load-data',
  port: 28080,
  /** A killed worker's job is taken up again once its lock lapses: shorter than the product's 60 s so a kill run ends sooner. */
  jobLockMs: 20_000,
} as const;

const env = process.env;

/** Drops and creates the run's database (a fresh one each run: job ids restart with the analysis ids). */
export async function freshDatabase(name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name '${name}' must be lower-case letters, digits and _`);
  const base = new URL(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  base.pathname = `/${name}`;
  return base.toString();
}

export interface OwnStackPlace {
  /** Gateway port; billing, gamification and the workers take the next ones, the object store port + 90. */
  port: number;
  database: string;
}

export const loadtestPlace = (): OwnStackPlace => ({ port: Number(env.LOADTEST_PORT ?? LOADTEST_DEFAULTS.port), database: env.LOADTEST_DATABASE ?? LOADTEST_DEFAULTS.database });

export async function startOwnStack(workers: number, place: OwnStackPlace = loadtestPlace()): Promise<OwnStack> {
  const port = place.port;
  const databaseUrl = await freshDatabase(place.database);
  const dataRoot = env.LOADTEST_DATA_DIR ?? LOADTEST_DEFAULTS.dataDir;
  mkdirSync(dataRoot, { recursive: true });
  const dataDir = mkdtempSync(join(dataRoot, 'run-'));
  const stack = (await startStack({
    quiet: true,
    env: {
      DATABASE_URL: databaseUrl,
      // A new prefix each run: analysis job ids (analysis-{id}) would otherwise meet last run's kept jobs.
      QUEUE_PREFIX: `${env.LOADTEST_QUEUE_PREFIX ?? LOADTEST_DEFAULTS.queuePrefix}-${randomBytes(3).toString('hex')}`,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BILLING_PORT: String(port + 1),
      GAMIFICATION_PORT: String(port + 2),
      BILLING_URL: `http://127.0.0.1:${port + 1}`,
      GAMIFICATION_URL: `http://127.0.0.1:${port + 2}`,
      ANALYSIS_WORKER_PORT: String(port + 3),
      S3_PORT: String(port + 90),
      S3_ENDPOINT: '',
      WORKERS: String(workers),
      JOB_LOCK_MS: env.JOB_LOCK_MS ?? String(LOADTEST_DEFAULTS.jobLockMs),
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
      ADMIN_PASSWORD: `load-${randomBytes(8).toString('hex')}`,
      // Every golfer of the run signs up and uploads from 127.0.0.1; the limits are tested in the gateway.
      RATE_LIMIT_REGISTER_IP: '1000000',
      RATE_LIMIT_UPLOAD_IP: '1000000',
    },
  })) as unknown as OwnStack;
  // The run's object store and admin password go with it (LOADTEST_KEEP_DATA=1 keeps them to look into).
  const stop = stack.stop.bind(stack);
  stack.stop = async () => {
    const result = await stop();
    if (!env.LOADTEST_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    return result;
  };
  return stopOnSignals(stack);
}

/** Ctrl-C or a TERM during a run stops the stack's processes first, so none outlives the run. */
function stopOnSignals(stack: OwnStack): OwnStack {
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`\n${signal}: stopping the stack\n`);
    void stack.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const stop = stack.stop.bind(stack);
  stack.stop = async () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    return stop();
  };
  return stack;
}

/** The run's keys in the shared Redis (its own prefix), removed by SCAN + DEL: nothing else is touched. */
export async function dropQueueKeys(redisUrl: string, prefix: string): Promise<void> {
  if (!prefix) return;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
