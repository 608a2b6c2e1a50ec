import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@swingfit/server-kit';
import { buildApp } from '../src/app.js';
import { newGolfer, startBilling, stored, type Harness } from './harness.js';

/* Local test mode's hosted checkout and portal pages, as the gateway forwards them for a signed-in golfer. */

let h: Harness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => h?.close());

const form = (userId: number) => ({ ...h.as(userId), 'content-type': 'application/x-www-form-urlencoded' });
const path = (url: string) => new URL(url).pathname;

async function checkoutPage(golfer: number, plan = 'annual') {
  const res = await h.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: h.as(golfer), payload: { plan } });
  return path(res.json().url);
}

describe('the test checkout page', () => {
  it('shows the plan and price, marked TEST MODE, with no card field; pays and sends the browser to the success URL', async () => {
    const golfer = newGolfer();
    const page = await checkoutPage(golfer);
    const shown = await h.app.inject({ method: 'GET', url: page, headers: h.as(golfer) });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.body).toContain('TEST MODE');
    expect(shown.body).toContain('$99.99');
    expect(shown.body).toContain('Save 17%');
    expect(shown.body).not.toMatch(/<input[^>]+(card|cvc|number)/i);
    expect(shown.body).not.toContain('<script');

    const paid = await h.app.inject({ method: 'POST', url: `${page}/pay`, headers: form(golfer), payload: '' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://127.0.0.1:18140/payment-success?session_id=${page.split('/').pop()}`);
    expect(await stored(h.db, golfer)).toMatchObject({ status: 'active', plan: 'annual' });
    // Paying twice (a double tap, the back button) changes nothing.
    expect((await h.app.inject({ method: 'POST', url: `${page}/pay`, headers: form(golfer), payload: '' })).statusCode).toBe(303);
    expect(Object.values(h.fake.store.data.subscriptions).filter((s) => s.metadata.userId === String(golfer))).toHaveLength(1);
    expect((await h.app.inject({ method: 'GET', url: page, headers: h.as(golfer) })).body).toContain('Already paid');
  });

  it('opens for its own golfer only (404 for another one), and only through the gateway (401)', async () => {
    const owner = newGolfer();
    const page = await checkoutPage(owner, 'monthly');
    const other = newGolfer();
    expect((await h.app.inject({ method: 'GET', url: page, headers: h.as(other) })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: `${page}/pay`, headers: form(other), payload: '' })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: page })).statusCode).toBe(401);
    expect(await stored(h.db, owner)).toBeUndefined();
    expect((await h.app.inject({ method: 'GET', url: '/billing/test-mode/checkout/cs_test_nope', headers: h.as(owner) })).statusCode).toBe(404);
    const malformed = await h.app.inject({ method: 'GET', url: '/billing/test-mode/checkout/..%2F..%2Fetc', headers: h.as(owner) });
    expect(malformed.statusCode).toBe(400);
    // In words, like every other refusal, not the id's pattern.
    expect(malformed.json().message).toBe('Invalid params: id contains characters that are not allowed');
  });

  it('serves its stylesheet (no inline styles, so a strict CSP still applies)', async () => {
    const css = await h.app.inject({ method: 'GET', url: '/billing/test-mode/assets/test-mode.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });
});

describe('the test portal page', () => {
  it('cancels at period end, resumes, moves the test clock and makes the test card decline', async () => {
    const golfer = newGolfer();
    const page = await checkoutPage(golfer, 'monthly');
    await h.app.inject({ method: 'POST', url: `${page}/pay`, headers: form(golfer), payload: '' });
    const portal = path((await h.app.inject({ method: 'POST', url: '/api/create-customer-portal', headers: h.as(golfer) })).json().url);
    const view = async () => (await h.app.inject({ method: 'GET', url: portal, headers: h.as(golfer) })).body;
    const act = async (name: string, payload = '') => {
      const res = await h.app.inject({ method: 'POST', url: `${portal}/${name}`, headers: form(golfer), payload });
      expect(res.statusCode, name).toBe(303);
      expect(res.headers.location).toBe(portal);
    };

    expect(await view()).toMatch(/TEST MODE[\s\S]*Renews/);
    await act('cancel');
    expect(await view()).toContain('Ends on');
    expect(await stored(h.db, golfer)).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    await act('resume');
    expect(await stored(h.db, golfer)).toMatchObject({ cancel_at_period_end: false });

    await act('declining', 'declining=on');
    expect(await view()).toContain('Let the test card pay again');
    await act('advance-clock');
    expect(await stored(h.db, golfer)).toMatchObject({ status: 'past_due' });
    expect(await view()).toContain('past due');
    await act('declining', 'declining=off');
    expect((await h.app.inject({ method: 'POST', url: `${portal}/declining`, headers: form(golfer), payload: 'declining=maybe' })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: portal, headers: h.as(newGolfer()) })).statusCode).toBe(404);
  });

  it('acts for its own golfer only: another golfer’s cancel, clock and card changes are 404 and change nothing', async () => {
    const owner = newGolfer();
    const page = await checkoutPage(owner, 'monthly');
    await h.app.inject({ method: 'POST', url: `${page}/pay`, headers: form(owner), payload: '' });
    const portal = path((await h.app.inject({ method: 'POST', url: '/api/create-customer-portal', headers: h.as(owner) })).json().url);
    const before = { row: await stored(h.db, owner), page: (await h.app.inject({ method: 'GET', url: portal, headers: h.as(owner) })).body };
    const other = newGolfer();
    for (const [action, payload] of [['cancel', ''], ['resume', ''], ['advance-clock', ''], ['declining', 'declining=on']]) {
      const res = await h.app.inject({ method: 'POST', url: `${portal}/${action}`, headers: form(other), payload });
      expect(res.statusCode, action).toBe(404);
      expect((await h.app.inject({ method: 'POST', url: `${portal}/${action}`, payload })).statusCode, action).toBe(401);
    }
    expect({ row: await stored(h.db, owner), page: (await h.app.inject({ method: 'GET', url: portal, headers: h.as(owner) })).body }).toEqual(before);
  });
});

describe('with real Stripe keys', () => {
  it('has no test pages at all', async () => {
    const live = await buildApp({ ...h.deps, mode: 'stripe', testMode: undefined, logger: createLogger('billing-test', 'silent') });
    try {
      expect((await live.inject({ method: 'GET', url: '/billing/test-mode/assets/test-mode.css' })).statusCode).toBe(404);
      const config = await live.inject({ method: 'GET', url: '/api/billing/config', headers: h.as(1) });
      expect(config.json()).toEqual({ mode: 'stripe', publishableKey: '' });
    } finally {
      await live.close();
    }
  });
});
