import { randomBytes } from 'node:crypto';
import {
  OutboxRelay,
  ServiceMetrics,
  createDb,
  createLogger,
  createRedis,
  migrateSchema,
  queueConnection,
  type App,
} from '@swingfit/server-kit';
import { createTestDatabase, freePort, startTestObjectStore, testQueuePrefix, testRedisUrl } from '@swingfit/server-kit/testing';
import { CORE_SCHEMA, coreMigrations, type CoreDatabase } from '@swingfit/core-db';
import { buildApp } from '../src/app.js';
import { hashAdminPassword } from '../src/services/admin-auth.js';
import { GatewayEnv, type GatewayConfig } from '../src/config.js';
import { parseConfig } from '@swingfit/server-kit';
import type { GatewayDeps } from '../src/deps.js';
import { seedExerciseCatalog } from '../src/services/catalog-seed.js';

export interface Harness {
  app: App;
  deps: GatewayDeps;
  close(): Promise<void>;
}

/**
 * A gateway on real parts: its own PostgreSQL database, its own Redis key prefix, a real S3
 * server on a temporary folder. Requests go through app.inject (no port needed).
 */
export async function startGateway(overrides: Partial<GatewayConfig> = {}, options: { metrics?: boolean } = {}): Promise<Harness> {
  const database = await createTestDatabase();
  const s3 = await startTestObjectStore();
  const prefix = testQueuePrefix();
  const config = {
    ...parseConfig(GatewayEnv, {
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: prefix,
      S3_ENDPOINT: s3.config.endpoint,
      S3_ACCESS_KEY: s3.config.accessKey,
      S3_SECRET_KEY: s3.config.secretKey,
      INTERNAL_TOKEN: randomBytes(16).toString('hex'),
      // Ports nothing listens on, not the defaults (8081, 8082): there a product someone runs on this
      // machine would answer the forwarded calls of a suite that starts no billing or gamification.
      BILLING_URL: `http://127.0.0.1:${await freePort()}`,
      GAMIFICATION_URL: `http://127.0.0.1:${await freePort()}`,
      ADMIN_PASSWORD: 'test-admin-password',
      TRUST_PROXY: '127.0.0.1',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      // Suites sign up many golfers from one address; rate-limits.test.ts sets its own small limits.
      RATE_LIMIT_REGISTER_IP: '10000',
      RATE_LIMIT_UPLOAD_USER: '10000',
      RATE_LIMIT_UPLOAD_IP: '10000',
    }),
    ...overrides,
  };
  const logger = createLogger('gateway-test', 'silent');
  const db = createDb<CoreDatabase>(database.url, { schema: CORE_SCHEMA, max: 5 });
  await migrateSchema(db, CORE_SCHEMA, coreMigrations);
  await seedExerciseCatalog(db);
  // A fault test passes its own REDIS_URL (a private redis-server it stops); the shared one otherwise.
  const redis = createRedis(config.REDIS_URL, 'producer');
  const queues = { connection: queueConnection(config.REDIS_URL), prefix };
  const relay = new OutboxRelay(db, CORE_SCHEMA, queues, logger);
  // As main.ts builds them: only tests that read /metrics ask (the rest keep their Redis connections few).
  const metrics = options.metrics ? new ServiceMetrics({ service: 'gateway', logger, outbox: { db, schema: CORE_SCHEMA }, queues }) : undefined;
  const deps: GatewayDeps = { config, logger, db, redis, queues, store: s3.store, relay, adminPasswordHash: await hashAdminPassword(config.ADMIN_PASSWORD), ...(metrics ? { metrics } : {}) };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await relay.close();
      await metrics?.close();
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await db.destroy();
      await s3.close();
      await database.drop();
    },
  };
}

/** Cookie header value from a Set-Cookie answer, for the next injected request. */
export function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
}
