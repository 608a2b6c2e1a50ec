/*
 * pnpm bench:events — the event backbone end to end: 10,000 events committed to an outbox (one
 * transaction each, several producers at once), moved to BullMQ by two relays (as the gateway and the
 * analysis-worker share the core outbox), consumed through the idempotent inbox into an effect row.
 * Prints events/s, commit-to-effect latency (p50/p95/p99) and counts proving none was lost or doubled.
 * Real PostgreSQL (its own database) and Redis (its own key prefix). The machine is shared: the load
 * average is printed with the figures.
 * Two phases: a burst (BENCH_EVENTS committed at once, the backbone drains the backlog: throughput)
 * and a steady stream under capacity (BENCH_STEADY_EVENTS at BENCH_STEADY_RATE/s: the path's own latency).
 *   BENCH_EVENTS (default 10000), BENCH_PRODUCERS (default 8), BENCH_CONSUMER_CONCURRENCY (default 4: the
 *   services' setting), BENCH_STEADY_EVENTS (default 1000), BENCH_STEADY_RATE (default 50).
 */
import { cpus, loadavg } from 'node:os';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { eventQueueName, type Routing } from '@swingfit/contracts';
import { OutboxRelay, consumeEvents, createDb, createLogger, inboxMigration, migrateSchema, outboxLeaseMigration, outboxMigration, publishInTransaction, queueConnection } from '../src/index.js';
import { createTestDatabase, testQueuePrefix, testRedisUrl } from '../src/testing/index.js';

const TOTAL = Number(process.env.BENCH_EVENTS ?? 10_000);
const PRODUCERS = Number(process.env.BENCH_PRODUCERS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONSUMER_CONCURRENCY ?? 4);
const STEADY = Number(process.env.BENCH_STEADY_EVENTS ?? 1_000);
const STEADY_RATE = Number(process.env.BENCH_STEADY_RATE ?? 50);
const SERVICE = 'bench';
const routing: Routing = { subscriptions: { [SERVICE]: ['analysis.uploaded'] }, jobs: {} };
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const database = await createTestDatabase();
const prefix = testQueuePrefix();
const settings = { connection: queueConnection(testRedisUrl()), prefix };
const logger = createLogger('bench-events', 'warn');
const producer = createDb<any>(database.url, { schema: 'producer', max: PRODUCERS + 4 });
const consumer = createDb<any>(database.url, { schema: 'consumer', max: CONCURRENCY + 2 });
await migrateSchema(producer, 'producer', { '0001': outboxMigration(), '0002': outboxLeaseMigration() });
await migrateSchema(consumer, 'consumer', { '0001': inboxMigration() });
await sql`create table consumer.effects (event_id uuid not null, applied_at timestamptz not null default clock_timestamp())`.execute(consumer);

const relays = [new OutboxRelay(producer, 'producer', settings, logger, { routing }), new OutboxRelay(producer, 'producer', settings, logger, { routing })];
const worker = consumeEvents({
  service: SERVICE,
  db: consumer,
  schema: 'consumer',
  settings,
  logger,
  subscriptions: ['analysis.uploaded'],
  concurrency: CONCURRENCY,
  handlers: { 'analysis.uploaded': async (trx, event) => void (await sql`insert into consumer.effects (event_id) values (${event.id})`.execute(trx)) },
});
const queue = new Queue(eventQueueName(SERVICE), { connection: settings.connection, prefix });

console.log(`bench:events  ${TOTAL} events, ${PRODUCERS} producers, 2 relays, consumer concurrency ${CONCURRENCY}; ${cpus().length} cores, load average at start ${load()}`);
const committedAt = new Map<string, number>();
const count = async (query: string) => (await sql<{ n: number }>`${sql.raw(query)}`.execute(consumer)).rows[0]!.n;
const effectCount = () => count('select count(distinct event_id)::int as n from consumer.effects');
for (const relay of relays) relay.start();

async function commitOne(n: number): Promise<void> {
  const id = await producer.transaction().execute((trx) =>
    publishInTransaction(trx, 'producer', { type: 'analysis.uploaded', userId: 1 + (n % 500), payload: { analysisId: n + 1, club: 'driver' } }),
  );
  committedAt.set(id, Date.now());
}

/** Waits until `target` distinct effects exist; notes when the outbox was drained on the way. */
async function settle(target: number, since: number): Promise<{ finished: number; drained: number }> {
  let drained = 0;
  for (;;) {
    if (!drained && (await count('select count(*)::int as n from producer.outbox where sent_at is null')) === 0) drained = Date.now();
    if ((await effectCount()) >= target) return { finished: Date.now(), drained: drained || Date.now() };
    if (Date.now() - since > 15 * 60_000) throw new Error(`only ${await effectCount()} of ${target} effects after 15 minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function latencies(since: number): Promise<number[]> {
  const rows = (await sql<{ event_id: string; applied_ms: number }>`select event_id, (extract(epoch from applied_at) * 1000)::float8 as applied_ms from consumer.effects`.execute(consumer)).rows;
  return rows.filter((r) => committedAt.get(r.event_id)! >= since).map((r) => r.applied_ms - committedAt.get(r.event_id)!).sort((a, b) => a - b);
}
const line = (l: number[]) => `p50 ${percentile(l, 50).toFixed(0)} ms   p95 ${percentile(l, 95).toFixed(0)} ms   p99 ${percentile(l, 99).toFixed(0)} ms   max ${l.at(-1)!.toFixed(0)} ms`;
const rate = (n: number, ms: number) => Math.round(n / (ms / 1000));

// 1. Burst: TOTAL events committed as fast as the producers can; the backbone drains the backlog.
const started = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: PRODUCERS }, async () => {
    while (next < TOTAL) await commitOne(next++);
  }),
);
const published = Date.now();
const burst = await settle(TOTAL, started);
const burstLatency = await latencies(started);
console.log(`\n1. burst: ${TOTAL} events committed at once`);
console.log(`  committed        ${rate(TOTAL, published - started)} commits/s (${((published - started) / 1000).toFixed(1)} s)`);
console.log(`  relayed          outbox drained ${((burst.drained - started) / 1000).toFixed(1)} s after the first commit (${rate(TOTAL, burst.drained - started)} events/s)`);
console.log(`  end to end       ${rate(TOTAL, burst.finished - started)} events/s (first commit to last effect, ${((burst.finished - started) / 1000).toFixed(1)} s)`);
console.log(`  commit→effect    ${line(burstLatency)}  (mostly waiting behind the backlog)`);

// 2. Steady: events at a rate under capacity, as in normal use: the latency of the path itself.
const steadyStart = Date.now();
for (let i = 0; i < STEADY; i++) {
  void commitOne(TOTAL + i);
  await new Promise((r) => setTimeout(r, 1000 / STEADY_RATE));
}
await settle(TOTAL + STEADY, steadyStart);
const steadyLatency = await latencies(steadyStart);
console.log(`\n2. steady: ${STEADY} events at ${STEADY_RATE}/s`);
console.log(`  commit→effect    ${line(steadyLatency)}  (relay polls every 500 ms when idle)`);

// A little longer: anything doubled would show up now.
await new Promise((r) => setTimeout(r, 2_000));
const effects = (await sql<{ event_id: string }>`select event_id from consumer.effects`.execute(consumer)).rows;
const counts = {
  committed: committedAt.size,
  outboxRows: await count('select count(*)::int as n from producer.outbox'),
  unsent: await count('select count(*)::int as n from producer.outbox where sent_at is null'),
  jobs: await queue.getJobCountByTypes('completed', 'failed', 'waiting', 'active', 'delayed'),
  inbox: await count('select count(*)::int as n from consumer.processed_events'),
  effects: effects.length,
  distinctEffects: new Set(effects.map((e) => e.event_id)).size,
  unknownEffects: effects.filter((e) => !committedAt.has(e.event_id)).length,
};
const lost = counts.committed - counts.distinctEffects;
const doubled = counts.effects - counts.distinctEffects;
const ok = lost === 0 && doubled === 0 && counts.unknownEffects === 0 && counts.unsent === 0;
console.log(`\ncounts  committed ${counts.committed}, outbox rows ${counts.outboxRows} (unsent ${counts.unsent}), jobs ${counts.jobs}, inbox ${counts.inbox}, effects ${counts.effects} (distinct ${counts.distinctEffects}, unknown ${counts.unknownEffects})`);
console.log(`lost ${lost}, doubled ${doubled}: ${ok ? 'OK, every committed event had exactly one effect' : 'FAILED'}`);
console.log(`load average at end ${load()}`);

await worker.close();
for (const relay of relays) await relay.close();
await queue.obliterate({ force: true });
await queue.close();
await producer.destroy();
await consumer.destroy();
await database.drop();
process.exit(ok ? 0 : 1);
