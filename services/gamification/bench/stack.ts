/*
 * The two processes the points benchmarks go through, built (dist) and started as in production: the
 * gateway (public HTTP, its outbox relay and event consumer) and gamification, on a scratch database,
 * a scratch Redis prefix and an embedded S3 server, with free loopback ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedS3 } from '@swingfit/server-kit';
import { createTestDatabase, freePort, testQueuePrefix, testRedisUrl } from '@swingfit/server-kit/testing';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function waitReady(url: string, child: ChildProcess, name: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not become ready in 120 s`);
}

export interface BenchStack {
  gateway: string;
  databaseUrl: string;
  prefix: string;
  /** A pool on the scratch database (no schema on the path: queries name core. / gamification.). */
  pool: pg.Pool;
  stop(): Promise<void>;
}

export async function startBenchStack(): Promise<BenchStack> {
  for (const dir of ['services/gateway', 'services/gamification']) {
    if (!existsSync(join(ROOT, dir, 'dist/main.js'))) throw new Error(`${dir}/dist/main.js is missing: run pnpm build first`);
  }
  const work = mkdtempSync(join(tmpdir(), 'sf-bench-points-'));
  const s3 = await startEmbeddedS3({ directory: join(work, 's3'), buckets: ['swing-videos'], accessKey: 'bench', secretKey: randomBytes(24).toString('hex') });
  const database = await createTestDatabase();
  const prefix = testQueuePrefix();
  const [gatewayPort, gamificationPort] = [await freePort(), await freePort()];
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: prefix,
    INTERNAL_TOKEN: randomBytes(16).toString('hex'),
  };
  const children: ChildProcess[] = [];
  const start = (dir: string, extra: Record<string, string>) => {
    const child = spawn(process.execPath, ['--enable-source-maps', join(ROOT, dir, 'dist/main.js')], { cwd: ROOT, env: { ...env, ...extra }, stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(child);
    return child;
  };
  const gam = start('services/gamification', { PORT: String(gamificationPort) });
  await waitReady(`http://127.0.0.1:${gamificationPort}`, gam, 'gamification');
  const gw = start('services/gateway', {
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: gateway,
    GAMIFICATION_URL: `http://127.0.0.1:${gamificationPort}`,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: 'swing-videos',
    ADMIN_PASSWORD: 'bench-admin-password',
    WEB_DIST: '/nonexistent',
    DATA_DIR: join(work, 'data'),
  });
  await waitReady(gateway, gw, 'gateway');
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  return {
    gateway,
    databaseUrl: database.url,
    prefix,
    pool,
    async stop() {
      await pool.end();
      await Promise.all(
        children.map((c) => {
          if (c.exitCode !== null || c.signalCode !== null) return undefined;
          const exited = new Promise((r) => c.once('exit', r));
          c.kill('SIGTERM');
          return exited;
        }),
      );
      await s3.close();
      await database.drop();
      const { createRedis } = await import('@swingfit/server-kit');
      const redis = createRedis(testRedisUrl(), 'worker');
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Registers a golfer through the gateway; returns their id and session cookie. */
export async function registerGolfer(gateway: string, n: number): Promise<{ id: number; cookie: string }> {
  const res = await fetch(`${gateway}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gateway },
    body: JSON.stringify({ email: `bench${n}-${randomBytes(3).toString('hex')}@example.com`, password: 'bench-password-1', firstName: `Bench${n}`, lastName: 'Golfer' }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const user = (await res.json()) as { id?: number; user?: { id: number } };
  return { id: user.user?.id ?? user.id!, cookie };
}

export const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** The machine's state, printed with every figure: it is shared, so figures move with its load. */
export function machineNote(): string {
  const [one, five] = loadavg();
  return `machine: ${cpus().length} cores, load average ${one!.toFixed(2)} (1 min) ${five!.toFixed(2)} (5 min)`;
}
