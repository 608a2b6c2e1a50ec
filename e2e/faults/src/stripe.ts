import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ROOT, portOf } from './product.js';

/*
 * Stripe for the fault runs: billing's own local stand-in (services/billing/src/stripe-fake), run in
 * the test process and given to billing as if it were api.stripe.com (real-key mode pointed at it),
 * so the test holds the webhook secret and decides what is delivered when: it signs deliveries as
 * Stripe does and retries a failed one later with a fresh signature, as Stripe does.
 */

export interface FakeEvent {
  id: string;
  type: string;
}

/** The parts of billing's FakeStripe the scenarios use (it is loaded from billing's build). */
export interface FakeStripe {
  secretKey: string;
  url: string;
  engine: { completeCheckout(sessionId: string): string };
  store: { data: { events: FakeEvent[] } };
  addWebhookEndpoint(endpoint: { url: string; secret: string }): void;
  act<T>(action: () => T): Promise<T>;
  close(): Promise<void>;
}

interface StripeFakeModule {
  FakeStripe: new (options: { pagesUrl: string; port?: number; retryDelaysMs?: number[] }) => { start(): Promise<FakeStripe> };
  LOCAL_PRICE_IDS: { monthly: string; annual: string };
  signPayload(payload: string, secret: string, timestamp?: number): string;
}

/** Stripe retries a failed delivery for days; here for about a minute, long enough for billing to come back. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

export interface StripeSetup {
  fake: FakeStripe;
  webhookSecret: string;
  /** Billing's environment for real-key mode against the stand-in. */
  env: Record<string, string>;
  /** Signs a payload with the endpoint's secret (a fresh timestamp each time, as each Stripe attempt). */
  sign(payload: string, timestamp?: number): string;
  /** From now on the stand-in delivers its events to the gateway's public webhook route. */
  deliverTo(gatewayUrl: string): void;
}

export async function startFakeStripe(basePort: number): Promise<StripeSetup> {
  const mod = (await import(join(ROOT, 'services/billing/dist/stripe-fake/index.js'))) as StripeFakeModule;
  const gateway = `http://127.0.0.1:${portOf(basePort, 'gateway')}`;
  const fake = await new mod.FakeStripe({ pagesUrl: `${gateway}/billing/test-mode`, port: portOf(basePort, 'stripe'), retryDelaysMs: RETRY_DELAYS_MS }).start();
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  return {
    fake,
    webhookSecret,
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_faults',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: fake.url,
      STRIPE_PRICE_MONTHLY: mod.LOCAL_PRICE_IDS.monthly,
      STRIPE_PRICE_ANNUAL: mod.LOCAL_PRICE_IDS.annual,
    },
    sign: (payload, timestamp) => mod.signPayload(payload, webhookSecret, timestamp),
    deliverTo: (gatewayUrl) => fake.addWebhookEndpoint({ url: `${gatewayUrl}/api/stripe/webhook`, secret: webhookSecret }),
  };
}
