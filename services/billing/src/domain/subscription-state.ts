import { ENDED_STATUSES, NO_SUBSCRIPTION, PREMIUM_STATUSES, type EventType, type PaymentMethodSummary, type Plan } from '@swingfit/contracts';

/*
 * Pure rules of billing's subscription state: which of a customer's Stripe subscriptions is the one that
 * counts, what it means in SwingFit's terms, and which event a change publishes. The sync service feeds
 * them what Stripe answers at the time of the call, so the outcome never depends on webhook order.
 */

/** The parts of a Stripe payment method the profile shows. */
export interface PaymentMethodLike {
  id: string;
  card?: { brand: string; last4: string; exp_month?: number | null; exp_year?: number | null } | null;
}

/** The parts of a Stripe subscription this service reads (a structural subset of Stripe.Subscription). */
export interface StripeSubscriptionLike {
  id: string;
  status: string;
  customer: string | { id: string };
  created: number;
  cancel_at_period_end?: boolean | null;
  cancel_at?: number | null;
  default_payment_method?: string | PaymentMethodLike | null;
  items?: { data: Array<{ current_period_end?: number | null; price?: { id: string } | null }> } | null;
}

/** Billing's view of one golfer's subscription: what a `billing.subscriptions` row holds. */
export interface BillingSubscription {
  customerId: string;
  subscriptionId: string | null;
  status: string;
  plan: Plan | null;
  priceId: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  paymentMethod: PaymentMethodSummary | null;
}

export const customerIdOf = (s: { customer: string | { id: string } }) => (typeof s.customer === 'string' ? s.customer : s.customer.id);

/**
 * Since Stripe API 2025-03-31.basil the period end lives on the subscription items; the subscription is
 * paid up to the latest of them.
 */
export function currentPeriodEnd(s: StripeSubscriptionLike): number | null {
  const ends = (s.items?.data ?? []).map((i) => i.current_period_end).filter((v): v is number => typeof v === 'number');
  return ends.length ? Math.max(...ends) : null;
}

/** Live Premium first, then ones still waiting (incomplete, unpaid, paused), then ended ones. */
const rank = (s: StripeSubscriptionLike) => (PREMIUM_STATUSES.has(s.status) ? 2 : ENDED_STATUSES.has(s.status) ? 0 : 1);

/** The subscription that decides the golfer's plan: the best-ranked, and of equals the newest. */
export function currentSubscription<T extends StripeSubscriptionLike>(subscriptions: readonly T[]): T | undefined {
  return [...subscriptions].sort((a, b) => rank(b) - rank(a) || b.created - a.created || (a.id < b.id ? 1 : -1))[0];
}

export function planForPrice(priceId: string | null | undefined, prices: Record<Plan, string>): Plan | null {
  if (!priceId) return null;
  return (Object.keys(prices) as Plan[]).find((plan) => prices[plan] === priceId) ?? null;
}

function paymentMethodOf(s: StripeSubscriptionLike): PaymentMethodSummary | null {
  const pm = s.default_payment_method;
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return { brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month ?? null, expYear: pm.card.exp_year ?? null };
}

/**
 * What a customer's Stripe subscriptions mean for SwingFit. A scheduled cancellation (`cancel_at`, as some
 * portal settings make) counts like a cancel at period end, ending at the earlier of the two moments.
 */
export function subscriptionStateOf(customerId: string, subscriptions: readonly StripeSubscriptionLike[], prices: Record<Plan, string>): BillingSubscription {
  const s = currentSubscription(subscriptions);
  if (!s) return { customerId, subscriptionId: null, status: NO_SUBSCRIPTION, plan: null, priceId: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, paymentMethod: null };
  const periodEnd = currentPeriodEnd(s);
  const cancelAt = s.cancel_at ?? null;
  const end = cancelAt !== null && (periodEnd === null || cancelAt < periodEnd) ? cancelAt : periodEnd;
  const priceId = s.items?.data[0]?.price?.id ?? null;
  return {
    customerId,
    subscriptionId: s.id,
    status: s.status,
    plan: planForPrice(priceId, prices),
    priceId,
    currentPeriodEnd: end === null ? null : new Date(end * 1000).toISOString(),
    cancelAtPeriodEnd: Boolean(s.cancel_at_period_end) || cancelAt !== null,
    paymentMethod: paymentMethodOf(s),
  };
}

/** Two states the rest of the product would tell apart (the card on file is billing's own detail). */
export function sameSubscription(a: BillingSubscription, b: BillingSubscription): boolean {
  return (
    a.customerId === b.customerId &&
    a.subscriptionId === b.subscriptionId &&
    a.status === b.status &&
    a.plan === b.plan &&
    a.currentPeriodEnd === b.currentPeriodEnd &&
    a.cancelAtPeriodEnd === b.cancelAtPeriodEnd
  );
}

export const samePaymentMethod = (a: PaymentMethodSummary | null, b: PaymentMethodSummary | null) => JSON.stringify(a) === JSON.stringify(b);

export type SubscriptionEventType = Extract<EventType, 'subscription.activated' | 'subscription.updated' | 'subscription.canceled'>;

/** activated: Premium begins; canceled: the subscription ended; updated: anything else. */
export function subscriptionEventType(previousStatus: string | null, nextStatus: string): SubscriptionEventType {
  const was = previousStatus !== null && PREMIUM_STATUSES.has(previousStatus);
  if (!was && PREMIUM_STATUSES.has(nextStatus)) return 'subscription.activated';
  if (ENDED_STATUSES.has(nextStatus) && (previousStatus === null || !ENDED_STATUSES.has(previousStatus))) return 'subscription.canceled';
  return 'subscription.updated';
}
