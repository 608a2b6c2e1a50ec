/* `pnpm db:migrate`: apply the billing schema's migrations and exit. */
import { createDb, createLogger, ensureDatabase, migrateSchema } from '@swingfit/server-kit';
import { readConfig } from './config.js';
import { billingMigrations } from './db/migrations.js';
import { BILLING_SCHEMA } from './db/schema.js';

const config = readConfig();
const logger = createLogger('billing-migrate', config.LOG_LEVEL);
await ensureDatabase(config.DATABASE_URL);
const db = createDb(config.DATABASE_URL, { schema: BILLING_SCHEMA, max: 1 });
await migrateSchema(db, BILLING_SCHEMA, billingMigrations, logger);
await db.destroy();
