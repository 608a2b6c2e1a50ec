import { sql } from 'kysely';
import type { Db } from './types.js';

export async function userIdForCustomer(db: Db, stripeCustomerId: string): Promise<number | undefined> {
  const row = await db.selectFrom('customers').select('user_id').where('stripe_customer_id', '=', stripeCustomerId).executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}

export async function customerIdForUser(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('customers').select('stripe_customer_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.stripe_customer_id;
}

/** Maps a golfer to their Stripe customer; false when the golfer already has one (the first one stays). */
export async function saveCustomer(db: Db, userId: number, stripeCustomerId: string): Promise<boolean> {
  const row = await db
    .insertInto('customers')
    .values({ user_id: userId, stripe_customer_id: stripeCustomerId })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Serialises everything billing does for one golfer until the transaction ends: creating their Stripe
 * customer, and each sync's read-from-Stripe-then-write, so a slower, older read can never be written
 * after a newer one.
 */
export async function lockGolfer(db: Db, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`swingfit:billing:golfer:${userId}`}, 0))`.execute(db);
}
