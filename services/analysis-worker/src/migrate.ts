/* `pnpm db:migrate`: apply the core schema's migrations and exit (the gateway runs the same list). */
import { createLogger, openSchema } from '@swingfit/server-kit';
import { CORE_SCHEMA, coreMigrations } from '@swingfit/core-db';
import { readMigrateConfig } from './config.js';

const config = readMigrateConfig();
const logger = createLogger('analysis-worker-migrate', config.LOG_LEVEL);
const db = await openSchema(config.DATABASE_URL, CORE_SCHEMA, coreMigrations, { logger, max: 1 });
await db.destroy();
