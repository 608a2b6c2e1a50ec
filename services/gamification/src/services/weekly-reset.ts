import { sql } from 'kysely';
import { addDays, centralWeek } from '@swingfit/contracts';
import { weeklyResetNotice } from '../domain/notices.js';
import type { Db } from '../db/types.js';

/** Rows per INSERT when notifying many golfers at once. */
const INSERT_BATCH = 1_000;

export interface WeeklyResetResult {
  /** The Sunday of the week that just began. */
  week: string;
  notified: number;
  /** True when this week's reset had been sent already (a retry, or a second schedule firing). */
  alreadySent: boolean;
}

/**
 * Sunday 00:00 Central Time: tells every golfer who earned points in the week that just ended that
 * their weekly points start again (and, when their streak rides on this week, how to keep it). The
 * weekly figures themselves need no reset: they are read per week. The weekly_resets row and the
 * notifications commit together, so a retried or doubled run sends each golfer one notice.
 */
export async function sendWeeklyReset(db: Db, at: Date): Promise<WeeklyResetResult> {
  const week = centralWeek(at).date;
  const ended = addDays(week, -7);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('weekly_resets').values({ week, notified: 0 }).onConflict((oc) => oc.doNothing()).returning('week').executeTakeFirst();
    if (!claimed) return { week, notified: 0, alreadySent: true };

    const golfers = await trx
      .selectFrom('period_points as p')
      .leftJoin('golfer_streaks as s', 's.user_id', 'p.user_id')
      .where('p.period', '=', 'week')
      .where('p.period_start', '=', ended)
      .where('p.points', '>', 0)
      .orderBy('p.user_id')
      .select(['p.user_id', 'p.points', 's.weeks', sql<string | null>`s.last_week::text`.as('last_week')])
      .execute();
    for (let i = 0; i < golfers.length; i += INSERT_BATCH) {
      const rows = golfers.slice(i, i + INSERT_BATCH).map((g) => {
        // Only a streak whose last week is the one that ended is still alive and needs this week.
        const notice = weeklyResetNotice(g.points, g.last_week === ended ? (g.weeks ?? 0) : 0);
        return { user_id: g.user_id, type: notice.type, title: notice.title, message: notice.message };
      });
      await trx.insertInto('notifications').values(rows).execute();
    }
    await trx.updateTable('weekly_resets').set({ notified: golfers.length }).where('week', '=', week).execute();
    return { week, notified: golfers.length, alreadySent: false };
  });
}
