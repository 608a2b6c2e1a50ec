import { sql } from 'kysely';
import type { StreakState } from '@swingfit/contracts';
import type { Db } from './types.js';

/** The stored streak copy, locked for this transaction (the caller may replace it). */
export async function streakCopyForUpdate(db: Db, userId: number): Promise<StreakState | null> {
  const row = await db
    .selectFrom('golfer_streaks')
    .where('user_id', '=', userId)
    .select(['weeks', sql<string>`last_week::text`.as('last_week')])
    .forUpdate()
    .executeTakeFirst();
  return row ? { weeks: row.weeks, lastWeek: row.last_week } : null;
}

export async function saveStreakCopy(db: Db, userId: number, state: { weeks: number; lastWeek: string }): Promise<void> {
  await db
    .insertInto('golfer_streaks')
    .values({ user_id: userId, weeks: state.weeks, last_week: state.lastWeek })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ weeks: state.weeks, last_week: state.lastWeek, updated_at: new Date() }))
    .execute();
}
