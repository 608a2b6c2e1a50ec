import { describe, expect, it } from 'vitest';
import { currentPeriodEnd, subscriptionEventFor, type StripeSubscriptionLike } from '../src/domain/subscription-events.js';

const END = 1_800_000_000; // 2027-01-15T08:00:00Z
const sub = (status: string, over: Partial<StripeSubscriptionLike> = {}): StripeSubscriptionLike => ({
  id: 'sub_1',
  status,
  customer: 'cus_1',
  items: { data: [{ current_period_end: END }] },
  ...over,
});

describe('Stripe subscription webhooks -> product events', () => {
  it.each([
    ['customer.subscription.created', 'active', 'subscription.activated'],
    ['customer.subscription.created', 'trialing', 'subscription.activated'],
    ['customer.subscription.created', 'incomplete', 'subscription.updated'],
    ['customer.subscription.updated', 'active', 'subscription.updated'],
    ['customer.subscription.updated', 'canceled', 'subscription.updated'],
    ['customer.subscription.deleted', 'canceled', 'subscription.canceled'],
  ])('%s (%s) -> %s', (stripeType, status, expected) => {
    expect(subscriptionEventFor(stripeType, sub(status))?.type).toBe(expected);
  });

  it('ignores other Stripe events', () => {
    expect(subscriptionEventFor('invoice.paid', sub('active'))).toBeUndefined();
  });

  it('carries the customer id whether Stripe sent it expanded or not', () => {
    expect(subscriptionEventFor('customer.subscription.deleted', sub('canceled', { customer: { id: 'cus_9' } }))?.payload).toEqual({ subscriptionId: 'sub_1', customerId: 'cus_9' });
  });

  it('reads the period end from the items (Stripe API 2025-03-31.basil and later), latest item wins', () => {
    expect(currentPeriodEnd(sub('active'))).toBe(new Date(END * 1000).toISOString());
    expect(currentPeriodEnd(sub('active', { items: { data: [{ current_period_end: END - 10 }, { current_period_end: END }] } }))).toBe(new Date(END * 1000).toISOString());
    expect(currentPeriodEnd(sub('active', { items: { data: [] } }))).toBeNull();
  });
});
