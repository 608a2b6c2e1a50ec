/* `pnpm db:migrate`: apply the billing schema's migrations and exit. */
import { createLogger, loadConfig, openSchema } from '@swingfit/server-kit';
import { BillingEnv } from './config.js';
import { billingMigrations } from './db/migrations.js';
import { BILLING_SCHEMA } from './db/schema.js';

// The schema's own checks only: migrating needs no Stripe keys (nor BILLING_TEST_MODE=on), even in production.
const config = loadConfig(BillingEnv);
const logger = createLogger('billing-migrate', config.LOG_LEVEL);
const db = await openSchema(config.DATABASE_URL, BILLING_SCHEMA, billingMigrations, { logger, max: 1 });
await db.destroy();
