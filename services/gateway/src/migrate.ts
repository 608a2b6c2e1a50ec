/* `pnpm db:migrate`: apply the core schema's migrations and exit. */
import { createDb, createLogger, ensureDatabase, migrateSchema } from '@swingfit/server-kit';
import { readConfig } from './config.js';
import { coreMigrations } from '@swingfit/core-db';
import { CORE_SCHEMA } from '@swingfit/core-db';

const config = readConfig();
const logger = createLogger('gateway-migrate', config.LOG_LEVEL);
await ensureDatabase(config.DATABASE_URL);
const db = createDb(config.DATABASE_URL, { schema: CORE_SCHEMA, max: 1 });
await migrateSchema(db, CORE_SCHEMA, coreMigrations, logger);
await db.destroy();
