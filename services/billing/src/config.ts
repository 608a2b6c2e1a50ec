import { Type, type Static } from '@sinclair/typebox';
import { CommonEnv, ConfigError, MetricsEnv, parseConfig } from '@swingfit/server-kit';
import type { BillingMode } from '@swingfit/contracts';

export const BillingEnv = Type.Object({
  ...CommonEnv,
  ...MetricsEnv,
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8081 }),
  HOST: Type.String({ default: '127.0.0.1', description: 'internal service: loopback unless told otherwise' }),
  INTERNAL_TOKEN: Type.String({ minLength: 16, description: 'shared secret the gateway sends to billing and gamification' }),
  PUBLIC_URL: Type.String({ pattern: '^https?://.+', default: 'http://localhost:8080', description: 'origin browsers use; Checkout and the portal send golfers back there' }),
  DATA_DIR: Type.String({ default: '.data', description: 'local state; local test mode keeps its simulated Stripe account there' }),
  STRIPE_SECRET_KEY: Type.String({ default: '', pattern: '^(sk_(test|live)_.+|rk_(test|live)_.+)?$', description: 'empty: local test mode (payments simulated on this machine), if BILLING_TEST_MODE allows it' }),
  BILLING_TEST_MODE: Type.Optional(
    Type.Union([Type.Literal('on'), Type.Literal('off')], {
      description: 'on|off: may billing simulate payments when no STRIPE_SECRET_KEY is set; unset: yes except with NODE_ENV=production',
    }),
  ),
  STRIPE_PUBLISHABLE_KEY: Type.String({ default: '', pattern: '^(pk_(test|live)_.+)?$', description: 'pk_... for Stripe Elements in the browser; required with STRIPE_SECRET_KEY' }),
  STRIPE_WEBHOOK_SECRET: Type.String({ default: '', description: 'whsec_... of the webhook endpoint; required with STRIPE_SECRET_KEY (test mode makes its own)' }),
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: Type.Integer({ minimum: 10, maximum: 3600, default: 300, description: 'webhook deliveries signed longer ago than this are refused as stale' }),
  STRIPE_API_BASE: Type.String({ default: '', pattern: '^(https?://.+)?$', description: 'point the Stripe SDK at another server (a local fake in tests); ignored in local test mode' }),
  STRIPE_PRICE_MONTHLY: Type.String({ default: '', description: 'Stripe price id of the $9.99/month plan; required with STRIPE_SECRET_KEY' }),
  STRIPE_PRICE_ANNUAL: Type.String({ default: '', description: 'Stripe price id of the $99.99/year plan; required with STRIPE_SECRET_KEY' }),
});
export type BillingConfig = Static<typeof BillingEnv>;

export const billingMode = (config: Pick<BillingConfig, 'STRIPE_SECRET_KEY'>): BillingMode => (config.STRIPE_SECRET_KEY ? 'stripe' : 'local-test');

/** With real keys, every Stripe setting must be there: a half-configured Stripe would take money without giving Premium. */
const REQUIRED_WITH_KEYS = ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL'] as const;

/**
 * Without Stripe keys billing runs its local stand-in: Premium for nobody's money. Fine on a laptop, a
 * silent giveaway on a real deployment whose keys went missing, so production must ask for it by name.
 */
export function testModeRefusal(config: Pick<BillingConfig, 'NODE_ENV' | 'STRIPE_SECRET_KEY' | 'BILLING_TEST_MODE'>): string | undefined {
  if (billingMode(config) === 'stripe' || config.BILLING_TEST_MODE === 'on') return undefined;
  if (config.BILLING_TEST_MODE !== 'off' && config.NODE_ENV !== 'production') return undefined;
  const why = config.BILLING_TEST_MODE === 'off' ? 'BILLING_TEST_MODE=off' : 'NODE_ENV=production';
  return (
    `config: STRIPE_SECRET_KEY is missing: ${why} needs real Stripe keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, ` +
    'STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL), or BILLING_TEST_MODE=on to simulate payments on this machine (nobody is charged, Premium is free)'
  );
}

export function parseBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  const config = parseConfig(BillingEnv, env);
  const refusal = testModeRefusal(config);
  if (refusal) throw new ConfigError(refusal);
  if (billingMode(config) === 'stripe') {
    const absent = REQUIRED_WITH_KEYS.find((name) => !config[name]);
    if (absent) throw new ConfigError(`config: ${absent} is missing: required when STRIPE_SECRET_KEY is set (leave STRIPE_SECRET_KEY empty for local test mode)`);
    const live = config.STRIPE_SECRET_KEY.includes('_live_');
    if (live !== config.STRIPE_PUBLISHABLE_KEY.startsWith('pk_live_')) throw new ConfigError('config: STRIPE_PUBLISHABLE_KEY is malformed: a live secret key needs a live publishable key and a test key a test one');
  }
  return config;
}

/** parseBillingConfig for the entry point: a bad variable ends the process with exactly one line. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  try {
    return parseBillingConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}
