/*
 * `npx tsx bench/leaderboard.ts [users] [awardsPerUser]`: fills a scratch database with golfers and
 * ledger rows spread over three months, then times the leaderboard and a points summary.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDb, migrateSchema } from '@swingfit/server-kit';
import { createTestDatabase } from '@swingfit/server-kit/testing';
import { gamificationMigrations } from '../src/db/migrations.js';
import { GAMIFICATION_SCHEMA, type GamificationDatabase } from '../src/db/schema.js';
import { leaderboard, pointsSummary } from '../src/services/standings.js';

const users = Number(process.argv[2] ?? 10_000);
const perUser = Number(process.argv[3] ?? 20);
const database = await createTestDatabase();
const db = createDb<GamificationDatabase>(database.url, { schema: GAMIFICATION_SCHEMA, max: 2 });
try {
  await migrateSchema(db, GAMIFICATION_SCHEMA, gamificationMigrations);
  await sql`insert into user_profiles (user_id, first_name, city, state) select g, 'Golfer ' || g, 'Austin', 'TX' from generate_series(1, ${users}) g`.execute(db);
  await sql`insert into points_ledger (user_id, points, reason, source_event_id, occurred_at)
    select 1 + (random() * (${users} - 1))::int, (array[5, 6, 8, 10, 13, 15])[1 + (random() * 5)::int], 'exercise', gen_random_uuid()::text, now() - random() * interval '90 days'
    from generate_series(1, ${users * perUser})`.execute(db);
  await sql`analyze`.execute(db);

  const time = async (label: string, run: () => Promise<unknown>, rounds = 20) => {
    await run();
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      await run();
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    console.log(`${label}: median ${samples[Math.floor(rounds / 2)]!.toFixed(1)} ms, p95 ${samples[Math.floor(rounds * 0.95)]!.toFixed(1)} ms`);
  };
  console.log(`${users} golfers, ${users * perUser} ledger rows over 90 days`);
  await time('GET /api/leaderboard (top 100, this month)', () => leaderboard(db));
  await time('GET /api/points/summary (total, month, week, position)', () => pointsSummary(db, 42));
} finally {
  await db.destroy();
  await database.drop();
}
