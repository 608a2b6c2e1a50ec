import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { BillingMode, Plan } from '@swingfit/contracts';
import type { BillingConfig } from './config.js';
import type { BillingDatabase } from './db/schema.js';
import type { FakeStripe } from './stripe-fake/index.js';
import type { ServiceMetrics } from '@swingfit/server-kit';

/** What routes and services receive; built once in main.ts (services/provider.ts), or by a test with its own parts. */
export interface BillingDeps {
  config: BillingConfig;
  logger: Logger;
  db: Kysely<BillingDatabase>;
  redis: Redis;
  /** The real SDK: pointed at api.stripe.com, or at the local stand-in in local test mode and tests. */
  stripe: Stripe;
  mode: BillingMode;
  /** The Stripe price id of each plan. */
  prices: Record<Plan, string>;
  /** The secret webhook deliveries are verified with (STRIPE_WEBHOOK_SECRET, or test mode's own). */
  webhookSecret: string;
  /** Local test mode only: the simulated Stripe account whose hosted checkout and portal pages billing serves. */
  testMode?: FakeStripe;
  /** Prometheus metrics: GET /metrics and request timings when given (main.ts always gives them). */
  metrics?: ServiceMetrics;
}
