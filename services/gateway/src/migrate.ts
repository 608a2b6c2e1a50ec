/* `pnpm db:migrate`: apply the core schema's migrations and exit. */
import { createLogger, openSchema } from '@swingfit/server-kit';
import { readConfig } from './config.js';
import { CORE_SCHEMA, coreMigrations } from '@swingfit/core-db';

const config = readConfig();
const logger = createLogger('gateway-migrate', config.LOG_LEVEL);
const db = await openSchema(config.DATABASE_URL, CORE_SCHEMA, coreMigrations, { logger, max: 1 });
await db.destroy();
