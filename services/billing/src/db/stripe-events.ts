import { createHash } from 'node:crypto';
import { sql } from 'kysely';
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

export async function lastProcessedEventAt(db: Db): Promise<Date | null> {
  const row = await db.selectFrom('processed_stripe_events').select((eb) => eb.fn.max('processed_at').as('at')).executeTakeFirst();
  return row?.at ? new Date(row.at as Date) : null;
}

/** How long a delivery's signature is remembered: longer than any signature stays inside the tolerance. */
const DELIVERY_MEMORY = '1 day';

/**
 * Remembers a verified delivery by its signature header. Stripe signs every attempt afresh (new
 * timestamp), so the very same header twice is a replay by someone who captured it: false then.
 */
export async function recordDelivery(db: Db, signatureHeader: string, eventId: string): Promise<boolean> {
  const signatureHash = createHash('sha256').update(signatureHeader).digest('hex');
  await db.deleteFrom('webhook_deliveries').where('received_at', '<', sql<Date>`now() - ${DELIVERY_MEMORY}::interval`).execute();
  const row = await db
    .insertInto('webhook_deliveries')
    .values({ signature_hash: signatureHash, event_id: eventId })
    .onConflict((oc) => oc.column('signature_hash').doNothing())
    .returning('signature_hash')
    .executeTakeFirst();
  return row !== undefined;
}
