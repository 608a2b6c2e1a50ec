import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '@swingfit/server-kit/testing';
import { startStack } from '../../scripts/stack.mjs';

export interface RunningStack {
  url: string;
  adminPassword: string;
  databaseUrl: string;
  /** The embedded object store (s3rver behind signature checks) this stack started. */
  s3Endpoint: string;
  stop(): Promise<void>;
}

export interface ProductOptions {
  /**
   * false: no analysis worker. Only for journeys that never upload and read no analysis: the worker
   * loads its pose models as it starts, CPU the journey's own services and browser would otherwise get.
   */
  analysis?: boolean;
}

/**
 * The whole product as `pnpm start` runs it (built services, embedded object store), on a fresh
 * database, a fresh Redis prefix, free ports and a temporary data folder.
 */
export async function startProduct({ analysis = true }: ProductOptions = {}): Promise<RunningStack> {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbUrl = new URL(base);
  dbUrl.pathname = `/sf_e2e_${suffix}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sf-e2e-'));
  const adminPassword = `admin-${randomBytes(6).toString('hex')}`;
  const [port, billing, gamification, worker] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const stack = await startStack({
    analysis,
    quiet: !process.env.E2E_VERBOSE,
    env: {
      DATABASE_URL: dbUrl.toString(),
      QUEUE_PREFIX: `sf-e2e-${suffix}`,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BILLING_PORT: String(billing),
      GAMIFICATION_PORT: String(gamification),
      ANALYSIS_WORKER_PORT: String(worker),
      BILLING_URL: `http://127.0.0.1:${billing}`,
      GAMIFICATION_URL: `http://127.0.0.1:${gamification}`,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: process.env.E2E_VERBOSE ? 'info' : 'warn',
      S3_ENDPOINT: '',
      // Journeys sign up many golfers from one address (127.0.0.1); the limits themselves are tested in the gateway.
      RATE_LIMIT_REGISTER_IP: process.env.RATE_LIMIT_REGISTER_IP ?? '1000',
      RATE_LIMIT_UPLOAD_IP: process.env.RATE_LIMIT_UPLOAD_IP ?? '1000',
    },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    adminPassword,
    databaseUrl: dbUrl.toString(),
    s3Endpoint: (stack.env as Record<string, string>).S3_ENDPOINT!,
    async stop() {
      await stack.stop();
      const adminUrl = new URL(base);
      adminUrl.pathname = '/postgres';
      const client = new pg.Client({ connectionString: adminUrl.toString() });
      await client.connect();
      await client.query(`drop database if exists "sf_e2e_${suffix}" with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
