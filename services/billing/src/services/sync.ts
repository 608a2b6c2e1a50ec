import type { Transaction } from 'kysely';
import { isPremiumAt, premiumEndsAt, NO_SUBSCRIPTION, type SubscriptionDetails } from '@swingfit/contracts';
import { publishInTransaction } from '@swingfit/server-kit';
import type Stripe from 'stripe';
import type { BillingDeps } from '../deps.js';
import { customerIdForUser, lockGolfer } from '../db/customers.js';
import { BILLING_SCHEMA, type BillingDatabase } from '../db/schema.js';
import { claimStripeEvent } from '../db/stripe-events.js';
import { markSynced, readSubscription, writeSubscription, type StoredSubscription } from '../db/subscriptions.js';
import { sameSubscription, samePaymentMethod, subscriptionEventType, subscriptionStateOf, type SubscriptionEventType } from '../domain/subscription-state.js';
import { isResourceMissing } from './stripe-client.js';

type Trx = Transaction<BillingDatabase>;

export type SyncOutcome = 'changed' | 'unchanged' | 'no-customer' | 'duplicate';

export interface SyncResult {
  outcome: SyncOutcome;
  /** The golfer's subscription after the sync; undefined while they have no Stripe customer. */
  subscription: StoredSubscription | undefined;
  published?: SubscriptionEventType;
}

export interface SyncOptions {
  /** The Stripe event that prompted the sync: recorded in the same transaction, so it is acted on once. */
  stripeEvent?: { id: string; type: string };
  requestId?: string;
  /** More effects of the same cause, committed with the sync (the payment.failed event of a failed invoice). */
  alongside?: (trx: Trx, subscription: StoredSubscription | undefined) => Promise<void>;
}

async function listSubscriptions(stripe: Stripe, customer: string): Promise<Stripe.Subscription[]> {
  try {
    return await stripe.subscriptions.list({ customer, status: 'all', limit: 100, expand: ['data.default_payment_method'] }).autoPagingToArray({ limit: 1000 });
  } catch (error) {
    // A customer deleted at Stripe has no subscriptions left.
    if (isResourceMissing(error)) return [];
    throw error;
  }
}

/**
 * THE way a golfer's subscription changes: re-read everything Stripe holds for their customer and
 * write what it says. The webhook, the success page's refresh, update-subscription-status and the
 * reconcile job all call it. The golfer's lock spans the read and the write, so syncs apply in the
 * order they read Stripe; an event arriving late or twice just re-reads the same truth. A change gets
 * the next version and its subscription.* event in the same transaction (outbox).
 */
export async function syncGolfer(deps: BillingDeps, userId: number, options: SyncOptions = {}): Promise<SyncResult> {
  return deps.db.transaction().execute(async (trx) => {
    await lockGolfer(trx, userId);
    if (options.stripeEvent && !(await claimStripeEvent(trx, options.stripeEvent.id, options.stripeEvent.type))) {
      return { outcome: 'duplicate' as const, subscription: await readSubscription(trx, userId) };
    }
    const result = await syncLocked(deps, trx, userId, options.requestId);
    await options.alongside?.(trx, result.subscription);
    return result;
  });
}

async function syncLocked(deps: BillingDeps, trx: Trx, userId: number, requestId?: string): Promise<SyncResult> {
  const customerId = await customerIdForUser(trx, userId);
  if (!customerId) return { outcome: 'no-customer', subscription: undefined };
  const next = subscriptionStateOf(customerId, await listSubscriptions(deps.stripe, customerId), deps.prices);
  const previous = await readSubscription(trx, userId);
  if (previous && sameSubscription(previous, next)) {
    if (samePaymentMethod(previous.paymentMethod, next.paymentMethod)) await markSynced(trx, userId);
    else await writeSubscription(trx, userId, next, previous.version);
    return { outcome: 'unchanged', subscription: { ...previous, paymentMethod: next.paymentMethod } };
  }
  // Nothing at Stripe and nothing known before: no state to tell anyone about.
  if (!previous && next.status === NO_SUBSCRIPTION) return { outcome: 'unchanged', subscription: undefined };
  const version = (previous?.version ?? 0) + 1;
  await writeSubscription(trx, userId, next, version);
  const type = subscriptionEventType(previous?.status ?? null, next.status);
  await publishInTransaction(trx, BILLING_SCHEMA, {
    type,
    userId,
    ...(requestId ? { requestId } : {}),
    payload: {
      version,
      customerId: next.customerId,
      subscriptionId: next.subscriptionId,
      status: next.status,
      plan: next.plan,
      currentPeriodEnd: next.currentPeriodEnd,
      cancelAtPeriodEnd: next.cancelAtPeriodEnd,
    },
  });
  return { outcome: 'changed', subscription: { ...next, userId, version, syncedAt: new Date() }, published: type };
}

/** The golfer-facing view of a stored subscription at `now` (the Premium rule applied). */
export function subscriptionDetails(s: StoredSubscription | undefined, now: Date, customerId: string | null = null): SubscriptionDetails {
  if (!s) {
    return { version: 0, customerId, subscriptionId: null, status: NO_SUBSCRIPTION, plan: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, isPremium: false, premiumEndsAt: null, paymentMethod: null };
  }
  const ends = premiumEndsAt(s);
  return {
    version: s.version,
    customerId: s.customerId,
    subscriptionId: s.subscriptionId,
    status: s.status,
    plan: s.plan,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    isPremium: isPremiumAt(s, now),
    premiumEndsAt: ends ? ends.toISOString() : null,
    paymentMethod: s.paymentMethod,
  };
}
