import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type App } from '@swingfit/server-kit';
import { buildApp } from '../src/app.js';
import { createStripe } from '../src/services/stripe-client.js';
import { signPayload, type FakeEvent } from '../src/stripe-fake/index.js';
import { eventsOf, newGolfer, startBilling, stored, type Harness } from './harness.js';

/*
 * Webhooks as Stripe sends them (real signatures from the SDK's test-header helper), in the orders and
 * repetitions Stripe allows: at least once, in any order. The stand-in holds its deliveries here, so
 * each test decides what arrives when.
 */

let h: Harness;
beforeAll(async () => {
  h = await startBilling({ webhooks: 'hold' });
});
afterAll(async () => h?.close());

const now = () => Math.floor(Date.now() / 1000);

function deliver(event: FakeEvent | string, options: { timestamp?: number; secret?: string; signature?: string | null; app?: App } = {}) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const signature = options.signature === undefined ? signPayload(payload, options.secret ?? h.deps.webhookSecret, options.timestamp ?? now()) : options.signature;
  return (options.app ?? h.app).inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

/** A golfer who paid on the hosted checkout; returns the events Stripe made for it (not yet delivered). */
async function paidGolfer(plan: 'monthly' | 'annual' = 'annual') {
  const golfer = newGolfer();
  const res = await h.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: h.as(golfer), payload: { plan } });
  const from = h.fake.store.data.events.length;
  await h.fake.act(() => h.fake.engine.completeCheckout(res.json().url.split('/').pop()));
  const events = h.fake.store.data.events.slice(from);
  const subscription = Object.values(h.fake.store.data.subscriptions).find((s) => s.metadata.userId === String(golfer))!;
  return { golfer, events, subscription, byType: (type: string) => events.find((e) => e.type === type)! };
}

/** Runs a customer-side action at the stand-in and returns the events it made. */
async function stripeDoes(action: () => unknown): Promise<FakeEvent[]> {
  const from = h.fake.store.data.events.length;
  await h.fake.act(action);
  return h.fake.store.data.events.slice(from);
}

const processed = (eventId: string) => h.db.selectFrom('processed_stripe_events').selectAll().where('event_id', '=', eventId).execute();

describe('duplicates and order', () => {
  it('the same webhook delivered five times leaves one subscription, one version and one event', async () => {
    const { golfer, byType } = await paidGolfer();
    const created = byType('customer.subscription.created');
    const answers = [];
    const t0 = now();
    // Stripe signs each attempt afresh: five deliveries, five timestamps.
    for (let i = 0; i < 5; i++) answers.push(await deliver(created, { timestamp: t0 - i }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json())).toEqual(Array(5).fill({ received: true }));
    expect(await processed(created.id)).toHaveLength(1);
    expect(await stored(h.db, golfer)).toMatchObject({ status: 'active', plan: 'annual', version: 1, cancel_at_period_end: false });
    expect((await eventsOf(h.db, golfer)).map((e) => [e.type, e.payload.version])).toEqual([['subscription.activated', 1]]);
  });

  it('the same webhook five times at once is still acted on once', async () => {
    const { golfer, byType } = await paidGolfer();
    const created = byType('customer.subscription.created');
    const t0 = now();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => deliver(created, { timestamp: t0 - i })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await processed(created.id)).toHaveLength(1);
    expect((await eventsOf(h.db, golfer)).map((e) => e.type)).toEqual(['subscription.activated']);
  });

  it('two webhooks in reverse order leave the subscription as Stripe has it, not as the older payload said', async () => {
    const { golfer, byType, subscription } = await paidGolfer();
    const [cancelled] = await stripeDoes(() => h.fake.engine.updateSubscription(subscription.id, { cancelAtPeriodEnd: true }));
    expect(cancelled!.type).toBe('customer.subscription.updated');
    // The newer event first, then the older "created" whose payload still says it renews.
    expect((await deliver(cancelled!)).statusCode).toBe(200);
    expect((await deliver(byType('customer.subscription.created'))).statusCode).toBe(200);
    expect(await stored(h.db, golfer)).toMatchObject({ status: 'active', cancel_at_period_end: true, version: 1 });
    expect((await eventsOf(h.db, golfer)).map((e) => [e.type, e.payload.cancelAtPeriodEnd])).toEqual([['subscription.activated', true]]);
  });

  it('an ended subscription stays ended when its "created" and "paid" events come last', async () => {
    const { golfer, events, subscription } = await paidGolfer('monthly');
    const [deleted] = await stripeDoes(() => h.fake.engine.cancelSubscription(subscription.id));
    expect((await deliver(deleted!)).statusCode).toBe(200);
    for (const event of [...events].reverse()) expect((await deliver(event)).statusCode).toBe(200);
    expect(await stored(h.db, golfer)).toMatchObject({ status: 'canceled', version: 1 });
    expect((await eventsOf(h.db, golfer)).map((e) => [e.type, e.payload.status])).toEqual([['subscription.canceled', 'canceled']]);
  });

  it('ignores, but acknowledges, events of customers SwingFit does not know and events it does not act on', async () => {
    const stranger = h.fake.engine.createCustomer({});
    const foreign = await stripeDoes(() => h.fake.engine.createSubscription({ customer: stranger.id, price: h.deps.prices.monthly, paid: true }));
    for (const event of foreign) expect((await deliver(event)).statusCode).toBe(200);
    expect(await h.db.selectFrom('customers').selectAll().where('stripe_customer_id', '=', stranger.id).execute()).toEqual([]);
    const other = { ...foreign[0]!, id: 'evt_other_type', type: 'customer.created' };
    expect((await deliver(other)).statusCode).toBe(200);
    expect(await processed('evt_other_type')).toHaveLength(1);
  });

  it('places a customer made outside checkout by the userId SwingFit put in its metadata', async () => {
    const golfer = newGolfer();
    const customer = h.fake.engine.createCustomer({ metadata: { userId: String(golfer) } });
    const made = await stripeDoes(() => h.fake.engine.createSubscription({ customer: customer.id, price: h.deps.prices.annual, paid: true, metadata: { userId: String(golfer) } }));
    expect((await deliver(made[0]!)).statusCode).toBe(200);
    expect(await stored(h.db, golfer)).toMatchObject({ stripe_customer_id: customer.id, status: 'active' });
  });
});

describe('refused deliveries', () => {
  it.each([
    ['no signature header', { signature: null }, /Missing Stripe-Signature/],
    ['a signature made with another secret', { secret: 'whsec_not_ours' }, /No signatures found/],
    ['a garbled signature header', { signature: 't=1,v1=deadbeef' }, /No signatures found|tolerance/],
    ['a stale signature (older than the 300 s tolerance)', { timestamp: now() - 301 }, /tolerance/],
    ['a signature from the future', { timestamp: now() + 3600 }, /tolerance/],
  ] as const)('answers 400 to %s and does nothing', async (_what, options, message) => {
    const { golfer, byType } = await paidGolfer();
    const created = byType('customer.subscription.created');
    const res = await deliver(created, options as Parameters<typeof deliver>[1]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await processed(created.id)).toHaveLength(0);
    expect(await stored(h.db, golfer)).toBeUndefined();
  });

  it('answers 400 to a body changed after signing', async () => {
    const { golfer, byType } = await paidGolfer();
    const payload = JSON.stringify(byType('customer.subscription.created'));
    const signature = signPayload(payload, h.deps.webhookSecret);
    const res = await deliver(payload.replace('"active"', '"trialing"'), { signature });
    expect(res.statusCode).toBe(400);
    expect(await stored(h.db, golfer)).toBeUndefined();
  });

  it('refuses a replayed delivery (the very same signed request again), while Stripe’s own redelivery is fine', async () => {
    const { byType } = await paidGolfer();
    const paid = byType('invoice.paid');
    const payload = JSON.stringify(paid);
    const t0 = now();
    const signature = signPayload(payload, h.deps.webhookSecret, t0);
    expect((await deliver(payload, { signature })).statusCode).toBe(200);
    const replay = await deliver(payload, { signature });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/Replayed delivery/);
    // Stripe re-signs each attempt: a redelivery a second later is accepted (and acted on once).
    expect((await deliver(payload, { timestamp: t0 - 1 })).statusCode).toBe(200);
    expect(await processed(paid.id)).toHaveLength(1);
  });

  it('answers 500 when Stripe cannot be read, and the event is processed on Stripe’s retry', async () => {
    const { golfer, byType } = await paidGolfer();
    const created = byType('customer.subscription.created');
    // The same billing, but its Stripe client cannot reach Stripe.
    const cut = await buildApp({ ...h.deps, stripe: createStripe(h.fake.secretKey, 'http://127.0.0.1:9'), logger: createLogger('billing-test', 'silent') });
    try {
      expect((await deliver(created, { app: cut, timestamp: now() - 10 })).statusCode).toBe(500);
    } finally {
      await cut.close();
    }
    expect(await processed(created.id)).toHaveLength(0);
    expect((await deliver(created)).statusCode).toBe(200);
    expect(await stored(h.db, golfer)).toMatchObject({ status: 'active', version: 1 });
  });
});

describe('invoice.payment_failed', () => {
  it('publishes payment.failed once with what the golfer needs to know, next to the past_due subscription', async () => {
    const { golfer, events, subscription } = await paidGolfer('monthly');
    for (const event of events) await deliver(event);
    const periodEnd = subscription.items.data[0]!.current_period_end;
    const renewal = (
      await stripeDoes(() => {
        h.fake.engine.setDeclining(subscription.customer, true);
        h.fake.engine.advanceClock(periodEnd + 60);
      })
    ).filter((e) => (e.data.object as { customer?: string }).customer === subscription.customer);
    expect(renewal.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    for (const event of renewal) expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(renewal[0]!, { timestamp: now() - 5 })).statusCode).toBe(200);

    const published = await eventsOf(h.db, golfer);
    expect(published.map((e) => e.type)).toEqual(['subscription.activated', 'payment.failed', 'subscription.updated']);
    const failed = published.find((e) => e.type === 'payment.failed')!;
    expect(failed.payload).toEqual({
      invoiceId: renewal[0]!.data.object.id,
      subscriptionId: subscription.id,
      amountDueCents: 999,
      currency: 'usd',
      attemptCount: 1,
      nextPaymentAttempt: new Date((periodEnd + 3 * 86_400) * 1000).toISOString(),
    });
    // Stripe is still retrying: past_due keeps Premium.
    expect(published.at(-1)!.payload).toMatchObject({ status: 'past_due', version: 2 });
  });
});

describe('GET /readyz', () => {
  it('shows the billing outbox lag: the subscription events no relay has sent yet', async () => {
    const unsent = (await h.db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute()).length;
    expect(unsent).toBeGreaterThan(0); // published by the webhooks above; no relay runs in this test
    const res = await h.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    const outbox = res.json().details.outbox as { unsent: number; oldestUnsentAgeMs: number };
    expect(outbox.unsent).toBe(unsent);
    expect(outbox.oldestUnsentAgeMs).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /readyz stripeMode', () => {
  it('tells the admin page that local test mode charges nobody', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json().details.stripeMode).toBe('test');
  });
});
