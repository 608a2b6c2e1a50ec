/*
 * pnpm bench:leaderboard — the monthly leaderboard and a golfer's monthly position THROUGH THE GATEWAY
 * (real processes, real HTTP, session cookies), with 100,000 golfers and 5,000,000 ledger rows and the
 * per-period totals they make. Prints the seeding time and p50/p95 per route (target p95 <= 20 ms).
 *   BENCH_USERS (100000)  BENCH_LEDGER_ROWS (5000000)  BENCH_REQUESTS (400 per route)
 */
import { performance } from 'node:perf_hooks';
import { centralMonth } from '@swingfit/contracts';
import { machineNote, percentile, registerGolfer, startBenchStack } from './stack.js';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 5_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const SIGNED_IN = 20;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.log(machineNote());
const stack = await startBenchStack();
try {
  const q = (text: string, values: unknown[] = []) => stack.pool.query(text, values);
  // A handful of golfers sign in for real (their sessions measure the own-only position route).
  const golfers: Array<{ id: number; cookie: string }> = [];
  for (let i = 0; i < SIGNED_IN; i++) golfers.push(await registerGolfer(stack.gateway, i));
  const firstFree = Math.max(...golfers.map((g) => g.id)) + 1;

  const t0 = performance.now();
  await q(`insert into core.users (id, email, first_name, last_name, city, state)
    select g, 'seed' || g || '@example.com', 'Golfer' || g, 'Seed', 'Austin', 'TX' from generate_series($1::int, $2::int) g`, [firstFree, USERS]);
  await q(`select setval(pg_get_serial_sequence('core.users', 'id'), $1)`, [USERS]);
  await q(`insert into gamification.user_profiles (user_id, first_name, city, state)
    select g, 'Golfer' || g, 'Austin', 'TX' from generate_series($1::int, $2::int) g on conflict do nothing`, [firstFree, USERS]);
  const tUsers = performance.now();

  // Half the rows fall in this Central Time month up to now, the rest over the two months before it.
  const month = centralMonth(new Date());
  await q(`insert into gamification.points_ledger
      (user_id, points, reason, cause, source_event_id, source_type, base_points, multiplier, award_day, occurred_at)
    select u, (array[5, 6, 8, 10, 13, 15])[t], 'exercise', 'bench:' || g, 'bench-' || g, 'exercise.completed', 5,
      (array[1.0, 1.25, 1.5, 2.0, 2.5, 3.0])[t], (at at time zone 'America/Chicago')::date, at
    from (select g, 1 + (random() * ($1::int - 1))::int as u, 1 + (random() * 5)::int as t,
      case when g % 2 = 0 then $2::timestamptz + random() * (now() - $2::timestamptz)
           else $2::timestamptz - random() * interval '60 days' end as at
      from generate_series(1, $3::int) g) s`, [USERS, month.start.toISOString(), LEDGER_ROWS]);
  const tLedger = performance.now();

  // The read models every award writes in its own transaction, built here in bulk from the same rows.
  await q(`insert into gamification.golfer_points (user_id, total_points, exercises_completed, uploads, version)
    select user_id, sum(points), count(*), 0, count(*) from gamification.points_ledger group by user_id`);
  await q(`insert into gamification.period_points (user_id, period, period_start, points)
    select user_id, 'day', award_day, sum(points) from gamification.points_ledger group by 1, 3
    union all select user_id, 'week', award_day - extract(dow from award_day)::int, sum(points) from gamification.points_ledger group by 1, 3
    union all select user_id, 'month', date_trunc('month', award_day)::date, sum(points) from gamification.points_ledger group by 1, 3`);
  await q(`insert into gamification.month_point_counts (period_start, points, golfers)
    select period_start, points, count(*) from gamification.period_points where period = 'month' group by 1, 2`);
  const tTotals = performance.now();
  await q('vacuum analyze gamification.period_points');
  await q('vacuum analyze gamification.golfer_points');
  await q('vacuum analyze gamification.month_point_counts');
  await q('analyze gamification.user_profiles');
  await q('analyze core.users');
  const tDone = performance.now();

  const counts = (await q(`select (select count(*) from core.users) as users, (select count(*) from gamification.points_ledger) as ledger,
    (select count(*) from gamification.period_points where period = 'month' and period_start = $1) as this_month`, [month.date])).rows[0];
  console.log(`seeded ${Number(counts.users).toLocaleString()} golfers, ${Number(counts.ledger).toLocaleString()} ledger rows (${Number(counts.this_month).toLocaleString()} golfers with points this month)`);
  console.log(`seeding: users ${seconds(tUsers - t0)}, ledger ${seconds(tLedger - tUsers)}, totals ${seconds(tTotals - tLedger)}, vacuum/analyze ${seconds(tDone - tTotals)}; total ${seconds(tDone - t0)}`);

  const time = async (label: string, request: (i: number) => Promise<Response>) => {
    for (let i = 0; i < 30; i++) await (await request(i)).arrayBuffer();
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const res = await request(i);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${label}: ${res.status}`);
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    console.log(`${label}: p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms (${REQUESTS} requests)`);
  };
  const asGolfer = (i: number) => golfers[i % golfers.length]!;
  const get = (path: string, cookie: string) => fetch(`${stack.gateway}${path}`, { headers: { cookie } });

  console.log(machineNote());
  await time('GET /api/monthly-leaderboard (top 100)', (i) => get('/api/monthly-leaderboard', asGolfer(i).cookie));
  await time('GET /api/leaderboard (top 100)', (i) => get('/api/leaderboard', asGolfer(i).cookie));
  await time('GET /api/users/{id}/monthly-position', (i) => get(`/api/users/${asGolfer(i).id}/monthly-position`, asGolfer(i).cookie));
  // The slowest position to count: a golfer without points this month stands behind everyone who has some.
  const idle = golfers[0]!;
  const idleMonth = (await q(`delete from gamification.period_points where user_id = $1 and period = 'month' and period_start = $2 returning points`, [idle.id, month.date])).rows[0];
  if (idleMonth) await q(`update gamification.month_point_counts set golfers = golfers - 1 where period_start = $1 and points = $2`, [month.date, idleMonth.points]);
  await time('GET /api/users/{id}/monthly-position (no points: behind everyone)', () => get(`/api/users/${idle.id}/monthly-position`, idle.cookie));
  console.log(machineNote());
} finally {
  await stack.stop();
}
