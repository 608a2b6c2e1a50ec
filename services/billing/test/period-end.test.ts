import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPremiumAt } from '@swingfit/contracts';
import { readSubscription } from '../src/db/subscriptions.js';
import { subscriptionDetails } from '../src/services/sync.js';
import { eventsOf, newGolfer, startBilling, stored, type Harness } from './harness.js';

/*
 * A cancelled subscription keeps Premium until the end of the paid period and then drops it: the golfer
 * cancels on the (test) portal, the stand-in's test clock moves past the period end, Stripe ends the
 * subscription and its signed webhook runs the same sync.
 */

let h: Harness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => h?.close());

async function premiumGolfer(plan: 'monthly' | 'annual') {
  const golfer = newGolfer();
  const res = await h.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: h.as(golfer), payload: { plan } });
  await h.fake.act(() => h.fake.engine.completeCheckout(res.json().url.split('/').pop()));
  const subscription = Object.values(h.fake.store.data.subscriptions).find((s) => s.metadata.userId === String(golfer))!;
  return { golfer, subscription, periodEnd: subscription.items.data[0]!.current_period_end };
}

const details = async (golfer: number) => (await h.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: h.as(golfer) })).json();

describe('cancel at period end', () => {
  it('keeps Premium until the period end, then ends it', async () => {
    const { golfer, subscription, periodEnd } = await premiumGolfer('annual');
    const portal = await h.app.inject({ method: 'POST', url: '/api/create-customer-portal', headers: h.as(golfer) });
    const page = new URL(portal.json().url).pathname;
    const cancel = await h.app.inject({ method: 'POST', url: `${page}/cancel`, headers: { ...h.as(golfer), 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(cancel.statusCode).toBe(303);

    const end = new Date(periodEnd * 1000).toISOString();
    expect(await details(golfer)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, isPremium: true, premiumEndsAt: end, currentPeriodEnd: end, version: 2 });
    const state = (await readSubscription(h.db, golfer))!;
    expect(isPremiumAt(state, new Date((periodEnd - 1) * 1000))).toBe(true);
    expect(isPremiumAt(state, new Date(periodEnd * 1000))).toBe(false);
    expect(subscriptionDetails(state, new Date((periodEnd + 1) * 1000)).isPremium).toBe(false);

    // Time passes at Stripe: the period ends, Stripe deletes the subscription and says so.
    await h.fake.act(() => h.fake.engine.advanceClock(periodEnd + 60));
    expect(h.fake.store.data.subscriptions[subscription.id]!.status).toBe('canceled');
    expect(await stored(h.db, golfer)).toMatchObject({ status: 'canceled', version: 3 });
    expect(await details(golfer)).toMatchObject({ status: 'canceled', isPremium: false, premiumEndsAt: null });
    expect((await eventsOf(h.db, golfer)).map((e) => [e.type, e.payload.version, e.payload.status, e.payload.cancelAtPeriodEnd])).toEqual([
      ['subscription.activated', 1, 'active', false],
      ['subscription.updated', 2, 'active', true],
      ['subscription.canceled', 3, 'canceled', true],
    ]);
  });

  it('keeps renewing a subscription nobody cancelled: a new period, still Premium', async () => {
    const { golfer, periodEnd } = await premiumGolfer('monthly');
    await h.fake.act(() => h.fake.engine.advanceClock(periodEnd + 60));
    const after = await details(golfer);
    expect(after).toMatchObject({ status: 'active', isPremium: true, cancelAtPeriodEnd: false });
    expect(Date.parse(after.currentPeriodEnd) / 1000).toBeGreaterThan(periodEnd + 27 * 86_400);
  });

  it('resuming before the end takes the cancellation back', async () => {
    const { golfer, subscription } = await premiumGolfer('monthly');
    await h.fake.act(() => h.fake.engine.updateSubscription(subscription.id, { cancelAtPeriodEnd: true }));
    const resume = await h.app.inject({ method: 'POST', url: '/api/subscription/upgrade', headers: h.as(golfer), payload: { userId: golfer, plan: 'monthly' } });
    expect(resume.json()).toMatchObject({ isPremium: true, plan: 'monthly' });
    expect(await details(golfer)).toMatchObject({ cancelAtPeriodEnd: false, premiumEndsAt: null, isPremium: true });
  });
});

describe("a cancellation scheduled for a date (cancel_at, as Stripe's dashboard and API set it)", () => {
  const DAY = 86_400;

  it('ends Premium on that date, inside the paid period', async () => {
    const { golfer, subscription, periodEnd } = await premiumGolfer('annual');
    const cancelAt = periodEnd - 100 * DAY;
    await h.fake.act(() => h.fake.engine.updateSubscription(subscription.id, { cancelAt }));
    expect(await details(golfer)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, isPremium: true, premiumEndsAt: new Date(cancelAt * 1000).toISOString() });

    await h.fake.act(() => h.fake.engine.advanceClock(cancelAt + 60));
    expect(h.fake.store.data.subscriptions[subscription.id]).toMatchObject({ status: 'canceled', ended_at: cancelAt });
    expect(await details(golfer)).toMatchObject({ status: 'canceled', isPremium: false, premiumEndsAt: null });
  });

  it('is taken back by resuming, and the date then passes with the golfer still Premium', async () => {
    const { golfer, subscription, periodEnd } = await premiumGolfer('monthly');
    const cancelAt = periodEnd - 5 * DAY;
    await h.fake.act(() => h.fake.engine.updateSubscription(subscription.id, { cancelAt }));
    expect(await details(golfer)).toMatchObject({ cancelAtPeriodEnd: true, premiumEndsAt: new Date(cancelAt * 1000).toISOString() });

    const resume = await h.app.inject({ method: 'POST', url: '/api/subscription/upgrade', headers: h.as(golfer), payload: { userId: golfer, plan: 'monthly' } });
    expect(resume.json()).toMatchObject({ isPremium: true, plan: 'monthly' });
    expect(h.fake.store.data.subscriptions[subscription.id]).toMatchObject({ cancel_at: null, cancel_at_period_end: false });
    expect(await details(golfer)).toMatchObject({ cancelAtPeriodEnd: false, premiumEndsAt: null, isPremium: true });

    await h.fake.act(() => h.fake.engine.advanceClock(cancelAt + 60));
    expect(await details(golfer)).toMatchObject({ status: 'active', isPremium: true, cancelAtPeriodEnd: false });
  });
});
