import {
  openSchema,
  ObjectStore,
  OutboxRelay,
  ServiceMetrics,
  closeOnSignals,
  createLogger,
  createRedis,
  objectStoreConfig,
  queueConnection,
  requireHandlers,
} from '@swingfit/server-kit';
import { buildApp, withCaches } from './app.js';
import { readConfig } from './config.js';
import { CORE_SCHEMA, coreMigrations, type CoreDatabase } from '@swingfit/core-db';
import { resolveAdminPassword } from './services/admin-password.js';
import { hashAdminPassword } from './services/admin-auth.js';
import { gatewayEventHandlers, startEventConsumers } from './jobs/events.js';
import { seedExerciseCatalog } from './services/catalog-seed.js';

const config = readConfig();
// Every subscribed event type (and any job the table gives it) has a handler, or it does not start (one line naming it).
requireHandlers('gateway', { events: gatewayEventHandlers, jobs: {} });
const logger = createLogger('gateway', config.LOG_LEVEL);

const db = await openSchema<CoreDatabase>(config.DATABASE_URL, CORE_SCHEMA, coreMigrations, { logger, applicationName: 'gateway' });
await seedExerciseCatalog(db, logger);

const redis = createRedis(config.REDIS_URL, 'producer');
const queues = { connection: queueConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX };
const store = new ObjectStore(objectStoreConfig(config));
await store.ensureBucket();
// Completions wait in this outbox for the relay before gamification can award their points: it looks
// every 100 ms (a lookup on the unsent rows' partial index), so a golfer sees the points within a second.
const RELAY_INTERVAL_MS = 100;
const relay = new OutboxRelay(db, CORE_SCHEMA, queues, logger, RELAY_INTERVAL_MS);
const admin = resolveAdminPassword(config.ADMIN_PASSWORD, config.DATA_DIR);

const adminPasswordHash = await hashAdminPassword(admin.password);

// GET /metrics (bearer METRICS_TOKEN or INTERNAL_TOKEN): request timings, its event queue, the core outbox.
const metrics = new ServiceMetrics({ service: 'gateway', logger, outbox: { db, schema: CORE_SCHEMA }, queues });
// One deps object for the app and the event consumer: the consumer drops entries of the caches the routes read.
const deps = withCaches({ config, logger, db, redis, queues, store, relay, adminPasswordHash, metrics });
const app = await buildApp(deps);
relay.start();
const eventConsumer = metrics.watchWorker(startEventConsumers(deps));

closeOnSignals(
  [
    { name: 'http', close: () => app.close() },
    { name: 'event consumer', close: () => eventConsumer.close() },
    { name: 'outbox relay', close: () => relay.close() },
    { name: 'metrics', close: () => metrics.close() },
    { name: 'redis', close: () => redis.quit() },
    { name: 'postgres', close: () => db.destroy() },
  ],
  logger,
);

await app.listen({ port: config.PORT, host: config.HOST });
logger.info({ url: config.PUBLIC_URL, adminPasswordSource: admin.source }, 'gateway ready');
