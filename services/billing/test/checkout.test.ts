import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCatalog } from '@swingfit/server-kit';
import { eventually } from '@swingfit/server-kit/testing';
import { fuzzableRoutes } from '@swingfit/server-kit/fuzz';
import { TEST_MODE_PATH } from '../src/services/provider.js';
import { customerIdempotencyKey } from '../src/services/customers.js';
import { eventsOf, newGolfer, startBilling, stored, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => h?.close());

const post = (url: string, userId: number, payload?: object) => h.app.inject({ method: 'POST', url, headers: h.as(userId), ...(payload ? { payload } : {}) });
const checkout = (userId: number, plan = 'annual') => post('/api/create-checkout-session', userId, { plan });
const sessionIdOf = (url: string) => url.split('/').pop()!;
/** The golfer pays on the (test) Checkout page: Stripe's events go out before the browser returns. */
const pay = (checkoutUrl: string) => h.fake.act(() => h.fake.engine.completeCheckout(sessionIdOf(checkoutUrl)));

describe('golfer calls need the gateway', () => {
  it.each([
    ['no internal token', {}],
    ['a wrong token', { 'x-internal-token': 'x'.repeat(32), 'x-user-id': '5' }],
    ['a token but no golfer', { 'x-internal-token': 'pending' }],
  ])('401 with %s', async (_what, headers: Record<string, string>) => {
    const withToken = headers['x-internal-token'] === 'pending' ? { 'x-internal-token': h.deps.config.INTERNAL_TOKEN } : headers;
    const res = await h.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: withToken, payload: { plan: 'annual' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses every route but the webhook, health and the test pages’ stylesheet without the internal token, and the golfer routes without a golfer', async () => {
    const open = new Set(['GET /healthz', 'GET /readyz', 'GET /metrics', 'POST /api/stripe/webhook', `GET ${TEST_MODE_PATH}/assets/test-mode.css`]);
    // The admin area's status is asked by the gateway for an admin session: the token alone, no golfer.
    const tokenOnly = new Set(['GET /internal/billing/status']);
    const routes = fuzzableRoutes(routeCatalog(h.app)).filter((r) => !open.has(`${r.method} ${r.url}`));
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['GET /internal/billing/status', 'POST /api/subscription/upgrade', `POST ${TEST_MODE_PATH}/portal/:id/cancel`]));
    const token = h.deps.config.INTERNAL_TOKEN;
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const callers: Array<[string, Record<string, string>]> = [
        ['nobody', {}],
        ['a golfer id without the token', { 'x-user-id': '5' }],
        ['a wrong token', { 'x-internal-token': `${token.slice(0, -1)}x`, 'x-user-id': '5' }],
        ...(tokenOnly.has(name) ? [] : ([['the token but no golfer', { 'x-internal-token': token }], ['a malformed golfer id', { 'x-internal-token': token, 'x-user-id': '5 OR 1=1' }]] as Array<[string, Record<string, string>]>)),
      ];
      for (const [who, headers] of callers) {
        const res = await h.app.inject({ method: route.method as 'GET', url: route.url.replace(':id', 'cs_test_1'), headers, ...(route.method === 'GET' ? {} : { payload: { plan: 'annual', userId: 5 } }) });
        expect(res.statusCode, `${name} with ${who}`).toBe(401);
        expect(res.json(), `${name} with ${who}`).toEqual({ message: 'Unauthorized' });
      }
    }
    expect(await h.db.selectFrom('customers').selectAll().where('user_id', '=', 5).execute()).toHaveLength(0);
  });

  it('answers a bad plan with 400 and creates nothing', async () => {
    const golfer = newGolfer();
    const res = await checkout(golfer, 'weekly');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid body: plan must be one of: monthly, annual', errors: [{ field: 'plan', message: 'must be one of: monthly, annual' }] });
    expect(await h.db.selectFrom('customers').selectAll().where('user_id', '=', golfer).execute()).toHaveLength(0);
  });
});

describe('POST /api/create-checkout-session', () => {
  it('gives one Stripe customer to a golfer who sends 20 checkout requests at once', async () => {
    const golfer = newGolfer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(golfer)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const customers = Object.values(h.fake.store.data.customers).filter((c) => c.metadata.userId === String(golfer));
    expect(customers).toHaveLength(1);
    const rows = await h.db.selectFrom('customers').selectAll().where('user_id', '=', golfer).execute();
    expect(rows.map((r) => r.stripe_customer_id)).toEqual([customers[0]!.id]);
    // Each request still gets its own Checkout page, all for that one customer.
    const sessions = answers.map((a) => h.fake.store.data.checkoutSessions[sessionIdOf(a.json().url)]!);
    expect(new Set(sessions.map((s) => s.id)).size).toBe(20);
    expect(new Set(sessions.map((s) => s.customer))).toEqual(new Set([customers[0]!.id]));
    // They took turns: only the last one can still take the payment.
    expect(sessions.filter((s) => s.status === 'open')).toHaveLength(1);
  });

  it('sends the customer create with the golfer’s idempotency key, so Stripe itself returns the same customer to a retry', async () => {
    const golfer = newGolfer();
    const first = await h.deps.stripe.customers.create({ metadata: { userId: String(golfer) } }, { idempotencyKey: customerIdempotencyKey(golfer) });
    // As if our commit had been lost after Stripe answered: the next checkout reuses that customer.
    expect((await checkout(golfer)).statusCode).toBe(200);
    expect((await h.db.selectFrom('customers').select('stripe_customer_id').where('user_id', '=', golfer).executeTakeFirstOrThrow()).stripe_customer_id).toBe(first.id);
  });

  it('prices the chosen plan and sends the golfer back to payment-success or the profile', async () => {
    const golfer = newGolfer();
    const monthly = h.fake.store.data.checkoutSessions[sessionIdOf((await checkout(golfer, 'monthly')).json().url)]!;
    expect(h.fake.store.data.checkoutLines[monthly.id]!.price).toBe(h.deps.prices.monthly);
    expect(monthly.amount_total).toBe(999);
    expect(monthly.success_url).toBe('http://127.0.0.1:18140/payment-success?session_id={CHECKOUT_SESSION_ID}');
    expect(monthly.cancel_url).toBe('http://127.0.0.1:18140/subscribe');
    expect(monthly.client_reference_id).toBe(String(golfer));
    const res = await post('/api/create-checkout-session', golfer, { plan: 'annual', returnTo: 'profile' });
    const annual = h.fake.store.data.checkoutSessions[sessionIdOf(res.json().url)]!;
    expect(annual.amount_total).toBe(9999);
    expect(annual.success_url).toBe('http://127.0.0.1:18140/profile?session_id={CHECKOUT_SESSION_ID}');
  });

  it('refuses a second subscription to a golfer who already pays (409)', async () => {
    const golfer = newGolfer();
    await pay((await checkout(golfer)).json().url);
    const again = await checkout(golfer, 'monthly');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already have Premium/);
  });

  it('lets only the newest Checkout page take the payment: a golfer who went back and picked the other plan cannot pay twice', async () => {
    const golfer = newGolfer();
    const annual = (await checkout(golfer, 'annual')).json().url;
    const monthly = (await checkout(golfer, 'monthly')).json().url;
    // The first page, still open in another tab or in the browser's history, no longer takes money.
    expect(h.fake.store.data.checkoutSessions[sessionIdOf(annual)]).toMatchObject({ status: 'expired', url: null });
    await expect(pay(annual)).rejects.toThrow(/expired/);
    await pay(monthly);
    const customer = (await h.db.selectFrom('customers').select('stripe_customer_id').where('user_id', '=', golfer).executeTakeFirstOrThrow()).stripe_customer_id;
    const subscriptions = Object.values(h.fake.store.data.subscriptions).filter((s) => s.customer === customer);
    expect(subscriptions.map((s) => s.items.data[0]!.price.id)).toEqual([h.deps.prices.monthly]);
    expect(await stored(h.db, golfer)).toMatchObject({ status: 'active', plan: 'monthly' });
  });
});

describe('payment: webhook before or after the browser returns', () => {
  it('is Premium when the webhook arrived first (the usual order)', async () => {
    const golfer = newGolfer();
    const session = sessionIdOf((await checkout(golfer)).json().url);
    // Paying on the hosted page: the signed events go out before the browser is redirected.
    const successUrl = await h.fake.act(() => h.fake.engine.completeCheckout(session));
    expect(successUrl).toBe(`http://127.0.0.1:18140/payment-success?session_id=${session}`);
    expect(await stored(h.db, golfer)).toMatchObject({ status: 'active', plan: 'annual', version: 1 });
    const refresh = await post('/api/refresh-subscription', golfer);
    expect(refresh.json()).toMatchObject({ isPremium: true, subscription: { status: 'active', plan: 'annual', version: 1 } });
    // One change, one event, whatever else arrived (subscription.created, invoice.paid, checkout.session.completed).
    expect((await eventsOf(h.db, golfer)).map((e) => [e.type, e.payload.version])).toEqual([['subscription.activated', 1]]);
  });
});

describe('payment whose webhooks are late', () => {
  let late: Harness;
  beforeAll(async () => {
    late = await startBilling({ webhooks: 'hold' });
  });
  afterAll(async () => late?.close());

  it('is Premium from the success page’s refresh, and the late webhooks change nothing', async () => {
    const golfer = newGolfer();
    const res = await late.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: late.as(golfer), payload: { plan: 'monthly' } });
    const sent = late.fake.store.data.events.length;
    await late.fake.act(() => late.fake.engine.completeCheckout(sessionIdOf(res.json().url)));
    expect(await stored(late.db, golfer)).toBeUndefined(); // nothing delivered yet

    const refresh = await late.app.inject({ method: 'POST', url: '/api/refresh-subscription', headers: late.as(golfer) });
    expect(refresh.json()).toMatchObject({ isPremium: true, message: 'Your Premium subscription is active.', subscription: { plan: 'monthly', version: 1 } });

    // Now the webhooks arrive, signed as Stripe signs them.
    late.fake.addWebhookEndpoint({ url: `${late.url}/api/stripe/webhook`, secret: late.deps.webhookSecret });
    for (const event of late.fake.store.data.events.slice(sent)) late.fake.webhooks.send(event);
    await late.fake.webhooks.idle();
    expect(await late.db.selectFrom('processed_stripe_events').selectAll().execute()).toHaveLength(3);
    expect((await eventsOf(late.db, golfer)).map((e) => [e.type, e.payload.version])).toEqual([['subscription.activated', 1]]);
    expect(await stored(late.db, golfer)).toMatchObject({ status: 'active', version: 1 });
  });

  it('update-subscription-status is a hint: "active" from the browser gives nothing Stripe does not confirm', async () => {
    const golfer = newGolfer();
    await late.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: late.as(golfer), payload: { plan: 'annual' } });
    const res = await late.app.inject({ method: 'POST', url: '/api/update-subscription-status', headers: late.as(golfer), payload: { subscriptionActive: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isPremium: false, message: 'No Premium subscription found.' });
    expect(await eventsOf(late.db, golfer)).toEqual([]);
  });
});

describe('POST /api/get-or-create-subscription (the card form)', () => {
  it('answers a pi_ client secret, reuses the waiting subscription, and the confirmed payment makes the golfer Premium', async () => {
    const golfer = newGolfer();
    const first = await post('/api/get-or-create-subscription', golfer, { plan: 'monthly' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ plan: 'monthly', clientSecret: expect.stringMatching(/^pi_.+_secret_/) });
    const again = await post('/api/get-or-create-subscription', golfer, { plan: 'monthly' });
    expect(again.json()).toEqual(first.json());
    await eventually(async () => (await stored(h.db, golfer))?.status === 'incomplete');
    expect((await post('/api/refresh-subscription', golfer)).json().isPremium).toBe(false);

    // Stripe.js confirms the card payment in the browser; Stripe then sends invoice.paid and the update.
    await h.fake.act(() => h.fake.engine.confirmPayment(first.json().clientSecret));
    expect(await stored(h.db, golfer)).toMatchObject({ status: 'active', plan: 'monthly' });
    expect((await eventsOf(h.db, golfer)).map((e) => e.type)).toEqual(['subscription.updated', 'subscription.activated']);
    expect((await post('/api/get-or-create-subscription', golfer, {})).statusCode).toBe(409);
  });

  it('defaults to the annual plan without a body', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/get-or-create-subscription', headers: h.as(newGolfer()) });
    expect(res.statusCode).toBe(200);
    expect(res.json().plan).toBe('annual');
  });
});

describe('POST /api/create-customer-portal and /api/subscription/upgrade', () => {
  it('opens the portal for a customer, 404 before there is one', async () => {
    const golfer = newGolfer();
    expect((await post('/api/create-customer-portal', golfer)).statusCode).toBe(404);
    await checkout(golfer);
    const res = await post('/api/create-customer-portal', golfer);
    expect(res.statusCode).toBe(200);
    const portal = h.fake.store.data.portalSessions[sessionIdOf(res.json().url)]!;
    expect(portal.return_url).toBe('http://127.0.0.1:18140/profile');
    expect(h.fake.store.data.customers[portal.customer]!.metadata.userId).toBe(String(golfer));
  });

  it('moves a monthly golfer to annual, refuses another golfer’s id (403) and sends a free golfer to pay (402)', async () => {
    const golfer = newGolfer();
    const free = await post('/api/subscription/upgrade', golfer, { userId: golfer });
    expect(free.statusCode).toBe(402);
    expect(free.json()).toMatchObject({ requiresCheckout: true });
    await pay((await checkout(golfer, 'monthly')).json().url);
    expect((await post('/api/subscription/upgrade', golfer, { userId: golfer + 1, plan: 'annual' })).statusCode).toBe(403);

    const res = await post('/api/subscription/upgrade', golfer, { userId: golfer, plan: 'annual' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "You're now on the Annual plan ($99.99/year).", isPremium: true, plan: 'annual' });
    const row = await stored(h.db, golfer);
    expect(row).toMatchObject({ plan: 'annual', status: 'active', version: 2 });
    // A year from the switch, not a month (a new interval starts a new period).
    expect(new Date(row!.current_period_end!).getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
    expect((await post('/api/subscription/upgrade', golfer, { userId: golfer, plan: 'annual' })).json().message).toBe("You're already on the Annual plan.");
  });
});
