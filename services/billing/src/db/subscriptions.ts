import { sql, type Selectable } from 'kysely';
import { PREMIUM_STATUSES, type PaymentMethodSummary } from '@swingfit/contracts';
import type { BillingSubscription } from '../domain/subscription-state.js';
import type { SubscriptionsTable } from './schema.js';
import type { Db } from './types.js';

export interface StoredSubscription extends BillingSubscription {
  userId: number;
  version: number;
  syncedAt: Date;
}

const toStored = (r: Selectable<SubscriptionsTable>): StoredSubscription => ({
  userId: Number(r.user_id),
  customerId: r.stripe_customer_id,
  subscriptionId: r.stripe_subscription_id,
  status: r.status,
  plan: r.plan,
  priceId: r.price_id,
  currentPeriodEnd: r.current_period_end ? new Date(r.current_period_end).toISOString() : null,
  cancelAtPeriodEnd: r.cancel_at_period_end,
  paymentMethod: (r.payment_method as PaymentMethodSummary | null) ?? null,
  version: r.version,
  syncedAt: new Date(r.synced_at),
});

export async function readSubscription(db: Db, userId: number): Promise<StoredSubscription | undefined> {
  const row = await db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row && toStored(row);
}

/** Writes the golfer's state as `version` (the caller holds the golfer's lock and decided the version). */
export async function writeSubscription(db: Db, userId: number, s: BillingSubscription, version: number): Promise<void> {
  const values = {
    stripe_customer_id: s.customerId,
    stripe_subscription_id: s.subscriptionId,
    status: s.status,
    plan: s.plan,
    price_id: s.priceId,
    current_period_end: s.currentPeriodEnd ? new Date(s.currentPeriodEnd) : null,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    payment_method: s.paymentMethod ? JSON.stringify(s.paymentMethod) : null,
    version,
    changed_at: sql<Date>`now()`,
    synced_at: sql<Date>`now()`,
  };
  await db
    .insertInto('subscriptions')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function markSynced(db: Db, userId: number): Promise<void> {
  await db.updateTable('subscriptions').set({ synced_at: sql<Date>`now()` }).where('user_id', '=', userId).execute();
}

/**
 * Golfers whose stored subscription says Premium but whose paid period is over by `graceMs`: Stripe
 * should have told us about a renewal or an end by now, so the reconcile job asks it again.
 */
export async function overdueSubscriptions(db: Db, now: Date, graceMs: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('user_id')
    .where('status', 'in', [...PREMIUM_STATUSES])
    .where('current_period_end', '<', new Date(now.getTime() - graceMs))
    .orderBy('synced_at')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.user_id));
}

/** Counts for the admins' billing status. */
export async function subscriptionCounts(db: Db) {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.countAll<string>().filterWhere('status', 'in', [...PREMIUM_STATUSES]).as('premium'),
      eb.fn.countAll<string>().filterWhere((w) => w.and([w('status', 'in', [...PREMIUM_STATUSES]), w('cancel_at_period_end', '=', true)])).as('cancelling'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'past_due').as('past_due'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), premium: Number(row.premium), cancelling: Number(row.cancelling), pastDue: Number(row.past_due) };
}
