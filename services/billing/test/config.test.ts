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

describe('local test mode outside development (BILLING_TEST_MODE)', () => {
  const production = { ...base, NODE_ENV: 'production' };

  it('refuses to start in production without Stripe keys unless BILLING_TEST_MODE=on, naming the variables', () => {
    expect(() => parseBillingConfig(production)).toThrow(ConfigError);
    expect(() => parseBillingConfig(production)).toThrow(/STRIPE_SECRET_KEY is missing: NODE_ENV=production needs real Stripe keys .*STRIPE_PUBLISHABLE_KEY.*BILLING_TEST_MODE=on/);
    expect(() => parseBillingConfig({ ...production, BILLING_TEST_MODE: 'off' })).toThrow(/BILLING_TEST_MODE=off needs real Stripe keys/);
    expect(billingMode(parseBillingConfig({ ...production, BILLING_TEST_MODE: 'on' }))).toBe('local-test');
  });

  it('runs Stripe in production with keys, and test mode in development unless turned off', () => {
    expect(billingMode(parseBillingConfig({ ...production, ...keys }))).toBe('stripe');
    expect(billingMode(parseBillingConfig({ ...production, ...keys, BILLING_TEST_MODE: 'off' }))).toBe('stripe');
    expect(billingMode(parseBillingConfig({ ...base, NODE_ENV: 'development' }))).toBe('local-test');
    expect(() => parseBillingConfig({ ...base, NODE_ENV: 'development', BILLING_TEST_MODE: 'off' })).toThrow(/BILLING_TEST_MODE=off needs/);
    expect(() => parseBillingConfig({ ...base, BILLING_TEST_MODE: 'maybe' })).toThrow(/BILLING_TEST_MODE is malformed/);
  });
});
