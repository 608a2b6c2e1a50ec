import type { EventPayload } from '@swingfit/contracts';

/** The parts of a Stripe subscription this service reads (a structural subset of Stripe.Subscription). */
export interface StripeSubscriptionLike {
  id: string;
  status: string;
  customer: string | { id: string };
  metadata?: Record<string, string> | null;
  items?: { data: Array<{ current_period_end?: number | null }> } | null;
}

/** Stripe statuses in which the golfer has Premium. */
export const PREMIUM_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

export type SubscriptionEvent =
  | { type: 'subscription.activated'; payload: EventPayload<'subscription.activated'> }
  | { type: 'subscription.updated'; payload: EventPayload<'subscription.updated'> }
  | { type: 'subscription.canceled'; payload: EventPayload<'subscription.canceled'> };

export const customerIdOf = (s: StripeSubscriptionLike) => (typeof s.customer === 'string' ? s.customer : s.customer.id);

/**
 * Since Stripe API 2025-03-31.basil the period end lives on the subscription items; the
 * subscription is paid up to the latest of them.
 */
export function currentPeriodEnd(s: StripeSubscriptionLike): string | null {
  const ends = (s.items?.data ?? []).map((i) => i.current_period_end).filter((v): v is number => typeof v === 'number');
  return ends.length ? new Date(Math.max(...ends) * 1000).toISOString() : null;
}

/** What a Stripe subscription webhook means for the rest of the product; undefined for other event types. */
export function subscriptionEventFor(stripeType: string, s: StripeSubscriptionLike): SubscriptionEvent | undefined {
  const subscriptionId = s.id;
  const customerId = customerIdOf(s);
  switch (stripeType) {
    case 'customer.subscription.created':
      // A created subscription still waiting for its first payment is not Premium yet.
      return PREMIUM_STATUSES.has(s.status)
        ? { type: 'subscription.activated', payload: { subscriptionId, customerId, currentPeriodEnd: currentPeriodEnd(s) } }
        : { type: 'subscription.updated', payload: { subscriptionId, customerId, status: s.status, currentPeriodEnd: currentPeriodEnd(s) } };
    case 'customer.subscription.updated':
      return { type: 'subscription.updated', payload: { subscriptionId, customerId, status: s.status, currentPeriodEnd: currentPeriodEnd(s) } };
    case 'customer.subscription.deleted':
      return { type: 'subscription.canceled', payload: { subscriptionId, customerId } };
    default:
      return undefined;
  }
}
