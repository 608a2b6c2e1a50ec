import type { Db } from './types.js';

export async function userIdForCustomer(db: Db, stripeCustomerId: string): Promise<number | undefined> {
  const row = await db.selectFrom('customers').select('user_id').where('stripe_customer_id', '=', stripeCustomerId).executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}

export async function saveCustomer(db: Db, userId: number, stripeCustomerId: string): Promise<void> {
  await db
    .insertInto('customers')
    .values({ user_id: userId, stripe_customer_id: stripeCustomerId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ stripe_customer_id: stripeCustomerId }))
    .execute();
}
