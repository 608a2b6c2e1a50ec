/* Shared by the gateway benches: they run the real gateway as its own process on a free port. */

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmbeddedS3 } from '@swingfit/server-kit';
import { testRedisUrl } from '@swingfit/server-kit/testing';

export { freePort } from '@swingfit/server-kit/testing';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));

export interface GatewayProcessOptions {
  port: number;
  databaseUrl: string;
  queuePrefix: string;
  s3: Pick<EmbeddedS3, 'endpoint' | 'accessKey' | 'secretKey'>;
  /** Scratch folder of the run (DATA_DIR goes below it). */
  work: string;
}

/** The real gateway from its sources, in production mode, as its own process (what a bench measures). */
export function spawnGateway(options: GatewayProcessOptions): ChildProcess {
  const base = `http://127.0.0.1:${options.port}`;
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: options.queuePrefix,
      S3_ENDPOINT: options.s3.endpoint,
      S3_ACCESS_KEY: options.s3.accessKey,
      S3_SECRET_KEY: options.s3.secretKey,
      S3_BUCKET: 'swing-videos',
      INTERNAL_TOKEN: randomBytes(16).toString('hex'),
      ADMIN_PASSWORD: 'bench-admin-password',
      WEB_DIST: '/nonexistent',
      DATA_DIR: join(options.work, 'data'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Polls `${url}${path}` until it answers OK; fails early when the child process has exited. */
export async function waitForHealth(url: string, child: { exitCode: number | null }, path = '/healthz', timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${path}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`gateway did not answer ${path} within ${timeoutMs / 1000} s`);
}
