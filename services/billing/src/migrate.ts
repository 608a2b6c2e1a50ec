/* `pnpm db:migrate`: apply the billing schema's migrations and exit. */
import { createLogger, openSchema } from '@swingfit/server-kit';
import { readConfig } from './config.js';
import { billingMigrations } from './db/migrations.js';
import { BILLING_SCHEMA } from './db/schema.js';

const config = readConfig();
const logger = createLogger('billing-migrate', config.LOG_LEVEL);
const db = await openSchema(config.DATABASE_URL, BILLING_SCHEMA, billingMigrations, { logger, max: 1 });
await db.destroy();
