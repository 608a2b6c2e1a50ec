import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { BillingConfig } from './config.js';
import type { BillingDatabase } from './db/schema.js';

/** What routes receive; built once in main.ts, or by a test with its own parts. */
export interface BillingDeps {
  config: BillingConfig;
  logger: Logger;
  db: Kysely<BillingDatabase>;
  redis: Redis;
  /** null when STRIPE_SECRET_KEY is empty. */
  stripe: Stripe | null;
}
