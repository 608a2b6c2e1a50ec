import type { Kysely, Transaction } from 'kysely';
import { isPremiumAt, type SubscriptionState } from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';

type Db = Kysely<CoreDatabase> | Transaction<CoreDatabase>;

/**
 * Stores billing's subscription state on the user when it is newer than the copy held (events may arrive
 * late, twice or out of order; a refresh answer may overtake its own event). True when it was applied.
 */
export async function applySubscriptionState(db: Db, userId: number, s: SubscriptionState, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      is_premium: isPremiumAt(s, now),
      stripe_customer_id: s.customerId,
      stripe_subscription_id: s.subscriptionId,
      subscription_end_date: s.currentPeriodEnd ? new Date(s.currentPeriodEnd) : null,
      subscription_status: s.status,
      subscription_plan: s.plan,
      subscription_cancel_at_period_end: s.cancelAtPeriodEnd,
      subscription_version: s.version,
      updated_at: now,
    })
    .where('id', '=', userId)
    .where('subscription_version', '<', s.version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
