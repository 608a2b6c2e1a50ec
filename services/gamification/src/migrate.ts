/* `pnpm db:migrate`: apply the gamification schema's migrations and exit. */
import { createLogger, openSchema } from '@swingfit/server-kit';
import { readConfig } from './config.js';
import { gamificationMigrations } from './db/migrations.js';
import { GAMIFICATION_SCHEMA } from './db/schema.js';

const config = readConfig();
const logger = createLogger('gamification-migrate', config.LOG_LEVEL);
const db = await openSchema(config.DATABASE_URL, GAMIFICATION_SCHEMA, gamificationMigrations, { logger, max: 1 });
await db.destroy();
