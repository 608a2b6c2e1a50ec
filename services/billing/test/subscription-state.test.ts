import { describe, expect, it } from 'vitest';
import {
  currentPeriodEnd,
  currentSubscription,
  planForPrice,
  subscriptionEventType,
  subscriptionStateOf,
  type StripeSubscriptionLike,
} from '../src/domain/subscription-state.js';

const PRICES = { monthly: 'price_m', annual: 'price_a' };
const END = 1_800_000_000; // 2027-01-15T08:00:00Z
const sub = (id: string, status: string, created: number, more: Partial<StripeSubscriptionLike> = {}): StripeSubscriptionLike => ({
  id,
  status,
  customer: 'cus_1',
  created,
  cancel_at_period_end: false,
  cancel_at: null,
  items: { data: [{ current_period_end: END, price: { id: 'price_a' } }] },
  ...more,
});

describe('currentSubscription: the one that decides the plan', () => {
  it.each([
    ['live Premium beats a newer abandoned card form', [sub('old', 'active', 1), sub('new', 'incomplete', 2)], 'old'],
    ['live Premium beats a newer ended one', [sub('a', 'past_due', 1), sub('b', 'canceled', 2)], 'a'],
    ['a waiting one beats ended ones', [sub('a', 'canceled', 3), sub('b', 'incomplete', 1)], 'b'],
    ['of ended ones, the newest', [sub('a', 'canceled', 1), sub('b', 'incomplete_expired', 2)], 'b'],
    ['of two live ones, the newest', [sub('a', 'active', 1), sub('b', 'trialing', 2)], 'b'],
  ] as const)('%s', (_what, list, expected) => {
    expect(currentSubscription(list)?.id).toBe(expected);
  });

  it('is undefined without subscriptions', () => {
    expect(currentSubscription([])).toBeUndefined();
  });
});

describe('subscriptionStateOf', () => {
  it('reads the period end from the items (Stripe API 2025-03-31.basil and later), latest item wins', () => {
    expect(currentPeriodEnd(sub('a', 'active', 1, { items: { data: [{ current_period_end: END - 10 }, { current_period_end: END }] } }))).toBe(END);
    expect(currentPeriodEnd(sub('a', 'active', 1, { items: { data: [] } }))).toBeNull();
  });

  it('maps the price to the plan and the card to what the profile shows', () => {
    const state = subscriptionStateOf('cus_1', [sub('s', 'active', 1, { default_payment_method: { id: 'pm_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2029 } } })], PRICES);
    expect(state).toEqual({
      customerId: 'cus_1',
      subscriptionId: 's',
      status: 'active',
      plan: 'annual',
      priceId: 'price_a',
      currentPeriodEnd: new Date(END * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2029 },
    });
    expect(planForPrice('price_other', PRICES)).toBeNull();
  });

  it('counts a scheduled cancellation (cancel_at) like a cancel at period end, ending at the earlier moment', () => {
    const state = subscriptionStateOf('cus_1', [sub('s', 'active', 1, { cancel_at: END - 86_400 })], PRICES);
    expect(state).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date((END - 86_400) * 1000).toISOString() });
  });

  it("says 'none' for a customer without subscriptions", () => {
    expect(subscriptionStateOf('cus_1', [], PRICES)).toMatchObject({ status: 'none', subscriptionId: null, plan: null, cancelAtPeriodEnd: false });
  });
});

describe('subscriptionEventType', () => {
  it.each([
    [null, 'active', 'subscription.activated'],
    ['none', 'active', 'subscription.activated'],
    ['incomplete', 'active', 'subscription.activated'],
    ['canceled', 'trialing', 'subscription.activated'],
    ['active', 'active', 'subscription.updated'],
    ['active', 'past_due', 'subscription.updated'],
    [null, 'incomplete', 'subscription.updated'],
    ['active', 'unpaid', 'subscription.updated'],
    ['active', 'canceled', 'subscription.canceled'],
    ['incomplete', 'incomplete_expired', 'subscription.canceled'],
    [null, 'canceled', 'subscription.canceled'],
    ['canceled', 'canceled', 'subscription.updated'],
  ] as const)('%s -> %s publishes %s', (before, after, expected) => {
    expect(subscriptionEventType(before, after)).toBe(expected);
  });
});
