import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pgLib from 'pg';
import { startPrivateRedis, type PrivateRedis } from '@swingfit/server-kit/testing';
import { SERVICES } from '../../../scripts/services.mjs';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';

/*
 * The whole product as separate processes (built services, as `pnpm start` runs them) on parts of its
 * own: a private PostgreSQL cluster, a private append-only Redis, the embedded object store on a fixed
 * port. Unlike scripts/stack.mjs, one service's exit does not stop the others: a fault run kills and
 * starts them one at a time. Every port is base + an offset, so each scenario keeps to its own block
 * of the run's range.
 */

export const ROOT = resolve(import.meta.dirname, '../../..');
const DATA_ROOT = process.env.DATA_DIR ?? '/tmp/sf-faults-data';
const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 15_000;

export type ServiceName = 'gateway' | 'billing' | 'gamification' | 'analysis-worker';

/** Offsets from a scenario's base port. */
const OFFSET = { gateway: 0, billing: 1, gamification: 2, 'analysis-worker': 3, s3: 4, redis: 5, postgres: 6, stripe: 7 } as const;
export const portOf = (base: number, part: keyof typeof OFFSET) => base + OFFSET[part];

interface EmbeddedS3 {
  endpoint: string;
  close(): Promise<void>;
}

export interface Product {
  url: string;
  env: Record<string, string>;
  pg: PrivatePostgres;
  redis: PrivateRedis;
  databaseUrl: string;
  /** SIGKILL: the service dies without a chance to finish anything. */
  kill(name: ServiceName): Promise<void>;
  start(name: ServiceName): Promise<void>;
  stopObjectStore(): Promise<void>;
  startObjectStore(): Promise<void>;
  /** Services whose process ended without being told to (a crash). */
  crashed(): ServiceName[];
  /** Everything a service printed, for a failing check's message. */
  log(name: ServiceName): string;
  close(): Promise<void>;
}

export interface ProductOptions {
  /** First port of the scenario's block (8 ports). */
  basePort: number;
  /** Extra environment for every service (e.g. Stripe settings). */
  env?: Record<string, string>;
}

async function ready(url: string, child: ChildProcess, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function embeddedS3(dir: string, port: number, env: Record<string, string>): Promise<EmbeddedS3> {
  const { startEmbeddedS3 } = (await import(join(ROOT, 'packages/server-kit/dist/index.js'))) as {
    startEmbeddedS3(o: { directory: string; port: number; buckets: string[]; accessKey: string; secretKey: string }): Promise<EmbeddedS3>;
  };
  return startEmbeddedS3({ directory: dir, port, buckets: [env.S3_BUCKET!], accessKey: env.S3_ACCESS_KEY!, secretKey: env.S3_SECRET_KEY! });
}

async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pgLib.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
}

function baseEnv(options: ProductOptions, databaseUrl: string, redisUrl: string, dataDir: string): Record<string, string> {
  const p = (part: keyof typeof OFFSET) => String(portOf(options.basePort, part));
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.FAULTS_VERBOSE ? 'info' : 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? 'sf-faults'}-${options.basePort}`,
    DATA_DIR: dataDir,
    INTERNAL_TOKEN: randomBytes(24).toString('base64url'),
    ADMIN_PASSWORD: `faults-admin-${randomBytes(6).toString('hex')}`,
    PUBLIC_URL: `http://127.0.0.1:${p('gateway')}`,
    BILLING_URL: `http://127.0.0.1:${p('billing')}`,
    GAMIFICATION_URL: `http://127.0.0.1:${p('gamification')}`,
    S3_ENDPOINT: `http://127.0.0.1:${p('s3')}`,
    S3_ACCESS_KEY: `faults-${randomBytes(6).toString('hex')}`,
    S3_SECRET_KEY: randomBytes(24).toString('base64url'),
    S3_BUCKET: 'swing-videos',
    // Many golfers sign up and upload from 127.0.0.1 (the limits themselves are tested in the gateway).
    RATE_LIMIT_REGISTER_IP: '10000',
    RATE_LIMIT_UPLOAD_IP: '10000',
    // One pose thread: the machine is shared; a fault run is about correctness, not speed.
    POSE_PROCESSES: '1',
    ANALYSIS_WRITER: 'offline',
    // Without Stripe keys (scenarios a-c) billing runs its local test mode, as `pnpm start` lets it;
    // production refuses that unless asked. Scenarios d and e bring keys for their Stripe stand-in.
    ...(options.env?.STRIPE_SECRET_KEY ? {} : { BILLING_TEST_MODE: 'on' }),
    ...options.env,
  };
}

/** Redis, the database and the object store of a product; whatever did start is released if one fails. */
async function startStores(options: ProductOptions, pg: PrivatePostgres, databaseUrl: string, dataDir: string) {
  const { basePort } = options;
  let redis: PrivateRedis | undefined;
  try {
    redis = await startPrivateRedis(undefined, { port: portOf(basePort, 'redis'), appendOnlyDir: join(dataDir, 'redis') });
    await createDatabase(pg.urlOf('postgres'), 'swingfit');
    const env = baseEnv(options, databaseUrl, redis.url, dataDir);
    const s3 = await embeddedS3(join(dataDir, 's3'), portOf(basePort, 's3'), env);
    return { redis, env, s3 };
  } catch (error) {
    // They hold fixed ports: released, so the next run on this block can start.
    await redis?.close();
    pg.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export async function startProduct(options: ProductOptions): Promise<Product> {
  const { basePort } = options;
  const dataDir = join(DATA_ROOT, `${basePort}-${randomBytes(3).toString('hex')}`);
  mkdirSync(join(dataDir, 'redis'), { recursive: true });
  const pg = startPrivatePostgres(portOf(basePort, 'postgres'));
  const databaseUrl = pg.urlOf('swingfit');
  const stores = await startStores(options, pg, databaseUrl, dataDir);
  const { redis, env } = stores;
  let s3: EmbeddedS3 | undefined = stores.s3;

  const children = new Map<ServiceName, ChildProcess>();
  const logs = new Map<ServiceName, string>();

  async function start(name: ServiceName): Promise<void> {
    const service = SERVICES.find((s: { name: string }) => s.name === name)!;
    const port = portOf(basePort, name);
    const child = spawn(process.execPath, ['--enable-source-maps', join(ROOT, service.dir, 'dist/main.js')], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const append = (d: Buffer) => {
      logs.set(name, (logs.get(name) ?? '') + String(d));
      if (process.env.FAULTS_VERBOSE) process.stdout.write(`${name.padEnd(15)} ${String(d)}`);
    };
    child.stdout!.on('data', append);
    child.stderr!.on('data', append);
    children.set(name, child);
    await ready(`http://127.0.0.1:${port}/healthz`, child).catch((error: Error) => {
      throw new Error(`${name}: ${error.message}\n${logs.get(name) ?? ''}`);
    });
  }

  async function stop(name: ServiceName, signal: NodeJS.Signals): Promise<void> {
    const child = children.get(name);
    children.delete(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  const url = `http://127.0.0.1:${portOf(basePort, 'gateway')}`;
  const product: Product = {
    url,
    env,
    pg,
    redis,
    databaseUrl,
    kill: (name) => stop(name, 'SIGKILL'),
    start,
    async stopObjectStore() {
      await s3?.close();
      s3 = undefined;
    },
    async startObjectStore() {
      s3 ??= await embeddedS3(join(dataDir, 's3'), portOf(basePort, 's3'), env);
    },
    crashed: () => [...children].filter(([, c]) => c.exitCode !== null || c.signalCode !== null).map(([name]) => name),
    log: (name) => logs.get(name) ?? '',
    async close() {
      // A service that died on its own is the finding: its last words go to the run's output.
      for (const [name, child] of children) {
        if (child.exitCode !== null || child.signalCode !== null) console.error(`[faults] ${name} exited (${child.exitCode ?? child.signalCode}); its log ends:\n${(logs.get(name) ?? '').slice(-4000)}`);
      }
      for (const s of [...SERVICES].reverse()) await stop(s.name as ServiceName, 'SIGTERM');
      await s3?.close();
      await redis.close();
      pg.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    // Start order as scripts/services.mjs: the consumers before the gateway that feeds them.
    for (const s of SERVICES) await start(s.name as ServiceName);
    await ready(`${url}/readyz`, children.get('gateway')!);
  } catch (error) {
    // A product that did not come up still holds a PostgreSQL cluster, a Redis and a store on fixed
    // ports: release them, or every later run on these ports fails to start.
    await product.close();
    throw error;
  }
  return product;
}
