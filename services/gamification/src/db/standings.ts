import { sql } from 'kysely';
import type { Db } from './types.js';

/*
 * Reads of the monthly leaderboard: the board from period_points' month rows through the partial index
 * period_points_month_board (period_start, points desc, user_id), ranks from month_point_counts. No read
 * sums the ledger.
 */

export interface Standing {
  id: number;
  firstName: string | null;
  city: string | null;
  state: string | null;
  monthlyPoints: number;
}

const monthRows = (db: Db, month: string) => db.selectFrom('period_points').where('period', '=', 'month').where('period_start', '=', month);

/** The golfers with points this month, highest first (ties: lowest account id first). */
export async function topOfMonth(db: Db, month: string, limit: number): Promise<Standing[]> {
  const rows = await db
    .selectFrom('period_points as p')
    .leftJoin('user_profiles as u', 'u.user_id', 'p.user_id')
    .where('p.period', '=', 'month')
    .where('p.period_start', '=', month)
    .orderBy('p.points', 'desc')
    .orderBy('p.user_id', 'asc')
    .limit(limit)
    .select(['p.user_id', 'p.points', 'u.first_name', 'u.city', 'u.state'])
    .execute();
  return rows.map((r) => ({ id: Number(r.user_id), firstName: r.first_name ?? null, city: r.city ?? null, state: r.state ?? null, monthlyPoints: r.points }));
}

/** Known golfers without points this month (to fill a short board), lowest account id first. */
export async function golfersWithoutPoints(db: Db, month: string, limit: number): Promise<Standing[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectFrom('user_profiles as u')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('period_points as p').whereRef('p.user_id', '=', 'u.user_id').where('p.period', '=', 'month').where('p.period_start', '=', month).select('p.user_id'))),
    )
    .orderBy('u.user_id')
    .limit(limit)
    .select(['u.user_id', 'u.first_name', 'u.city', 'u.state'])
    .execute();
  return rows.map((r) => ({ id: Number(r.user_id), firstName: r.first_name, city: r.city, state: r.state, monthlyPoints: 0 }));
}

/** How many golfers have strictly more than `points` this month (a rank is this + 1), from month_point_counts. */
export async function golfersAhead(db: Db, month: string, points: number): Promise<number> {
  const row = await db
    .selectFrom('month_point_counts')
    .where('period_start', '=', month)
    .where('points', '>', points)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('golfers'), eb.lit(0)).as('ahead'))
    .executeTakeFirstOrThrow();
  return Number(row.ahead);
}

/**
 * The golfer's month points and golfersAhead of them in one round trip (the home screen asks for a
 * golfer's position on every visit): the golfer's month row, if any, then the counts above it.
 */
export async function monthPointsAndAhead(db: Db, userId: number, month: string): Promise<{ points: number; ahead: number }> {
  const { rows } = await sql<{ points: number; ahead: number }>`
    with mine as (
      select coalesce((select p.points from period_points p where p.period = 'month' and p.period_start = ${month} and p.user_id = ${userId}), 0) as points
    )
    select mine.points,
           (select coalesce(sum(c.golfers), 0) from month_point_counts c where c.period_start = ${month} and c.points > mine.points) as ahead
      from mine`.execute(db);
  const row = rows[0]!;
  return { points: Number(row.points), ahead: Number(row.ahead) };
}

/**
 * The month's board (top `limit`) as rows (user, points), highest first, keeping only rows above
 * `above`: the same rows as the board's prefix above that figure, without fetching the rest.
 */
export async function boardRows(db: Db, month: string, limit: number, above = 0): Promise<Array<{ userId: number; points: number }>> {
  const rows = await monthRows(db, month).where('points', '>', above).orderBy('points', 'desc').orderBy('user_id').limit(limit).select(['user_id', 'points']).execute();
  return rows.map((r) => ({ userId: Number(r.user_id), points: r.points }));
}

export async function firstNameOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('user_profiles').where('user_id', '=', userId).select('first_name').executeTakeFirst();
  return row?.first_name ?? null;
}
