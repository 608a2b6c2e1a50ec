import type { Db } from './types.js';

/** Records a Stripe event id; false when it was already recorded (a repeated delivery). */
export async function claimStripeEvent(db: Db, eventId: string, type: string): Promise<boolean> {
  const row = await db
    .insertInto('processed_stripe_events')
    .values({ event_id: eventId, type })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}
