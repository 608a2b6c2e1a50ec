import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import { EVENT_DELIVERY, eventQueueName, type EventEnvelope } from '@swingfit/contracts';
import { consumeEvents, createDb, queueConnection } from '../src/index.js';
import { createTestDatabase, eventually, testQueuePrefix, testRedisUrl, type TestDatabase } from '../src/testing/index.js';
import { capturedLogger, consumerSchema } from './support.js';

/*
 * A consumer killed mid-event (SIGKILL: no clean-up, its lock neither released nor renewed) gives the
 * event back to another consumer within EVENT_DELIVERY.lockMs + stalledCheckMs, the bound
 * docs/operations.md promises operators, and the event takes effect once: the killed consumer's
 * transaction died with its connection.
 */

const SCHEMA = 'recovery';
const SERVICE = 'probe';
/** Scheduling slack on top of the bound: timers, Redis and the test's own polling (every 50 ms). */
const SLACK_MS = 3_000;

let database: TestDatabase;
let db: Kysely<any>;
let queue: Queue;
const prefix = testQueuePrefix();
const settings = { connection: queueConnection(testRedisUrl()), prefix };

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb<any>(database.url, { schema: SCHEMA });
  await consumerSchema(db, SCHEMA);
  queue = new Queue(eventQueueName(SERVICE), { connection: settings.connection, prefix });
});
afterAll(async () => {
  await queue?.obliterate({ force: true });
  await queue?.close();
  await db?.destroy();
  await database?.drop();
});

/**
 * A consumer in its own process whose handler writes the effect, says so on stdout, and never finishes:
 * killed there, it holds the event's lock and an open transaction.
 */
function stuckConsumer(): ChildProcess {
  const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
  const script = `
    const kit = await import(${JSON.stringify(entry)});
    const { sql } = await import('kysely');
    const db = kit.createDb(process.env.DATABASE_URL, { schema: ${JSON.stringify(SCHEMA)} });
    const settings = { connection: kit.queueConnection(process.env.REDIS_URL), prefix: process.env.QUEUE_PREFIX };
    const logger = (await import('pino')).pino({ level: 'silent' });
    kit.consumeEvents({ service: ${JSON.stringify(SERVICE)}, db, schema: ${JSON.stringify(SCHEMA)}, settings, logger, subscriptions: ['analysis.uploaded'],
      handlers: { 'analysis.uploaded': async (trx, event) => {
        await sql\`insert into ${SCHEMA}.effects (event_id) values (\${event.id})\`.execute(trx);
        console.log('handling ' + event.id);
        await new Promise(() => undefined);
      } } });
  `;
  return spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, DATABASE_URL: database.url, REDIS_URL: testRedisUrl(), QUEUE_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

const handling = (child: ChildProcess, eventId: string) =>
  new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      if (out.includes(`handling ${eventId}`)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the consumer exited (${code}) before it took the event`)));
  });

describe('a consumer killed mid-event', () => {
  it(`gives the event back within lockMs + stalledCheckMs (${(EVENT_DELIVERY.lockMs + EVENT_DELIVERY.stalledCheckMs) / 1000} s), and it takes effect once`, { timeout: 60_000 }, async () => {
    const event: EventEnvelope = { id: randomUUID(), type: 'analysis.uploaded', version: 1, occurredAt: new Date().toISOString(), userId: 3, payload: { analysisId: 9, club: 'driver' } };
    const child = stuckConsumer();
    await queue.add(event.type, event, { jobId: event.id });
    await handling(child, event.id);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const killedAt = Date.now();

    const { logger } = capturedLogger();
    let handledAt = 0;
    const survivor = consumeEvents({
      service: SERVICE, db, schema: SCHEMA, settings, logger, subscriptions: ['analysis.uploaded'],
      handlers: {
        'analysis.uploaded': async (trx, e) => {
          await sql`insert into recovery.effects (event_id) values (${e.id})`.execute(trx);
          handledAt = Date.now();
        },
      },
    });
    try {
      const bound = EVENT_DELIVERY.lockMs + EVENT_DELIVERY.stalledCheckMs;
      await eventually(async () => handledAt || false, bound + 2 * SLACK_MS, 50);
      const waited = handledAt - killedAt;
      console.log(`event given back ${waited} ms after the kill (bound ${bound} ms)`);
      expect(waited).toBeLessThanOrEqual(bound + SLACK_MS);
      const effects = await sql<{ n: number }>`select count(*)::int as n from recovery.effects where event_id = ${event.id}`.execute(db);
      expect(effects.rows[0]!.n).toBe(1);
    } finally {
      await survivor.close();
    }
  });
});
