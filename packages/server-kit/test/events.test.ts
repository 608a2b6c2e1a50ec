import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import {
  OutboxRelay,
  consumeEvents,
  createDb,
  createLogger,
  inboxMigration,
  migrateSchema,
  outboxLeaseMigration,
  outboxMigration,
  parseConfig,
  publishInTransaction,
  queueConnection,
} from '../src/index.js';
import { createTestDatabase, eventually, startTestObjectStore, testQueuePrefix, testRedisUrl, type TestDatabase, type TestObjectStore } from '../src/testing/index.js';
import { Type } from '@sinclair/typebox';
import { eventQueueName } from '@swingfit/contracts';

const logger = createLogger('test', 'silent');

describe('outbox relay and idempotent inbox', () => {
  let database: TestDatabase;
  const prefix = testQueuePrefix();
  const settings = { connection: queueConnection(testRedisUrl()), prefix };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('delivers each committed event once and applies its effect once, even when re-queued', async () => {
    const producer = createDb<any>(database.url, { schema: 'producer' });
    const consumer = createDb<any>(database.url, { schema: 'consumer' });
    await migrateSchema(producer, 'producer', { '0001': outboxMigration(), '0002': outboxLeaseMigration() });
    await migrateSchema(consumer, 'consumer', { '0001': inboxMigration() });
    await sql`create table consumer.effects (event_id uuid, points int)`.execute(consumer);

    // A rolled-back transaction must not leave an event behind.
    await producer.transaction().execute(async (trx) => {
      await publishInTransaction(trx, 'producer', { type: 'analysis.uploaded', userId: 1, payload: { analysisId: 99, club: 'driver' } });
      throw new Error('rollback');
    }).catch(() => undefined);
    const id = await producer.transaction().execute((trx) =>
      publishInTransaction(trx, 'producer', { type: 'analysis.uploaded', userId: 1, payload: { analysisId: 1, club: 'driver' } }),
    );

    const relay = new OutboxRelay(producer, 'producer', settings, logger, 50);
    expect(await relay.flush()).toBe(1);
    expect(await relay.flush()).toBe(0);

    // Simulate a redelivery: the same envelope under another job id.
    const queue = new Queue(eventQueueName('gamification'), { connection: settings.connection, prefix });
    const original = await queue.getJob(id);
    await queue.add('analysis.uploaded', original!.data, { jobId: `${id}-again` });

    const worker = consumeEvents({
      service: 'gamification',
      db: consumer,
      schema: 'consumer',
      settings,
      logger,
      subscriptions: ['analysis.uploaded'],
      handlers: {
        'analysis.uploaded': async (trx, event) => {
          await sql`insert into consumer.effects values (${event.id}, 10)`.execute(trx);
        },
      },
    });
    await eventually(async () => (await queue.getCompletedCount()) === 2).catch(async (e) => {
      const failed = await queue.getFailed();
      throw new Error(`${e.message}; failed: ${failed.map((j) => j.failedReason).join(", ")}; counts ${JSON.stringify(await queue.getJobCounts())}`);
    });
    const rows = await sql<{ n: number }>`select count(*)::int as n from consumer.effects`.execute(consumer);
    expect(rows.rows[0]!.n).toBe(1);

    await worker.close();
    await relay.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await producer.destroy();
    await consumer.destroy();
  });

  it('refuses to publish a payload that does not match its schema', async () => {
    const db = createDb<any>(database.url, { schema: 'producer' });
    await expect(
      publishInTransaction(db, 'producer', { type: 'analysis.uploaded', payload: { analysisId: 'x' } as any }),
    ).rejects.toThrow(/payload invalid/);
    await db.destroy();
  });
});

describe('object store over the S3 protocol', () => {
  let s3: TestObjectStore;
  beforeAll(async () => {
    s3 = await startTestObjectStore();
  });
  afterAll(async () => s3.close());

  it('streams a multi-part body of unknown length intact and serves byte ranges', async () => {
    const part = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < part.length; i++) part[i] = (i * 7) % 251;
    const chunks = Array.from({ length: 12 }, (_, k) => Buffer.from(part.map((b) => (b + k) % 256)));
    await s3.store.putStream('t/big.bin', Readable.from(chunks), 'application/octet-stream');
    const whole = Buffer.concat(chunks);
    expect(await s3.store.size('t/big.bin')).toBe(whole.length);
    const got = await s3.store.getBuffer('t/big.bin');
    expect(got.equals(whole)).toBe(true);
    const ranged = await s3.store.get('t/big.bin', 'bytes=100-199');
    const bytes: Buffer[] = [];
    for await (const c of ranged.body) bytes.push(Buffer.from(c));
    expect(Buffer.concat(bytes).equals(whole.subarray(100, 200))).toBe(true);
    expect(await s3.store.deletePrefix('t/')).toBe(1);
    expect(await s3.store.size('t/big.bin')).toBeUndefined();
  });
});

describe('configuration', () => {
  it('names a malformed variable in one line', () => {
    const schema = Type.Object({ DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://.+' }) });
    expect(() => parseConfig(schema, { DATABASE_URL: 'mysql://x' })).toThrow(/^config: DATABASE_URL is malformed/);
    expect(() => parseConfig(schema, {})).toThrow(/^config: DATABASE_URL is missing/);
  });
});

describe('ensureDatabase', () => {
  it('creates a missing database once when several services start together', async () => {
    const { ensureDatabase } = await import('../src/db.js');
    const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    base.pathname = `/sf_ensure_${process.pid}_${Date.now()}`;
    await Promise.all(Array.from({ length: 4 }, () => ensureDatabase(base.toString())));
    const db = createDb<any>(base.toString(), { schema: 'public', max: 1 });
    await sql`select 1`.execute(db);
    await db.destroy();
    const adminUrl = new URL(base);
    adminUrl.pathname = '/postgres';
    const admin = createDb<any>(adminUrl.toString(), { schema: 'public', max: 1 });
    await sql.raw(`drop database "${base.pathname.slice(1)}" with (force)`).execute(admin);
    await admin.destroy();
  });
});
