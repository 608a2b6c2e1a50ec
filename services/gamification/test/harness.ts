import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Worker } from 'bullmq';
import {
  OutboxRelay,
  ServiceMetrics,
  consumeEvents,
  createDb,
  createLogger,
  createRedis,
  migrateSchema,
  parseConfig,
  queueConnection,
  type App,
} from '@swingfit/server-kit';
import { createTestDatabase, eventually, testQueuePrefix, testRedisUrl } from '@swingfit/server-kit/testing';
import { eventQueueName, type EventPayload, type EventType } from '@swingfit/contracts';
import { buildApp } from '../src/app.js';
import { GamificationEnv } from '../src/config.js';
import { gamificationMigrations } from '../src/db/migrations.js';
import { GAMIFICATION_SCHEMA, type GamificationDatabase } from '../src/db/schema.js';
import type { GamificationDeps } from '../src/deps.js';
import { gamificationHandlers } from '../src/jobs/events.js';

export interface Harness {
  app: App;
  deps: GamificationDeps;
  queues: { connection: ReturnType<typeof queueConnection>; prefix: string };
  relay: OutboxRelay;
  /**
   * Puts an envelope on this service's queue as a relay would; the job id may differ to force a redelivery.
   * `retry` overrides the test's short retry policy (3 attempts, 100 ms apart).
   */
  deliver<T extends EventType>(
    event: { id?: string; type: T; userId?: number; occurredAt?: string; payload: EventPayload<T> },
    jobId?: string,
    retry?: { attempts: number; delayMs: number },
  ): Promise<string>;
  /** deliver + settled: the job's final state and result. */
  process<T extends EventType>(event: { id?: string; type: T; userId?: number; occurredAt?: string; payload: EventPayload<T> }, jobId?: string): Promise<{ id: string; state: string; result: unknown }>;
  /** Resolves once a delivered job has finished (completed: its return value, e.g. 'processed' or 'duplicate'). */
  settled(jobId: string): Promise<{ state: string; result: unknown }>;
  /** Headers the gateway adds when it forwards a signed-in golfer's request. */
  as(userId: number): Record<string, string>;
  close(): Promise<void>;
}

/** The gamification service on real parts: its own PostgreSQL database and Redis key prefix, its consumer running. */
export async function startGamification(options: { metrics?: boolean } = {}): Promise<Harness> {
  const database = await createTestDatabase();
  const prefix = testQueuePrefix();
  const config = parseConfig(GamificationEnv, {
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: prefix,
    INTERNAL_TOKEN: randomBytes(16).toString('hex'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
  });
  const logger = createLogger('gamification-test', 'silent');
  const db = createDb<GamificationDatabase>(database.url, { schema: GAMIFICATION_SCHEMA, max: 5 });
  await migrateSchema(db, GAMIFICATION_SCHEMA, gamificationMigrations);
  const redis = createRedis(testRedisUrl(), 'producer');
  const queues = { connection: queueConnection(testRedisUrl()), prefix };
  const relay = new OutboxRelay(db, GAMIFICATION_SCHEMA, queues, logger);
  // As main.ts builds them: only tests that read /metrics ask.
  const metrics = options.metrics ? new ServiceMetrics({ service: 'gamification', logger, outbox: { db, schema: GAMIFICATION_SCHEMA }, queues }) : undefined;
  const consumer: Worker = consumeEvents({ service: 'gamification', db, schema: GAMIFICATION_SCHEMA, settings: queues, logger, handlers: gamificationHandlers });
  const inbox = new Queue(eventQueueName('gamification'), { connection: queues.connection, prefix });
  metrics?.watchWorker(consumer);
  const deps: GamificationDeps = { config, logger, db, redis, ...(metrics ? { metrics } : {}) };
  const app = await buildApp(deps);
  await app.ready();
  const harness: Harness = {
    app,
    deps,
    queues,
    relay,
    async deliver(event, jobId, retry = { attempts: 3, delayMs: 100 }) {
      const id = event.id ?? randomUUID();
      const envelope = { id, type: event.type, version: 1, occurredAt: event.occurredAt ?? new Date().toISOString(), userId: event.userId, payload: event.payload };
      await inbox.add(event.type, envelope, { jobId: jobId ?? id, attempts: retry.attempts, backoff: { type: 'fixed', delay: retry.delayMs } });
      return id;
    },
    async process(event, jobId) {
      const id = await harness.deliver(event, jobId);
      return { id, ...(await harness.settled(jobId ?? id)) };
    },
    settled: (jobId) =>
      eventually(async () => {
        const job = await inbox.getJob(jobId);
        const state = job ? await job.getState() : 'missing';
        if (state !== 'completed' && state !== 'failed') return undefined;
        // Read again: the job may have finished between the first read and the state check.
        const done = await inbox.getJob(jobId);
        return { state, result: done?.returnvalue ?? done?.failedReason };
      }),
    as: (userId) => ({ 'x-internal-token': config.INTERNAL_TOKEN, 'x-user-id': String(userId) }),
    async close() {
      await app.close();
      await consumer.close();
      await relay.close();
      await metrics?.close();
      await inbox.close();
      // A short suite may end before the producer connection (no offline queue) has opened.
      if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await db.destroy();
      await database.drop();
    },
  };
  return harness;
}
