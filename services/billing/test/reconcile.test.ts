import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { JOBS } from '@swingfit/contracts';
import { JobQueues, createLogger, queueConnection } from '@swingfit/server-kit';
import { testQueuePrefix, testRedisUrl } from '@swingfit/server-kit/testing';
import { reconcileOverdue } from '../src/jobs/reconcile.js';
import { eventsOf, newGolfer, startBilling, stored, type Harness } from './harness.js';

/* The safety net under the webhooks: Stripe's events about a period end are lost, the reconcile job catches up. */

let h: Harness;
beforeAll(async () => {
  h = await startBilling({ webhooks: 'hold' });
});
afterAll(async () => h?.close());

async function paidAndSynced(plan: 'monthly' | 'annual') {
  const golfer = newGolfer();
  const res = await h.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: h.as(golfer), payload: { plan } });
  await h.fake.act(() => h.fake.engine.completeCheckout(res.json().url.split('/').pop()));
  await h.app.inject({ method: 'POST', url: '/api/refresh-subscription', headers: h.as(golfer) });
  const subscription = Object.values(h.fake.store.data.subscriptions).find((s) => s.metadata.userId === String(golfer))!;
  return { golfer, subscription, periodEnd: subscription.items.data[0]!.current_period_end };
}

describe('reconcileOverdue', () => {
  it('ends a subscription whose end Stripe reported to nobody, and leaves the ones not yet due alone', async () => {
    const ending = await paidAndSynced('monthly');
    const renewing = await paidAndSynced('annual');
    await h.fake.act(() => h.fake.engine.updateSubscription(ending.subscription.id, { cancelAtPeriodEnd: true }));
    await h.fake.act(() => h.fake.engine.advanceClock(ending.periodEnd + 60)); // webhooks held: lost
    expect(await stored(h.db, ending.golfer)).toMatchObject({ status: 'active', cancel_at_period_end: false });

    // Not yet an hour past the period end: nothing to ask.
    expect(await reconcileOverdue(h.deps, new Date((ending.periodEnd + 30 * 60) * 1000))).toMatchObject({ checked: 0 });
    const result = await reconcileOverdue(h.deps, new Date((ending.periodEnd + 2 * 3600) * 1000));
    expect(result).toEqual({ checked: 1, changed: 1, failed: 0 });
    expect(await stored(h.db, ending.golfer)).toMatchObject({ status: 'canceled', version: 2 });
    expect((await eventsOf(h.db, ending.golfer)).map((e) => e.type)).toEqual(['subscription.activated', 'subscription.canceled']);
    expect(await stored(h.db, renewing.golfer)).toMatchObject({ status: 'active', version: 1 });
  });
});

describe('the repeatable job', () => {
  it('is in the job table for billing, and scheduled once however many replicas start, every 15 minutes', async () => {
    expect(JOBS['billing.reconcile']).toMatchObject({ service: 'billing', repeat: { every: 15 * 60_000 } });
    const queues = { connection: queueConnection(testRedisUrl()), prefix: testQueuePrefix() };
    const logger = createLogger('billing-test', 'silent');
    const replicas = [new JobQueues(queues, logger), new JobQueues(queues, logger)];
    await Promise.all(replicas.map((r) => r.keepScheduled('billing')));
    const queue = new Queue(JOBS['billing.reconcile'].queue, { connection: queues.connection, prefix: queues.prefix });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({ key: 'billing.reconcile', every: 15 * 60_000, name: 'billing.reconcile' });
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});
