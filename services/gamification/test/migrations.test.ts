import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDb, migrateSchema } from '@swingfit/server-kit';
import { createTestDatabase, type TestDatabase } from '@swingfit/server-kit/testing';
import { gamificationMigrations } from '../src/db/migrations.js';
import { GAMIFICATION_SCHEMA, type GamificationDatabase } from '../src/db/schema.js';

/* A database that already holds upload awards from before the totals existed is carried over whole. */
let database: TestDatabase;
let db: Kysely<GamificationDatabase>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb<GamificationDatabase>(database.url, { schema: GAMIFICATION_SCHEMA, max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('0005-0008 on a ledger written before them', () => {
  it('fills cause, detail and award day, and every total, from the rows already there', async () => {
    const before = Object.fromEntries(Object.entries(gamificationMigrations).filter(([name]) => name < '0004'));
    await migrateSchema(db, GAMIFICATION_SCHEMA, before);
    await sql`insert into points_ledger (user_id, points, reason, source_event_id, occurred_at) values
      (1, 10, 'upload', 'e1', '2026-11-01T04:30:00Z'),
      (1, 10, 'upload', 'e2', '2026-11-01T05:30:00Z'),
      (2, 10, 'upload', 'e3', '2026-11-20T18:00:00Z')`.execute(db);

    await migrateSchema(db, GAMIFICATION_SCHEMA, gamificationMigrations);

    const ledger = await db.selectFrom('points_ledger').select(['cause', 'source_type', 'base_points', 'multiplier', sql<string>`award_day::text`.as('day')]).orderBy('id').execute();
    expect(ledger).toEqual([
      { cause: 'event:e1', source_type: 'analysis.uploaded', base_points: 10, multiplier: 1, day: '2026-10-31' }, // 23:30 CDT, Saturday
      { cause: 'event:e2', source_type: 'analysis.uploaded', base_points: 10, multiplier: 1, day: '2026-11-01' },
      { cause: 'event:e3', source_type: 'analysis.uploaded', base_points: 10, multiplier: 1, day: '2026-11-20' },
    ]);
    expect(await db.selectFrom('golfer_points').selectAll().orderBy('user_id').execute()).toMatchObject([
      { user_id: 1, total_points: 20, uploads: 2, exercises_completed: 0, version: 2 },
      { user_id: 2, total_points: 10, uploads: 1, exercises_completed: 0, version: 1 },
    ]);
    const periods = await db
      .selectFrom('period_points')
      .select(['user_id', 'period', sql<string>`period_start::text`.as('start'), 'points'])
      .where('user_id', '=', 1)
      .orderBy('period')
      .orderBy('period_start')
      .execute();
    expect(periods).toEqual([
      { user_id: 1, period: 'day', start: '2026-10-31', points: 10 },
      { user_id: 1, period: 'day', start: '2026-11-01', points: 10 },
      { user_id: 1, period: 'month', start: '2026-10-01', points: 10 },
      { user_id: 1, period: 'month', start: '2026-11-01', points: 10 },
      { user_id: 1, period: 'week', start: '2026-10-25', points: 10 },
      { user_id: 1, period: 'week', start: '2026-11-01', points: 10 },
    ]);
    const counts = await db.selectFrom('month_point_counts').select([sql<string>`period_start::text`.as('month'), 'points', 'golfers']).orderBy('period_start').execute();
    expect(counts).toEqual([
      { month: '2026-10-01', points: 10, golfers: 1 },
      { month: '2026-11-01', points: 10, golfers: 2 },
    ]);
    // And the ledger is still append-only afterwards.
    await expect(sql`update points_ledger set points = 0`.execute(db)).rejects.toThrow(/append-only/);
  });
});
