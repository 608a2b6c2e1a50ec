import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { ServiceMetrics, createDb, createLogger, createRedis, migrateSchema, queueConnection, type App, type QueueSettings, INTERNAL_TOKEN_HEADER, INTERNAL_USER_HEADER } from '@swingfit/server-kit';
import { createTestDatabase, testQueuePrefix, testRedisUrl, type TestDatabase } from '@swingfit/server-kit/testing';
import { buildApp } from '../src/app.js';
import { parseBillingConfig, type BillingConfig } from '../src/config.js';
import { billingMigrations } from '../src/db/migrations.js';
import { BILLING_SCHEMA, type BillingDatabase } from '../src/db/schema.js';
import type { BillingDeps } from '../src/deps.js';
import { createStripe } from '../src/services/stripe-client.js';
import { FakeStripe, LOCAL_PRICE_IDS } from '../src/stripe-fake/index.js';

/*
 * Billing on real parts: its own PostgreSQL database, Redis, and the real stripe SDK talking over HTTP to
 * the local Stripe stand-in (the boundary we cannot reach in tests). The app listens on a loopback port so
 * the stand-in can deliver signed webhooks to it, exactly as in local test mode.
 */

export interface Harness {
  app: App;
  deps: BillingDeps;
  fake: FakeStripe;
  db: Kysely<BillingDatabase>;
  url: string;
  /** Headers the gateway would send for this golfer. */
  as(userId: number): Record<string, string>;
  /** This harness's own Redis key prefix, for job workers a test starts. */
  queues: QueueSettings;
  close(): Promise<void>;
}

export const PUBLIC_URL = 'http://127.0.0.1:18140';

export async function startBilling(options: { webhooks?: 'deliver' | 'hold'; metrics?: boolean } = {}): Promise<Harness> {
  const database: TestDatabase = await createTestDatabase();
  const db = createDb<BillingDatabase>(database.url, { schema: BILLING_SCHEMA, max: 10 });
  await migrateSchema(db, BILLING_SCHEMA, billingMigrations);
  const redis: Redis = createRedis(testRedisUrl(), 'producer');
  const config: BillingConfig = parseBillingConfig({ DATABASE_URL: database.url, INTERNAL_TOKEN: randomBytes(16).toString('hex'), PUBLIC_URL, LOG_LEVEL: 'silent' });
  const fake = await new FakeStripe({ pagesUrl: `${PUBLIC_URL}/billing/test-mode`, retryDelaysMs: [] }).start();
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const queues = { connection: queueConnection(testRedisUrl()), prefix: testQueuePrefix() };
  const logger = createLogger('billing-test', 'silent');
  // As main.ts builds them: only tests that read /metrics ask.
  const metrics = options.metrics ? new ServiceMetrics({ service: 'billing', logger, outbox: { db, schema: BILLING_SCHEMA }, queues }) : undefined;
  const deps: BillingDeps = {
    config,
    logger,
    db,
    redis,
    stripe: createStripe(fake.secretKey, fake.url),
    mode: 'local-test',
    prices: { ...LOCAL_PRICE_IDS },
    webhookSecret,
    testMode: fake,
    ...(metrics ? { metrics } : {}),
  };
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  if (options.webhooks !== 'hold') fake.addWebhookEndpoint({ url: `${url}/api/stripe/webhook`, secret: webhookSecret });
  return {
    app,
    deps,
    fake,
    db,
    url,
    queues,
    as: (userId) => ({ [INTERNAL_TOKEN_HEADER]: config.INTERNAL_TOKEN, [INTERNAL_USER_HEADER]: String(userId) }),
    async close() {
      await app.close();
      await fake.close();
      await metrics?.close();
      redis.disconnect();
      await db.destroy();
      await database.drop();
    },
  };
}

let nextUser = 1000 + Math.floor(Math.random() * 1000);
/** A golfer id no other test in the file uses. */
export const newGolfer = () => ++nextUser;

/** The subscription.* and payment.failed events billing published for a golfer, oldest first. */
export function eventsOf(db: Kysely<BillingDatabase>, userId: number) {
  return db
    .selectFrom('outbox')
    .select(['type', 'payload', 'occurred_at'])
    .where('user_id', '=', userId)
    .orderBy('occurred_at')
    .orderBy(sql`coalesce((payload->>'version')::int, 0)`)
    .execute() as Promise<Array<{ type: string; payload: any; occurred_at: Date }>>;
}

export const stored = (db: Kysely<BillingDatabase>, userId: number) => db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
