import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedS3 } from '../embedded-s3.js';
import { ObjectStore } from '../storage.js';

/*
 * Real dependencies for service tests: PostgreSQL and Redis from DATABASE_URL / REDIS_URL (CI and
 * these machines run both on 127.0.0.1), each test file in its own database and key prefix.
 * There is no container runtime here; where one exists, set the URLs to containers you start.
 */

const DEFAULT_DB = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS = 'redis://127.0.0.1:6379';

export const testRedisUrl = () => process.env.REDIS_URL ?? DEFAULT_REDIS;
export const uniqueSuffix = () => `${process.pid}_${randomBytes(4).toString('hex')}`;
export const testQueuePrefix = () => `sf-test-${uniqueSuffix()}`;

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_DB;
  const name = `sf_test_${uniqueSuffix()}`;
  const adminUrl = new URL(base);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`Service tests need PostgreSQL: could not connect to ${adminUrl.host} (set DATABASE_URL). ${(error as Error).message}`);
  }
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl.toString() });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export interface TestObjectStore {
  store: ObjectStore;
  config: { endpoint: string; region: string; accessKey: string; secretKey: string; bucket: string };
  close(): Promise<void>;
}

/** A real S3 protocol server (s3rver) on a free loopback port with its data in a temporary folder. */
export async function startTestObjectStore(bucket = 'swing-videos'): Promise<TestObjectStore> {
  const directory = mkdtempSync(join(tmpdir(), 'sf-s3-'));
  // Fresh credentials per store, as pnpm start does: nothing relies on a well-known pair.
  const s3 = await startEmbeddedS3({ directory, buckets: [bucket], accessKey: `test-${randomBytes(6).toString('hex')}`, secretKey: randomBytes(24).toString('base64url') });
  const config = { endpoint: s3.endpoint, region: 'us-east-1', accessKey: s3.accessKey, secretKey: s3.secretKey, bucket };
  return {
    store: new ObjectStore(config),
    config,
    async close() {
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * How long an effect may take to show by default. Generous on purpose: a test waits on a condition, not a
 * speed (benchmarks measure speed), and CI's two cores may be busy with a browser and the pose model.
 */
export const EVENTUALLY_DEFAULT_MS = 30_000;

/** Polls until `check` returns a truthy value (event-driven effects in tests), or fails after timeoutMs. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = EVENTUALLY_DEFAULT_MS, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
export * from './private-redis.js';
export * from './compose.js';
export { freePort } from './ports.js';
export * from './unknown-address.js';

/** A free loopback TCP port, for a service a test or benchmark starts as its own process. */
export * from './metrics.js';
