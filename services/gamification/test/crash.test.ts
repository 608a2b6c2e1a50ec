import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import { OutboxRelay, createDb, createLogger, createRedis, migrateSchema, outboxLeaseMigration, outboxMigration, publishInTransaction, queueConnection } from '@swingfit/server-kit';
import { createTestDatabase, eventually, freePort, testQueuePrefix, testRedisUrl, type TestDatabase } from '@swingfit/server-kit/testing';
import { centralDate, eventQueueName, exerciseAward } from '@swingfit/contracts';

/*
 * The built gamification service as a real process, on its own database and Redis prefix, is killed
 * with SIGKILL while exercise completions are being published, and started again. Completions travel
 * as the gateway's do: its outbox (here a 'producer' schema with the same outbox table), the relay,
 * the gamification queue, the inbox. Afterwards the ledger holds every award exactly once.
 */

const ENTRY = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const GOLFERS = 40;
const PER_GOLFER = 15;
const TOTAL = GOLFERS * PER_GOLFER;
const PRODUCER = 'producer';

let database: TestDatabase;
let db: Kysely<any>;
let relay: OutboxRelay;
let child: ChildProcess | undefined;
let log = '';
const prefix = testQueuePrefix();
const logger = createLogger('crash-test', 'silent');
const queues = { connection: queueConnection(testRedisUrl()), prefix };

async function startService(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--enable-source-maps', ENTRY], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: prefix,
      INTERNAL_TOKEN: randomBytes(16).toString('hex'),
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => (log += String(d)));
  proc.stderr?.on('data', (d) => (log += String(d)));
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, 90_000, 200).catch((error) => {
    throw new Error(`gamification did not start: ${(error as Error).message}\n${log}`);
  });
  return proc;
}

const ledgerCount = async () => Number((await sql<{ n: string }>`select count(*) as n from gamification.points_ledger`.execute(db)).rows[0]!.n);

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run pnpm build first (this test runs the built service)`);
  database = await createTestDatabase();
  db = createDb(database.url, { schema: PRODUCER, max: 4 });
  await migrateSchema(db, PRODUCER, { '0001_outbox': outboxMigration(), '0002_outbox_lease': outboxLeaseMigration() });
  relay = new OutboxRelay(db, PRODUCER, queues, logger, 50);
  relay.start();
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await relay?.close();
  await db?.destroy();
  const redis = createRedis(testRedisUrl(), 'worker');
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await database?.drop();
});

describe('gamification killed mid-stream', () => {
  it('holds each award exactly once after SIGKILL and a restart, and the points of the downtime arrive', async () => {
    const port = await freePort();
    child = await startService(port);
    const day = centralDate(new Date());

    // The gateway's side: each completion commits with its event. Streaks vary so the points do too.
    const expected = new Map<number, number>();
    const produce = (async () => {
      for (let i = 0; i < TOTAL; i++) {
        const userId = 1 + (i % GOLFERS);
        const streakWeeks = userId % 17;
        const award = exerciseAward(streakWeeks);
        expected.set(userId, (expected.get(userId) ?? 0) + award.points);
        await db.transaction().execute((trx) =>
          publishInTransaction(trx, PRODUCER, {
            type: 'exercise.completed',
            userId,
            payload: { completionId: i + 1, exerciseName: `Exercise ${i % 6}`, workoutDate: day, streakWeeks, ...award },
          }),
        );
        if (i % 20 === 0) await new Promise((r) => setTimeout(r, 25));
      }
    })();

    // Kill the process once it is part-way through, keep publishing while it is down, then restart it.
    await eventually(async () => (await ledgerCount()) >= TOTAL / 6, 60_000, 20);
    const exited = new Promise<NodeJS.Signals | null>((r) => child!.once('exit', (_code, signal) => r(signal)));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const atKill = await ledgerCount();
    expect(atKill).toBeLessThan(TOTAL);
    await new Promise((r) => setTimeout(r, 1_500));
    child = await startService(port);
    await produce;

    // Events that were being handled at the kill are taken back once their lock lapses and a stalled check
    // finds them: within EVENT_DELIVERY.lockMs + stalledCheckMs (20 s), not BullMQ's default minute.
    await eventually(async () => (await ledgerCount()) === TOTAL, 120_000, 500).catch(async (error) => {
      throw new Error(`${(error as Error).message}: ledger holds ${await ledgerCount()} of ${TOTAL}\n${log}`);
    });
    await new Promise((r) => setTimeout(r, 1_500));

    const ledger = await sql<{ causes: string; rows: string }>`select count(distinct cause) as causes, count(*) as rows from gamification.points_ledger`.execute(db);
    expect(ledger.rows[0]).toEqual({ causes: TOTAL, rows: TOTAL });
    const perGolfer = await sql<{ user_id: number; total_points: number; version: number; exercises_completed: number }>`
      select user_id, total_points, version, exercises_completed from gamification.golfer_points order by user_id`.execute(db);
    expect(perGolfer.rows).toHaveLength(GOLFERS);
    for (const row of perGolfer.rows) {
      expect({ user: row.user_id, points: row.total_points, version: row.version, exercises: row.exercises_completed }).toEqual({
        user: row.user_id,
        points: expected.get(row.user_id),
        version: PER_GOLFER,
        exercises: PER_GOLFER,
      });
    }
    // One snapshot per award left (or will leave) for the gateway, each once.
    const snapshots = await sql<{ n: string }>`select count(*) as n from gamification.outbox where type = 'points.awarded'`.execute(db);
    expect(Number(snapshots.rows[0]!.n)).toBe(TOTAL);
    const gatewayQueue = new Queue(eventQueueName('gateway'), { connection: queues.connection, prefix });
    try {
      let queued = 0;
      await eventually(async () => {
        queued = await gatewayQueue.getJobCountByTypes('wait', 'delayed', 'prioritized', 'paused');
        return queued >= TOTAL;
      }, 30_000).catch(() => undefined);
      expect(queued).toBe(TOTAL);
    } finally {
      await gatewayQueue.close();
    }
  }, 240_000);
});
