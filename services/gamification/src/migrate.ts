/* `pnpm db:migrate`: apply the gamification schema's migrations and exit. */
import { createDb, createLogger, ensureDatabase, migrateSchema } from '@swingfit/server-kit';
import { readConfig } from './config.js';
import { gamificationMigrations } from './db/migrations.js';
import { GAMIFICATION_SCHEMA } from './db/schema.js';

const config = readConfig();
const logger = createLogger('gamification-migrate', config.LOG_LEVEL);
await ensureDatabase(config.DATABASE_URL);
const db = createDb(config.DATABASE_URL, { schema: GAMIFICATION_SCHEMA, max: 1 });
await migrateSchema(db, GAMIFICATION_SCHEMA, gamificationMigrations, logger);
await db.destroy();
