import { describe, expect, it } from 'vitest';
import { COMPOSE_OPERATOR_SECRETS, composeEnvironment, composeProblems, undocumentedVariables } from '@swingfit/server-kit/testing';
import { BillingEnv, billingMode, parseBillingConfig } from '../src/config.js';

/*
 * docker-compose.yml's billing service, read with compose's interpolation (no Docker engine runs here):
 * every variable the file sets must be one billing reads, and it starts as the README says: not without
 * Stripe keys unless BILLING_TEST_MODE=on asks for the local test mode by name.
 */
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_compose',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_compose',
  STRIPE_WEBHOOK_SECRET: 'whsec_compose',
  STRIPE_PRICE_MONTHLY: 'price_monthly',
  STRIPE_PRICE_ANNUAL: 'price_annual',
};

describe('docker-compose.yml runs billing', () => {
  it('sets only settings billing reads, its health check where it listens', () => {
    expect(composeProblems('billing', BillingEnv, COMPOSE_OPERATOR_SECRETS)).toEqual([]);
  });

  it('refuses to give Premium away: no Stripe keys and no BILLING_TEST_MODE=on stops it at start', () => {
    expect(() => parseBillingConfig(composeEnvironment('billing', COMPOSE_OPERATOR_SECRETS))).toThrow(/STRIPE_SECRET_KEY is missing/);
  });

  it('starts in local test mode when asked by name, and on Stripe with the five keys', () => {
    expect(billingMode(parseBillingConfig(composeEnvironment('billing', { ...COMPOSE_OPERATOR_SECRETS, BILLING_TEST_MODE: 'on' })))).toBe('local-test');
    const live = parseBillingConfig(composeEnvironment('billing', { ...COMPOSE_OPERATOR_SECRETS, ...STRIPE }));
    expect(billingMode(live)).toBe('stripe');
    expect(live).toMatchObject({ NODE_ENV: 'production', PORT: 8081, STRIPE_WEBHOOK_TOLERANCE_SECONDS: 300 });
  });
});

describe('.env.example', () => {
  it('lists every variable the billing reads', () => {
    expect(undocumentedVariables(BillingEnv)).toEqual([]);
  });
});
