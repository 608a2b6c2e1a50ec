import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { billingMode, type BillingConfig } from '../config.js';
import type { BillingDeps } from '../deps.js';
import { FakeStripe, LOCAL_PRICE_IDS } from '../stripe-fake/index.js';
import { createStripe } from './stripe-client.js';

/** Where local test mode's hosted pages live, as browsers reach them through the gateway. */
export const TEST_MODE_PATH = '/billing/test-mode';

export type PaymentProvider = Pick<BillingDeps, 'stripe' | 'mode' | 'prices' | 'webhookSecret' | 'testMode'>;

/**
 * Stripe keys configured: the real Stripe, unchanged. No keys (the `pnpm start` default): local test mode,
 * the same code talking through the same SDK to a stand-in started here on loopback, which keeps its
 * account in DATA_DIR and signs its webhooks with a secret made for this run.
 */
export async function openPaymentProvider(config: BillingConfig, logger: Logger): Promise<PaymentProvider> {
  if (billingMode(config) === 'stripe') {
    return {
      mode: 'stripe',
      stripe: createStripe(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE),
      prices: { monthly: config.STRIPE_PRICE_MONTHLY, annual: config.STRIPE_PRICE_ANNUAL },
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    };
  }
  const fake = await new FakeStripe({
    pagesUrl: `${config.PUBLIC_URL.replace(/\/$/, '')}${TEST_MODE_PATH}`,
    stateFile: join(resolve(config.DATA_DIR), 'billing-test-mode', 'stripe-account.json'),
    logger,
  }).start();
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET || `whsec_local_${randomBytes(24).toString('hex')}`;
  logger.warn({ stripeStandIn: fake.url }, 'billing is in LOCAL TEST MODE: no Stripe keys, payments are simulated on this machine');
  return { mode: 'local-test', stripe: createStripe(fake.secretKey, fake.url), prices: { ...LOCAL_PRICE_IDS }, webhookSecret, testMode: fake };
}
