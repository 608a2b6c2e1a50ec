/* `pnpm db:migrate`: apply the core schema's migrations and exit (the gateway runs the same list). */
import { createDb, createLogger, ensureDatabase, migrateSchema } from '@swingfit/server-kit';
import { CORE_SCHEMA, coreMigrations } from '@swingfit/core-db';
import { readConfig } from './config.js';

const config = readConfig();
const logger = createLogger('analysis-worker-migrate', config.LOG_LEVEL);
await ensureDatabase(config.DATABASE_URL);
const db = createDb(config.DATABASE_URL, { schema: CORE_SCHEMA, max: 1 });
await migrateSchema(db, CORE_SCHEMA, coreMigrations, logger);
await db.destroy();
