import { describe, expect, it } from 'vitest';
import { ConfigError } from '@swingfit/server-kit';
import { billingMode, parseBillingConfig } from '../src/config.js';

const base = { INTERNAL_TOKEN: 'x'.repeat(32) };
const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PRICE_MONTHLY: 'price_m', STRIPE_PRICE_ANNUAL: 'price_a' };

describe('billing configuration', () => {
  it('is local test mode without keys, and Stripe with them', () => {
    expect(billingMode(parseBillingConfig(base))).toBe('local-test');
    expect(billingMode(parseBillingConfig({ ...base, ...keys }))).toBe('stripe');
  });

  it.each(['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL'])('refuses Stripe keys without %s, naming it', (name) => {
    expect(() => parseBillingConfig({ ...base, ...keys, [name]: '' })).toThrow(new ConfigError(`config: ${name} is missing: required when STRIPE_SECRET_KEY is set (leave STRIPE_SECRET_KEY empty for local test mode)`));
  });

  it('refuses a live secret key with a test publishable key, and a key that is not one', () => {
    expect(() => parseBillingConfig({ ...base, ...keys, STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY is malformed/);
    expect(() => parseBillingConfig({ ...base, ...keys, STRIPE_SECRET_KEY: 'pk_test_oops' })).toThrow(/STRIPE_SECRET_KEY is malformed/);
  });
});
