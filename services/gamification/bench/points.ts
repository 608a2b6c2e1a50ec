/*
 * pnpm bench:points — exercise.completed events from 1,000 golfers, published in the gateway's outbox
 * exactly as a completion transaction does, drained through the gateway's relay, the gamification
 * queue and inbox, the ledger and totals, points.awarded, gamification's relay, the gateway queue and
 * inbox, to the points on the user record. Two runs of 10,000 events each:
 *   burst — all published at once: how many events per second the pipeline drains;
 *   paced — published at BENCH_RATE per second (default 25): the delay from the completion's commit
 *           to its points on the user record (p50/p95, target p95 <= 1 s).
 * Each run ends with a count proving none was lost or doubled (ledger, totals, user records).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { centralDate, exerciseAward } from '@swingfit/contracts';
import { machineNote, percentile, startBenchStack } from './stack.js';

const GOLFERS = Number(process.env.BENCH_GOLFERS ?? 1_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 25);
const DRAIN_TIMEOUT_MS = 15 * 60_000;

interface Completion {
  id: string;
  userId: number;
  completionId: number;
  points: number;
}

let completionIds = 0;
function makeCompletions(firstUser: number): Completion[] {
  return Array.from({ length: EVENTS }, (_, i) => {
    const userId = firstUser + (i % GOLFERS);
    return { id: randomUUID(), userId, completionId: ++completionIds, points: exerciseAward(userId % 17).points };
  });
}

/** The row a completion transaction adds to core.outbox (publishInTransaction's shape), in batches. */
async function publish(pool: pg.Pool, batch: Completion[]): Promise<void> {
  const day = centralDate(new Date());
  const values: unknown[] = [];
  const rows = batch.map((c, i) => {
    const weeks = c.userId % 17;
    values.push(c.id, c.userId, JSON.stringify({ completionId: c.completionId, exerciseName: 'Bench Exercise', workoutDate: day, streakWeeks: weeks, ...exerciseAward(weeks) }));
    return `($${i * 3 + 1}::uuid, 'exercise.completed', 1, $${i * 3 + 2}::bigint, $${i * 3 + 3}::jsonb)`;
  });
  await pool.query(`insert into core.outbox (id, type, version, user_id, payload) values ${rows.join(', ')}`, values);
}

async function drained(pool: pg.Pool, batch: Completion[]): Promise<void> {
  const expected = new Map<number, number>();
  for (const c of batch) expected.set(c.userId, (expected.get(c.userId) ?? 0) + c.points);
  const ids = batch.map((c) => c.id);
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    // Done when every golfer's user record shows the snapshot counting all their awards.
    const { rows } = await pool.query(
      `select count(*)::int as behind from core.users u join gamification.golfer_points g on g.user_id = u.id
       where u.id = any($1::bigint[]) and u.points_version < g.version`,
      [[...expected.keys()]],
    );
    const { rows: awarded } = await pool.query(`select count(*)::int as n from gamification.points_ledger where source_event_id = any($1::text[])`, [ids]);
    if (rows[0].behind === 0 && awarded[0].n === batch.length) return;
    if (Date.now() > deadline) throw new Error(`not drained: ${awarded[0].n} of ${batch.length} awarded`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Milliseconds of each hop, per completion, from the rows the pipeline leaves behind. */
async function hops(pool: pg.Pool, batch: Completion[]): Promise<Record<string, number[]>> {
  const { rows } = await pool.query(
    `with awarded as (
       select (o.payload->>'sourceEventId')::uuid as source, o.user_id, (o.payload->>'version')::bigint as version, o.sent_at, p.processed_at
       from gamification.outbox o join core.processed_events p on p.event_id = o.id
       where o.type = 'points.awarded' and (o.payload->>'sourceEventId') = any($1::text[])),
     visible as (
       -- A snapshot makes an award visible when it, or a newer one of the same golfer, is applied first.
       select source, sent_at, min(processed_at) over (partition by user_id order by version desc rows unbounded preceding) as at from awarded)
     select extract(epoch from (c.sent_at - c.occurred_at)) * 1000 as gateway_relay,
       extract(epoch from (g.processed_at - c.sent_at)) * 1000 as to_gamification,
       extract(epoch from (v.sent_at - g.processed_at)) * 1000 as award_and_relay,
       extract(epoch from (v.at - v.sent_at)) * 1000 as to_user_record,
       extract(epoch from (v.at - c.occurred_at)) * 1000 as total
     from visible v join core.outbox c on c.id = v.source join gamification.processed_events g on g.event_id = v.source`,
    [batch.map((c) => c.id)],
  );
  const keys = ['gateway_relay', 'to_gamification', 'award_and_relay', 'to_user_record', 'total'];
  return Object.fromEntries(keys.map((k) => [k, rows.map((r) => Number(r[k])).sort((a, b) => a - b)]));
}

async function verify(pool: pg.Pool, all: Completion[]): Promise<string> {
  const expected = new Map<number, number>();
  for (const c of all) expected.set(c.userId, (expected.get(c.userId) ?? 0) + c.points);
  const ledger = (await pool.query(`select count(*)::int as rows, count(distinct cause)::int as causes, coalesce(sum(points), 0)::int as points from gamification.points_ledger`)).rows[0];
  const users = (await pool.query(`select id, total_points from core.users where id = any($1::bigint[])`, [[...expected.keys()]])).rows;
  const wrong = users.filter((u) => Number(u.total_points) !== expected.get(Number(u.id))).length;
  const want = all.reduce((s, c) => s + c.points, 0);
  const ok = ledger.rows === all.length && ledger.causes === all.length && ledger.points === want && wrong === 0 && users.length === expected.size;
  return `${ok ? 'OK' : 'MISMATCH'}: ${all.length} completions published, ${ledger.rows} ledger rows (${ledger.causes} distinct causes), ${ledger.points} of ${want} points; ${users.length - wrong} of ${expected.size} golfers' records exact`;
}

console.log(machineNote());
const stack = await startBenchStack();
try {
  const { pool } = stack;
  const first = Number((await pool.query(`select coalesce(max(id), 0) + 1 as id from core.users`)).rows[0].id);
  await pool.query(`insert into core.users (id, email, first_name) select g, 'points' || g || '@example.com', 'Golfer' || g from generate_series($1::int, $2::int) g`, [first, first + GOLFERS - 1]);
  await pool.query(`select setval(pg_get_serial_sequence('core.users', 'id'), $1)`, [first + GOLFERS - 1]);
  const published: Completion[] = [];

  // Burst: everything at once, in transactions of 100 rows.
  const burst = makeCompletions(first);
  const t0 = performance.now();
  for (let i = 0; i < burst.length; i += 100) await publish(pool, burst.slice(i, i + 100));
  const tPublished = performance.now();
  await drained(pool, burst);
  const tDrained = performance.now();
  published.push(...burst);
  console.log(`burst: ${EVENTS} events published in ${((tPublished - t0) / 1000).toFixed(1)} s, drained to the user records in ${((tDrained - t0) / 1000).toFixed(1)} s: ${(EVENTS / ((tDrained - t0) / 1000)).toFixed(0)} events/s`);
  const b = await hops(pool, burst);
  const hopB = (label: string, key: string) => `${label} p50 ${percentile(b[key]!, 50).toFixed(0)} / max ${b[key]!.at(-1)!.toFixed(0)} ms`;
  console.log(`  hops: ${hopB('gateway outbox relay', 'gateway_relay')}; ${hopB('queue to gamification', 'to_gamification')}; ${hopB('award + gamification relay', 'award_and_relay')}; ${hopB('queue to the user record', 'to_user_record')}`);
  console.log(`  ${await verify(pool, published)}`);
  console.log(`  ${machineNote()}`);

  // Paced: one completion at a time at RATE per second, as golfers would.
  const paced = makeCompletions(first);
  const interval = 1000 / RATE;
  const tStart = performance.now();
  for (const [i, c] of paced.entries()) {
    const due = tStart + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await publish(pool, [c]);
  }
  await drained(pool, paced);
  const tEnd = performance.now();
  published.push(...paced);
  const h = await hops(pool, paced);
  const lat = h.total!;
  console.log(`paced at ${RATE}/s: ${EVENTS} events in ${((tEnd - tStart) / 1000).toFixed(1)} s (${(EVENTS / ((tEnd - tStart) / 1000)).toFixed(0)} events/s); completion -> points on the user: p50 ${percentile(lat, 50).toFixed(0)} ms, p95 ${percentile(lat, 95).toFixed(0)} ms, max ${lat.at(-1)!.toFixed(0)} ms (${lat.length} measured)`);
  const hop = (label: string, key: string) => `${label} p50 ${percentile(h[key]!, 50).toFixed(0)} / p95 ${percentile(h[key]!, 95).toFixed(0)} ms`;
  console.log(`  hops: ${hop("gateway outbox relay", 'gateway_relay')}; ${hop('queue to gamification', 'to_gamification')}; ${hop('award + gamification relay', 'award_and_relay')}; ${hop('queue to the user record', 'to_user_record')}`);
  console.log(`  ${await verify(pool, published)}`);
  console.log(`  ${machineNote()}`);
} finally {
  await stack.stop();
}
