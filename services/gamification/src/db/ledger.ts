import { sql } from 'kysely';
import type { Award, RecordedUploadAward } from '../domain/awards.js';
import type { Db } from './types.js';

/** Appends an award; false when its cause already earned one (the ledger is append-only, one row per cause). */
export async function appendAward(db: Db, award: Award): Promise<boolean> {
  const row = await db
    .insertInto('points_ledger')
    .values({
      user_id: award.userId,
      points: award.points,
      reason: award.reason,
      cause: award.cause,
      source_event_id: award.sourceEventId,
      source_type: award.sourceType,
      base_points: award.basePoints,
      multiplier: award.multiplier,
      award_day: award.day,
      occurred_at: award.occurredAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The award the ledger holds for a cause, as a reversal needs it; undefined when none is recorded (yet). */
export async function findAward(db: Db, cause: string): Promise<RecordedUploadAward | undefined> {
  const row = await db
    .selectFrom('points_ledger')
    .select(['user_id', 'base_points', 'multiplier', 'points', sql<string>`award_day::text`.as('day')])
    .where('cause', '=', cause)
    .executeTakeFirst();
  return row && { userId: Number(row.user_id), basePoints: row.base_points, multiplier: Number(row.multiplier), points: row.points, day: row.day };
}
