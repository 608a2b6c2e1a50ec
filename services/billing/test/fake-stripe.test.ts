import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createStripe } from '../src/services/stripe-client.js';
import { FakeStripe, LOCAL_PRICE_IDS, signPayload } from '../src/stripe-fake/index.js';
import { addInterval } from '../src/stripe-fake/objects.js';

/*
 * The local stand-in answers the real stripe SDK the way Stripe does, for every call billing makes, and
 * follows Stripe's rules where billing relies on them (idempotency, list filters, expand, the
 * subscription life cycle, webhook signatures).
 */

let fake: FakeStripe;
let stripe: Stripe;
const dir = mkdtempSync(join(tmpdir(), 'sf-fake-stripe-'));
beforeAll(async () => {
  fake = await new FakeStripe({ pagesUrl: 'http://app.test/billing/test-mode', stateFile: join(dir, 'state.json') }).start();
  stripe = createStripe(fake.secretKey, fake.url);
});
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

const error = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as Stripe.errors.StripeError);

describe('API shape and errors', () => {
  it('refuses another key as Stripe does', async () => {
    const e = await error(createStripe('sk_test_wrong', fake.url).customers.create({}));
    expect(e).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('answers unknown objects with resource_missing and unknown endpoints with an invalid request', async () => {
    const missing = await error(stripe.customers.retrieve('cus_missing'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ code: 'resource_missing', statusCode: 404 });
    const unknown = await error(stripe.products.list());
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown!.message).toMatch(/does not offer/);
  });

  it('replays an idempotent create and refuses the same key with other parameters', async () => {
    const a = await stripe.customers.create({ metadata: { userId: '1' } }, { idempotencyKey: 'k-1' });
    const b = await stripe.customers.create({ metadata: { userId: '1' } }, { idempotencyKey: 'k-1' });
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
    const clash = await error(stripe.customers.create({ metadata: { userId: '2' } }, { idempotencyKey: 'k-1' }));
    expect(clash).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('creates and reads a checkout session with its hosted URL', async () => {
    const customer = await stripe.customers.create({});
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: LOCAL_PRICE_IDS.annual, quantity: 1 }],
      success_url: 'http://app.test/ok?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(session.url).toBe(`http://app.test/billing/test-mode/checkout/${session.id}`);
    expect(session).toMatchObject({ status: 'open', amount_total: 9999, customer: customer.id });
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
    const noPrice = await error(stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: 'price_none', quantity: 1 }], success_url: 'http://x' }));
    expect(noPrice).toMatchObject({ code: 'resource_missing', param: 'line_items[0][price]' });
  });

  it('lists a customer’s open checkout sessions and expires one, as Stripe does', async () => {
    const customer = await stripe.customers.create({});
    const open = () => stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: LOCAL_PRICE_IDS.monthly, quantity: 1 }], success_url: 'http://x' });
    const [a, b] = [await open(), await open()];
    expect((await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' })).data.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect(await stripe.checkout.sessions.expire(a.id)).toMatchObject({ id: a.id, status: 'expired', url: null });
    expect((await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' })).data.map((s) => s.id)).toEqual([b.id]);
    const again = await error(stripe.checkout.sessions.expire(a.id));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again!.message).toMatch(/open/);
    expect(() => fake.engine.completeCheckout(a.id)).toThrow(/expired/);
  });

  it('creates an incomplete subscription whose invoice carries the payment’s client secret, and refuses unknown expansions', async () => {
    const customer = await stripe.customers.create({});
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: LOCAL_PRICE_IDS.monthly }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
    });
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.confirmation_secret?.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(sub.pending_setup_intent).toBeNull();
    // Since API 2025-03-31.basil the period lives on the items.
    expect(sub.items.data[0]!.current_period_end - sub.items.data[0]!.current_period_start).toBeGreaterThanOrEqual(28 * 86_400);
    const bad = await error(stripe.subscriptions.retrieve(sub.id, { expand: ['plan'] }));
    expect(bad).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('lists live subscriptions by default and every one with status=all, expanding the card', async () => {
    const customer = await stripe.customers.create({});
    const session = fake.engine.createCheckoutSession({ customer: customer.id, price: LOCAL_PRICE_IDS.monthly, successUrl: 'http://x' });
    fake.engine.completeCheckout(session.id);
    const first = (await stripe.subscriptions.list({ customer: customer.id })).data[0]!;
    await stripe.subscriptions.cancel(first.id);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
    const all = await stripe.subscriptions.list({ customer: customer.id, status: 'all', expand: ['data.default_payment_method'] });
    expect(all.data.map((s) => s.status)).toEqual(['canceled']);
    expect((all.data[0]!.default_payment_method as Stripe.PaymentMethod).card).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it('opens a portal session and moves a subscription to another price', async () => {
    const customer = await stripe.customers.create({});
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://app.test/profile' });
    expect(portal.url).toBe(`http://app.test/billing/test-mode/portal/${portal.id}`);
    const session = fake.engine.createCheckoutSession({ customer: customer.id, price: LOCAL_PRICE_IDS.monthly, successUrl: 'http://x' });
    fake.engine.completeCheckout(session.id);
    const sub = (await stripe.subscriptions.list({ customer: customer.id })).data[0]!;
    const moved = await stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]!.id, price: LOCAL_PRICE_IDS.annual }], proration_behavior: 'create_prorations' });
    expect(moved.items.data[0]!.price.id).toBe(LOCAL_PRICE_IDS.annual);
  });

  it('schedules a cancellation for a date and takes it back with cancel_at_period_end=false, as Stripe does since 2018-02-28', async () => {
    const customer = await stripe.customers.create({});
    fake.engine.completeCheckout(fake.engine.createCheckoutSession({ customer: customer.id, price: LOCAL_PRICE_IDS.monthly, successUrl: 'http://x' }).id);
    const sub = (await stripe.subscriptions.list({ customer: customer.id })).data[0]!;
    const at = sub.items.data[0]!.current_period_end - 86_400;
    expect(await stripe.subscriptions.update(sub.id, { cancel_at: at })).toMatchObject({ cancel_at: at, cancel_at_period_end: false, canceled_at: expect.any(Number) });
    expect(await error(stripe.subscriptions.update(sub.id, { cancel_at: at, cancel_at_period_end: true }))).toMatchObject({ statusCode: 400 });
    expect(await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false })).toMatchObject({ cancel_at: null, canceled_at: null });
    await stripe.subscriptions.update(sub.id, { cancel_at: at });
    expect(await stripe.subscriptions.update(sub.id, { cancel_at: '' })).toMatchObject({ cancel_at: null });
  });
});

describe('the subscription life cycle on the test clock', () => {
  it('retries a declined renewal every 3 days and cancels after the 4th failed attempt', async () => {
    const customer = fake.engine.createCustomer({});
    const sub = fake.engine.createSubscription({ customer: customer.id, price: LOCAL_PRICE_IDS.monthly, paid: true });
    fake.engine.setDeclining(customer.id, true);
    const from = fake.store.data.events.length;
    const end = sub.items.data[0]!.current_period_end;
    fake.engine.advanceClock(end + 10 * 86_400);
    const mine = fake.store.data.events.slice(from).filter((e) => (e.data.object as { customer?: string }).customer === customer.id);
    expect(mine.map((e) => e.type)).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
    expect(fake.store.data.subscriptions[sub.id]!.status).toBe('canceled');
  });

  it('adds calendar months as Stripe does (Jan 31 renews on the last day of February)', () => {
    const jan31 = Date.UTC(2026, 0, 31, 12) / 1000;
    expect(new Date(addInterval(jan31, 'month') * 1000).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(new Date(addInterval(jan31, 'year') * 1000).toISOString()).toBe('2027-01-31T12:00:00.000Z');
  });

  it('keeps its account in the state file across restarts', async () => {
    const customer = await stripe.customers.create({ metadata: { userId: '99' } });
    const again = await new FakeStripe({ pagesUrl: 'http://app.test/billing/test-mode', stateFile: join(dir, 'state.json') }).start();
    try {
      expect(again.store.data.customers[customer.id]?.metadata.userId).toBe('99');
      expect(again.store.now()).toBeGreaterThanOrEqual(fake.store.now() - 1);
    } finally {
      await again.close();
    }
  });
});

describe('webhook deliveries', () => {
  it('are signed so that the real SDK verifies them', async () => {
    const event = fake.store.data.events.at(-1)!;
    const payload = JSON.stringify(event);
    const verified = Stripe.webhooks.constructEvent(payload, signPayload(payload, 'whsec_test'), 'whsec_test');
    expect(verified.id).toBe(event.id);
  });
});
