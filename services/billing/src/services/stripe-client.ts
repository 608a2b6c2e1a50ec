import Stripe from 'stripe';

/**
 * The Stripe API client. `apiBase` points the real SDK at another server speaking Stripe's API (the local
 * stand-in in test mode and tests); empty means api.stripe.com.
 */
export function createStripe(secretKey: string, apiBase = ''): Stripe {
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'SwingFit billing' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}

/** Stripe's "no such object" answer (a customer deleted in the dashboard, say). */
export const isResourceMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
