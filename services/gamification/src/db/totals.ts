import { sql } from 'kysely';
import { countersOf, type Award, type AwardPeriods } from '../domain/awards.js';
import type { GolferFigures } from '../domain/achievements.js';
import type { PointsPeriod } from './schema.js';
import type { Db } from './types.js';

export interface TotalsAfterAward {
  before: GolferFigures;
  after: GolferFigures;
  /** The golfer's snapshot version after this award (+1 per award, in commit order). */
  version: number;
  dayPoints: number;
  weekPoints: number;
  monthBefore: number;
  monthAfter: number;
}

/**
 * Adds an award to the golfer's read models, in the caller's transaction (the one that appended the
 * ledger row). The golfer_points row is locked first: every award of one golfer then runs its totals
 * in turn, so versions follow commit order and a snapshot read after it is consistent. A reversal
 * (negative points) runs the same way and takes every figure back down.
 */
export async function addToTotals(db: Db, award: Award, periods: AwardPeriods): Promise<TotalsAfterAward> {
  const { exercises: exercise, uploads: upload } = countersOf(award.reason);
  const golfer = await db
    .insertInto('golfer_points')
    .values({ user_id: award.userId, total_points: award.points, exercises_completed: exercise, uploads: upload, version: 1 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        total_points: sql`golfer_points.total_points + ${award.points}`,
        exercises_completed: sql`golfer_points.exercises_completed + ${exercise}`,
        uploads: sql`golfer_points.uploads + ${upload}`,
        version: sql`golfer_points.version + 1`,
        updated_at: new Date(),
      }),
    )
    .returning(['total_points', 'exercises_completed', 'uploads', 'version'])
    .executeTakeFirstOrThrow();

  const rows = await db
    .insertInto('period_points')
    .values([
      { user_id: award.userId, period: 'day', period_start: periods.day, points: award.points },
      { user_id: award.userId, period: 'week', period_start: periods.week, points: award.points },
      { user_id: award.userId, period: 'month', period_start: periods.month, points: award.points },
    ])
    .onConflict((oc) => oc.columns(['user_id', 'period', 'period_start']).doUpdateSet({ points: sql`period_points.points + excluded.points` }))
    .returning(['period', 'points'])
    .execute();
  const points = (period: string) => rows.find((r) => r.period === period)?.points ?? 0;
  // Period rows exist for periods that earned points: a reversal that brings one back to 0 removes it,
  // so the board, the daily history and the weekly reset read exactly what they read before the award.
  if (award.points < 0) await dropEmptyPeriods(db, award.userId, periods);

  const monthAfter = points('month');
  await moveInMonthCounts(db, periods.month, monthAfter - award.points, monthAfter);

  const after = { totalPoints: golfer.total_points, exercisesCompleted: golfer.exercises_completed, uploads: golfer.uploads };
  const before = { totalPoints: after.totalPoints - award.points, exercisesCompleted: after.exercisesCompleted - exercise, uploads: after.uploads - upload };
  return { before, after, version: Number(golfer.version), dayPoints: points('day'), weekPoints: points('week'), monthBefore: monthAfter - award.points, monthAfter };
}

async function dropEmptyPeriods(db: Db, userId: number, periods: AwardPeriods): Promise<void> {
  await db
    .deleteFrom('period_points')
    .where('user_id', '=', userId)
    .where('points', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('period', '=', 'day'), eb('period_start', '=', periods.day)]),
        eb.and([eb('period', '=', 'week'), eb('period_start', '=', periods.week)]),
        eb.and([eb('period', '=', 'month'), eb('period_start', '=', periods.month)]),
      ]),
    )
    .execute();
}

/**
 * Moves the golfer from one month figure to another in month_point_counts, in one statement: -1 at the
 * old figure, +1 at the new (each only when above 0: the counts hold figures above 0). The rows are
 * written lowest figure first (an award moves up, a reversal down), so concurrent awards lock them in
 * one order and can wait on each other but never deadlock; the golfer's own golfer_points lock already
 * orders their awards.
 */
async function moveInMonthCounts(db: Db, month: string, before: number, after: number): Promise<void> {
  const moves = [
    { period_start: month, points: before, golfers: -1 },
    { period_start: month, points: after, golfers: 1 },
  ]
    .filter((m) => m.points > 0)
    .sort((a, b) => a.points - b.points);
  if (moves.length === 0 || before === after) return;
  await db
    .insertInto('month_point_counts')
    .values(moves)
    .onConflict((oc) => oc.columns(['period_start', 'points']).doUpdateSet({ golfers: sql`month_point_counts.golfers + excluded.golfers` }))
    .execute();
}

export interface PointsFigures {
  totalPoints: number;
  weeklyPoints: number;
  monthlyPoints: number;
}

/** A golfer's total and their points in the given week and month (0 where they earned none). */
export async function pointsFigures(db: Db, userId: number, windows: { week: string; month: string }): Promise<PointsFigures> {
  const periodPoints = (period: PointsPeriod, start: string) =>
    db.selectFrom('period_points').where('user_id', '=', userId).where('period', '=', period).where('period_start', '=', start).select('points');
  const row = await db
    .selectFrom('golfer_points')
    .where('user_id', '=', userId)
    .select(['total_points', periodPoints('week', windows.week).as('weekly'), periodPoints('month', windows.month).as('monthly')])
    .executeTakeFirst();
  return { totalPoints: row?.total_points ?? 0, weeklyPoints: row?.weekly ?? 0, monthlyPoints: row?.monthly ?? 0 };
}

/** The golfer's points on each day from `from` to `to` (inclusive) that earned any. */
export async function dailyPoints(db: Db, userId: number, from: string, to: string): Promise<Array<{ date: string; points: number }>> {
  const rows = await db
    .selectFrom('period_points')
    .where('user_id', '=', userId)
    .where('period', '=', 'day')
    .where('period_start', '>=', from)
    .where('period_start', '<=', to)
    .select([sql<string>`period_start::text`.as('date'), 'points'])
    .orderBy('period_start')
    .execute();
  return rows;
}
