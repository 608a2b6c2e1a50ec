import {
  JobQueues,
  openSchema,
  OutboxRelay,
  ServiceMetrics,
  closeOnSignals,
  consumeEvents,
  createLogger,
  createRedis,
  queueConnection,
  requireHandlers,
} from '@swingfit/server-kit';
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { gamificationMigrations } from './db/migrations.js';
import { GAMIFICATION_SCHEMA, type GamificationDatabase } from './db/schema.js';
import { gamificationHandlers } from './jobs/events.js';
import { createWeeklyResetWorker, weeklyResetJobHandlers } from './jobs/weekly-reset.js';

const config = readConfig();
// Every subscribed event type (and any job the table gives it) has a handler, or it does not start (one line naming it).
const logger = createLogger('gamification', config.LOG_LEVEL);

const db = await openSchema<GamificationDatabase>(config.DATABASE_URL, GAMIFICATION_SCHEMA, gamificationMigrations, { logger, applicationName: 'gamification' });
const jobHandlers = weeklyResetJobHandlers({ db, logger });
// Every subscribed event type and every job the table gives it has a handler, or it does not start (one line naming it).
requireHandlers('gamification', { events: gamificationHandlers, jobs: jobHandlers });

const redis = createRedis(config.REDIS_URL, 'producer');
const queues = { connection: queueConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX };
/**
 * Every award leaves a points.awarded in this outbox; the golfer sees the points once it reaches the
 * gateway, so the relay looks every 100 ms (a lookup on the unsent rows' partial index) and is also
 * woken as soon as an event has been handled.
 */
const RELAY_INTERVAL_MS = 100;
const relay = new OutboxRelay(db, GAMIFICATION_SCHEMA, queues, logger, RELAY_INTERVAL_MS);
// GET /metrics (bearer METRICS_TOKEN or INTERNAL_TOKEN): request timings, its queues, the gamification outbox.
const metrics = new ServiceMetrics({ service: 'gamification', logger, outbox: { db, schema: GAMIFICATION_SCHEMA }, queues });
const consumer = consumeEvents({ service: 'gamification', db, schema: GAMIFICATION_SCHEMA, settings: queues, logger, handlers: gamificationHandlers });
metrics.watchWorker(consumer);
consumer.on('completed', () => relay.nudge());

const weeklyReset = metrics.watchWorker(createWeeklyResetWorker({ db, logger }, queues));
// One schedule across replicas (upsertJobScheduler), put back if Redis lost it.
const producers = new JobQueues(queues, logger);
void producers.keepScheduled('gamification');

const app = await buildApp({ config, logger, db, redis, metrics });
relay.start();

closeOnSignals(
  [
    { name: 'http', close: () => app.close() },
    { name: 'event consumer', close: () => consumer.close() },
    { name: 'weekly reset', close: () => weeklyReset.close() },
    { name: 'job producers', close: () => producers.close() },
    { name: 'metrics', close: () => metrics.close() },
    { name: 'outbox relay', close: () => relay.close() },
    { name: 'redis', close: () => redis.quit() },
    { name: 'postgres', close: () => db.destroy() },
  ],
  logger,
);

await app.listen({ port: config.PORT, host: config.HOST });
logger.info({ port: config.PORT }, 'gamification ready');
