import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@swingfit/server-kit';
import { parseBillingConfig } from '../src/config.js';
import { openPaymentProvider } from '../src/services/provider.js';
import { FakeStripe, LOCAL_PRICE_IDS } from '../src/stripe-fake/index.js';

/* Which payment provider billing opens: the real Stripe with keys (here pointed at the stand-in), local test mode without. */

const logger = createLogger('billing-test', 'silent');
const base = { INTERNAL_TOKEN: 'x'.repeat(32), PUBLIC_URL: 'http://golf.test' };
let remote: FakeStripe;
const dir = mkdtempSync(join(tmpdir(), 'sf-provider-'));
beforeAll(async () => {
  remote = await new FakeStripe({ pagesUrl: 'http://stripe.test' }).start();
});
afterAll(async () => {
  await remote?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('openPaymentProvider', () => {
  it('with keys: the configured Stripe, prices and webhook secret, and no test pages', async () => {
    const config = parseBillingConfig({
      ...base,
      STRIPE_SECRET_KEY: remote.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_configured',
      STRIPE_PRICE_MONTHLY: LOCAL_PRICE_IDS.monthly,
      STRIPE_PRICE_ANNUAL: LOCAL_PRICE_IDS.annual,
      STRIPE_API_BASE: remote.url,
    });
    const provider = await openPaymentProvider(config, logger);
    expect(provider).toMatchObject({ mode: 'stripe', webhookSecret: 'whsec_configured', prices: LOCAL_PRICE_IDS });
    expect(provider.testMode).toBeUndefined();
    const customer = await provider.stripe.customers.create({ metadata: { userId: '1' } });
    expect(remote.store.data.customers[customer.id]).toBeDefined();
  });

  it('without keys: local test mode on its own loopback stand-in, keeping its account in DATA_DIR', async () => {
    const provider = await openPaymentProvider(parseBillingConfig({ ...base, DATA_DIR: dir }), logger);
    try {
      expect(provider.mode).toBe('local-test');
      expect(provider.webhookSecret).toMatch(/^whsec_local_/);
      expect(provider.prices).toEqual(LOCAL_PRICE_IDS);
      expect(provider.testMode!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const customer = await provider.stripe.customers.create({});
      const session = await provider.stripe.billingPortal.sessions.create({ customer: customer.id });
      expect(session.url).toBe(`http://golf.test/billing/test-mode/portal/${session.id}`);
      expect(remote.store.data.customers[customer.id]).toBeUndefined();
    } finally {
      await provider.testMode!.close();
    }
    const again = await openPaymentProvider(parseBillingConfig({ ...base, DATA_DIR: dir }), logger);
    try {
      expect(Object.keys(again.testMode!.store.data.customers)).toHaveLength(1);
    } finally {
      await again.testMode!.close();
    }
  });
});
