import Stripe from 'stripe';
import type { BillingConfig } from '../config.js';

/**
 * The Stripe API client, or null when no secret key is configured (checkout and portal then refuse
 * with a clear message). STRIPE_API_BASE points the real SDK at another server, such as a local fake.
 */
export function createStripe(config: Pick<BillingConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}
