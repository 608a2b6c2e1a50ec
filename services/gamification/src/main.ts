import {
  openSchema,
  OutboxRelay,
  closeOnSignals,
  consumeEvents,
  createLogger,
  createRedis,
  queueConnection,
} from '@swingfit/server-kit';
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { gamificationMigrations } from './db/migrations.js';
import { GAMIFICATION_SCHEMA, type GamificationDatabase } from './db/schema.js';
import { gamificationHandlers } from './jobs/events.js';

const config = readConfig();
const logger = createLogger('gamification', config.LOG_LEVEL);

const db = await openSchema<GamificationDatabase>(config.DATABASE_URL, GAMIFICATION_SCHEMA, gamificationMigrations, { logger, applicationName: 'gamification' });

const redis = createRedis(config.REDIS_URL, 'producer');
const queues = { connection: queueConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX };
const relay = new OutboxRelay(db, GAMIFICATION_SCHEMA, queues, logger);
const consumer = consumeEvents({ service: 'gamification', db, schema: GAMIFICATION_SCHEMA, settings: queues, logger, handlers: gamificationHandlers });

const app = await buildApp({ config, logger, db, redis });
relay.start();

closeOnSignals(
  [
    { name: 'http', close: () => app.close() },
    { name: 'event consumer', close: () => consumer.close() },
    { name: 'outbox relay', close: () => relay.close() },
    { name: 'redis', close: () => redis.quit() },
    { name: 'postgres', close: () => db.destroy() },
  ],
  logger,
);

await app.listen({ port: config.PORT, host: config.HOST });
logger.info({ port: config.PORT }, 'gamification ready');
