import type { Award } from '../domain/awards.js';
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
