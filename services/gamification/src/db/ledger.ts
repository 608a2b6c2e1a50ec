import { sql } from 'kysely';
import type { Db } from './types.js';

export interface LedgerEntry {
  userId: number;
  points: number;
  reason: string;
  sourceEventId: string;
  occurredAt: Date;
}

/** Appends an award; false when this source event already earned one (the row exists). */
export async function appendAward(db: Db, entry: LedgerEntry): Promise<boolean> {
  const row = await db
    .insertInto('points_ledger')
    .values({ user_id: entry.userId, points: entry.points, reason: entry.reason, source_event_id: entry.sourceEventId, occurred_at: entry.occurredAt })
    .onConflict((oc) => oc.column('source_event_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface PointsTotals {
  totalPoints: number;
  monthlyPoints: number;
  weeklyPoints: number;
}

export async function pointsTotals(db: Db, userId: number, windows: { monthStart: Date; weekStart: Date }): Promise<PointsTotals> {
  const row = await db
    .selectFrom('points_ledger')
    .where('user_id', '=', userId)
    .select([
      sql<number>`coalesce(sum(points), 0)::int`.as('total'),
      sql<number>`coalesce(sum(points) filter (where occurred_at >= ${windows.monthStart}), 0)::int`.as('monthly'),
      sql<number>`coalesce(sum(points) filter (where occurred_at >= ${windows.weekStart}), 0)::int`.as('weekly'),
    ])
    .executeTakeFirstOrThrow();
  return { totalPoints: row.total, monthlyPoints: row.monthly, weeklyPoints: row.weekly };
}

export interface Standing {
  id: number;
  firstName: string | null;
  city: string | null;
  state: string | null;
  monthlyPoints: number;
}

/** Every known golfer with their points since `since`, highest first (ties: earliest account first). */
export async function monthlyStandings(db: Db, since: Date, limit: number): Promise<Standing[]> {
  const rows = await db
    .selectFrom('user_profiles as p')
    .leftJoin('points_ledger as l', (join) => join.onRef('l.user_id', '=', 'p.user_id').on('l.occurred_at', '>=', since))
    .groupBy(['p.user_id', 'p.first_name', 'p.city', 'p.state'])
    .select(['p.user_id', 'p.first_name', 'p.city', 'p.state', sql<number>`coalesce(sum(l.points), 0)::int`.as('monthly_points')])
    .orderBy('monthly_points', 'desc')
    .orderBy('p.user_id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.user_id), firstName: r.first_name, city: r.city, state: r.state, monthlyPoints: r.monthly_points }));
}

/** Competition rank: 1 + the number of golfers with strictly more points since `since`. */
export async function monthlyRank(db: Db, since: Date, monthlyPoints: number): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('points_ledger')
        .where('occurred_at', '>=', since)
        .groupBy('user_id')
        .having(sql`sum(points)`, '>', monthlyPoints)
        .select('user_id')
        .as('ahead'),
    )
    .select(sql<number>`count(*)::int`.as('ahead'))
    .executeTakeFirstOrThrow();
  return row.ahead + 1;
}
