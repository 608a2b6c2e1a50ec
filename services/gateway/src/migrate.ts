/* `pnpm db:migrate`: apply the core schema's migrations and exit. */
import { createLogger, loadConfig, openSchema } from '@swingfit/server-kit';
import { GatewayEnv } from './config.js';
import { CORE_SCHEMA, coreMigrations } from '@swingfit/core-db';

// The schema's own checks only: migrating needs no admin password, even in production.
const config = loadConfig(GatewayEnv);
const logger = createLogger('gateway-migrate', config.LOG_LEVEL);
const db = await openSchema(config.DATABASE_URL, CORE_SCHEMA, coreMigrations, { logger, max: 1 });
await db.destroy();
