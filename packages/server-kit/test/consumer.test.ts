import { randomUUID } from 'node:crypto';
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import { EVENT_DELIVERY, EVENT_SUBSCRIPTIONS, eventQueueName, type EventEnvelope } from '@swingfit/contracts';
import { FailedEvents, consumeEvents, createDb, handlerProblems, queueConnection, type EventHandlers } from '../src/index.js';
import type { Logger } from 'pino';
import { createTestDatabase, eventually, testQueuePrefix, testRedisUrl, type TestDatabase } from '../src/testing/index.js';
import { capturedLogger, consumerSchema } from './support.js';

/* The consuming side: poison events into the failed set and back, malformed events, a consumer killed mid-event, and the startup check. */

let database: TestDatabase;
let db: Kysely<any>;
const prefix = testQueuePrefix();
const settings = { connection: queueConnection(testRedisUrl()), prefix };
const SERVICE = 'probe';
let queue: Queue;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb<any>(database.url, { schema: 'poison' });
  await consumerSchema(db, 'poison');
  queue = new Queue(eventQueueName(SERVICE), { connection: settings.connection, prefix });
});
afterAll(async () => {
  await queue?.obliterate({ force: true });
  await queue?.close();
  await db?.destroy();
  await database?.drop();
});

const envelope = (payload: unknown, userId = 5): EventEnvelope => ({
  id: randomUUID(),
  type: 'analysis.uploaded',
  version: 1,
  occurredAt: new Date().toISOString(),
  userId,
  payload: payload as EventEnvelope['payload'],
});

/** The probe service's consumer of analysis.uploaded on the test's schema. */
const probeConsumer = (logger: Logger, handler: NonNullable<EventHandlers['analysis.uploaded']>) =>
  consumeEvents({ service: SERVICE, db, schema: 'poison', settings, logger, subscriptions: ['analysis.uploaded'], handlers: { 'analysis.uploaded': handler } });

const effects = async (eventId: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from poison.effects where event_id = ${eventId}`.execute(db)).rows[0]!.n;

describe('poison events', () => {
  it('land in the failed set with their error after their attempts, are listed, and replay into one effect', { timeout: 30_000 }, async () => {
    let broken = true;
    const { logger, count } = capturedLogger();
    const worker = probeConsumer(logger, async (trx, event) => {
      await sql`insert into poison.effects (event_id) values (${event.id})`.execute(trx);
      if (broken) throw new Error('ledger is read-only today');
    });
    const failed = new FailedEvents(settings, logger, [eventQueueName(SERVICE)]);
    try {
      const event = envelope({ analysisId: 1, club: 'driver' });
      await queue.add(event.type, event, { jobId: event.id, attempts: 3, backoff: { type: 'fixed', delay: 20 }, removeOnFail: false });
      const [listed] = await eventually(async () => {
        const list = await failed.list();
        return list.length === 1 && list;
      });
      expect(listed).toMatchObject({
        id: `${eventQueueName(SERVICE)}:${event.id}`,
        queue: eventQueueName(SERVICE),
        type: 'analysis.uploaded',
        userId: 5,
        occurredAt: event.occurredAt,
        failedReason: 'ledger is read-only today',
        attemptsMade: 3,
      });
      expect(Date.parse(listed!.failedAt!)).toBeGreaterThan(Date.now() - 30_000);
      expect(await effects(event.id)).toBe(0); // each failed attempt rolled its effect back
      expect(count(/failed set/)).toBe(1);

      broken = false;
      expect(await failed.replay(listed!.id)).toMatchObject({ id: listed!.id });
      await eventually(async () => (await queue.getJob(event.id))?.isCompleted());
      expect(await effects(event.id)).toBe(1);
      expect(await failed.list()).toEqual([]);
      // Replaying again finds nothing: the event is no longer failed.
      expect(await failed.replay(listed!.id)).toBeUndefined();
      expect(await failed.replay(`${eventQueueName(SERVICE)}:${randomUUID()}`)).toBeUndefined();
      expect(await failed.replay('events-elsewhere:whatever')).toBeUndefined();
    } finally {
      await worker.close();
      await failed.close();
    }
  });

  it('sends a malformed event straight to the failed set, without retries', { timeout: 30_000 }, async () => {
    const { logger } = capturedLogger();
    const worker = probeConsumer(logger, async () => undefined);
    try {
      const bad = envelope({ analysisId: 'seven', club: 'driver' });
      await queue.add(bad.type, bad, { jobId: bad.id, attempts: 5, backoff: { type: 'fixed', delay: 20 } });
      const job = await eventually(async () => {
        const j = await queue.getJob(bad.id);
        return j && (await j.isFailed()) && j;
      });
      expect(job.attemptsMade).toBe(1);
      expect(job.failedReason).toMatch(/analysis.uploaded payload does not match its schema at \/analysisId/);
    } finally {
      await worker.close();
    }
  });

  it('lets an event of a type it does not subscribe to pass as ignored', async () => {
    const { logger } = capturedLogger();
    const worker = probeConsumer(logger, async () => undefined);
    try {
      const other = { ...envelope({ analysisId: 1 }), type: 'analysis.completed' as const };
      await queue.add(other.type, other, { jobId: other.id });
      const job = await eventually(async () => {
        const j = await queue.getJob(other.id);
        return j && (await j.isCompleted()) && j;
      });
      expect(job.returnvalue).toBe('ignored');
    } finally {
      await worker.close();
    }
  });
});

/*
 * A consumer killed mid-event (SIGKILL: no clean-up, its lock neither released nor renewed) gives the
 * event back to another consumer within EVENT_DELIVERY.lockMs + stalledCheckMs, the bound
 * docs/operations.md promises operators, and the event takes effect once: the killed consumer's
 * transaction died with its connection.
 */
/** Scheduling slack on top of the bound: timers, Redis and the test's own polling (every 50 ms). */
const SLACK_MS = 3_000;

/**
 * A consumer in its own process whose handler writes the effect, says so on stdout, and never finishes:
 * killed there, it holds the event's lock and an open transaction.
 */
function stuckConsumer(): ChildProcess {
  const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
  const script = `
    const kit = await import(${JSON.stringify(entry)});
    const { sql } = await import('kysely');
    const db = kit.createDb(process.env.DATABASE_URL, { schema: 'poison' });
    const settings = { connection: kit.queueConnection(process.env.REDIS_URL), prefix: process.env.QUEUE_PREFIX };
    const logger = (await import('pino')).pino({ level: 'silent' });
    kit.consumeEvents({ service: ${JSON.stringify(SERVICE)}, db, schema: 'poison', settings, logger, subscriptions: ['analysis.uploaded'],
      handlers: { 'analysis.uploaded': async (trx, event) => {
        await sql\`insert into poison.effects (event_id) values (\${event.id})\`.execute(trx);
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
    const event = envelope({ analysisId: 9, club: 'driver' }, 3);
    const child = stuckConsumer();
    await queue.add(event.type, event, { jobId: event.id });
    await handling(child, event.id);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const killedAt = Date.now();

    const { logger } = capturedLogger();
    let handledAt = 0;
    const survivor = probeConsumer(logger, async (trx, e) => {
      await sql`insert into poison.effects (event_id) values (${e.id})`.execute(trx);
      handledAt = Date.now();
    });
    try {
      const bound = EVENT_DELIVERY.lockMs + EVENT_DELIVERY.stalledCheckMs;
      await eventually(async () => handledAt || false, bound + 2 * SLACK_MS, 50);
      const waited = handledAt - killedAt;
      console.log(`event given back ${waited} ms after the kill (bound ${bound} ms)`);
      expect(waited).toBeLessThanOrEqual(bound + SLACK_MS);
      expect(await effects(event.id)).toBe(1);
    } finally {
      await survivor.close();
    }
  });
});

describe('startup check', () => {
  const noop = async () => undefined;

  it('names a subscription without a handler, and a handler without a subscription', () => {
    expect(handlerProblems('gateway', { events: {} }, { subscriptions: ['points.awarded'] })).toEqual(['gateway subscribes to points.awarded but has no handler for it']);
    expect(handlerProblems('gateway', { events: { 'points.awarded': noop, 'streak.milestone': noop } }, { subscriptions: ['points.awarded'] })).toEqual([
      'gateway has a handler for streak.milestone but does not subscribe to it (EVENT_SUBSCRIPTIONS)',
    ]);
  });

  it('names a job of the table without a handler, and a handler for a job the table does not give the service', () => {
    expect(handlerProblems('analysis-worker', { jobs: { analysis: noop, 'analysis.remeasure': noop, 'analysis.remeasure-older': noop, 'analysis.refresh-write-ups': noop } })).toEqual([
      'analysis-worker consumes job analysis.reconcile (queue analysis-reconcile) but has no handler for it',
    ]);
    // (gamification's own weekly reset is missing too: named first, then the stray handler)
    expect(handlerProblems('gamification', { jobs: { analysis: noop } })).toEqual([
      'gamification consumes job gamification.weekly-reset (queue gamification-schedule) but has no handler for it',
      'gamification has a handler for job analysis, which the job table does not give it',
    ]);
    expect(handlerProblems('analysis-worker', { jobs: { analysis: noop, 'analysis.remeasure': noop, 'analysis.remeasure-older': noop, 'analysis.reconcile': noop, 'analysis.refresh-write-ups': noop } })).toEqual([]);
  });

  it('makes consumeEvents refuse a subscription without a handler', () => {
    const handlers: EventHandlers = {};
    expect(() => consumeEvents({ service: 'gateway', db, schema: 'poison', settings, logger: capturedLogger().logger, handlers })).toThrow(
      `startup check: gateway subscribes to ${EVENT_SUBSCRIPTIONS.gateway![0]} but has no handler for it (and ${EVENT_SUBSCRIPTIONS.gateway!.length - 1} more)`,
    );
  });

  it('ends a process that lacks a handler with one line and exit code 78', () => {
    const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
    const script = `import(${JSON.stringify(entry)}).then((kit) => { kit.requireHandlers('gamification', { events: {} }); console.log('started anyway'); });`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.status).toBe(78);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^startup check: gamification subscribes to user\.registered but has no handler for it/)]);
  });
});

describe('pnpm events:replay', () => {
  const cli = fileURLToPath(new URL('../dist/cli/events-replay.js', import.meta.url));
  /*
   * Each run is a fresh node process (about 1 s of CPU, most of it imports; 8-17 s on a 2-core machine at
   * load 11-15, where this file's two tests ran out of their 60 s and 30 s). They run without blocking
   * this process (spawnSync stopped its event loop, its Redis connections and its timeouts with it), and
   * the runs that read the same state go side by side: 3 rounds instead of 7, 1 instead of 3.
   */
  const run = (...args: string[]) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve, reject) => {
      execFile(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, REDIS_URL: testRedisUrl(), QUEUE_PREFIX: prefix }, timeout: 30_000 }, (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(new Error(`events:replay ${args.join(' ')} did not exit by itself (${error.signal ?? error.message}): ${stderr}`));
        else resolve({ status: error ? Number(error.code) : 0, stdout, stderr });
      });
    });

  it('lists the failed events, replays one by id, and says which ids it did not find', { timeout: 60_000 }, async () => {
    const gatewayQueue = new Queue(eventQueueName('gateway'), { connection: settings.connection, prefix });
    const { Worker } = await import('bullmq');
    const failing = new Worker(eventQueueName('gateway'), async () => {
      throw new Error('subscription store unavailable');
    }, { connection: settings.connection, prefix });
    try {
      const event = { ...envelope({ subscriptionId: 'sub_1' }), type: 'subscription.canceled' as const };
      await gatewayQueue.add(event.type, event, { jobId: event.id, attempts: 1 });
      await eventually(async () => (await gatewayQueue.getJob(event.id))?.isFailed());
      await failing.close();

      const [listed, plain] = await Promise.all([run('--json'), run()]);
      expect(listed.status, listed.stderr).toBe(0);
      const events = (JSON.parse(listed.stdout) as { events: Array<{ id: string; failedReason: string }> }).events;
      const id = `${eventQueueName('gateway')}:${event.id}`;
      expect(events).toContainEqual(expect.objectContaining({ id, type: 'subscription.canceled', failedReason: 'subscription store unavailable', attemptsMade: 1 }));
      expect(plain.stdout).toContain(id);

      const missing = `${eventQueueName('gateway')}:${randomUUID()}`;
      const replayed = await run(id, missing);
      expect(replayed.status).toBe(1);
      expect(replayed.stdout).toContain(`Replayed: 1 failed event(s)`);
      expect(replayed.stderr).toBe(`No failed event ${missing}\n`);
      expect(await (await gatewayQueue.getJob(event.id))!.getState()).toBe('waiting');
      // Nothing failed is left: listing, replaying a missing id and replaying all read the same empty set.
      const [list, none, all] = await Promise.all([run('--list'), run(missing), run('--all')]);
      expect(list.stdout).toContain('No failed events.');
      expect(none.status).toBe(1);
      expect(none.stdout).toBe('Nothing replayed: no failed event matched.\n');
      expect(all.stdout).toBe('Nothing replayed: no failed event matched.\n');
    } finally {
      await failing.close();
      await gatewayQueue.obliterate({ force: true });
      await gatewayQueue.close();
    }
  });

  it('prints its help, and refuses a bad argument with exit 2', async () => {
    const [help, bad, both] = await Promise.all([run('--help'), run('--everything'), run('--all', 'x')]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: pnpm events:replay/);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Unknown option '--everything'/);
    expect(both.status).toBe(2);
  });
});
