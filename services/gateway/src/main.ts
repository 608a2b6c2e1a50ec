import {
  openSchema,
  ObjectStore,
  OutboxRelay,
  closeOnSignals,
  createLogger,
  createRedis,
  objectStoreConfig,
  queueConnection,
} from '@swingfit/server-kit';
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { CORE_SCHEMA, coreMigrations, type CoreDatabase } from '@swingfit/core-db';
import { resolveAdminPassword } from './services/admin-password.js';
import { startEventConsumers } from './jobs/events.js';

const config = readConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);

const db = await openSchema<CoreDatabase>(config.DATABASE_URL, CORE_SCHEMA, coreMigrations, { logger, applicationName: 'gateway' });

const redis = createRedis(config.REDIS_URL, 'producer');
const queues = { connection: queueConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX };
const store = new ObjectStore(objectStoreConfig(config));
await store.ensureBucket();
const relay = new OutboxRelay(db, CORE_SCHEMA, queues, logger);
const admin = resolveAdminPassword(config.ADMIN_PASSWORD, config.DATA_DIR);

const app = await buildApp({ config, logger, db, redis, queues, store, relay, adminPassword: admin.password });
relay.start();
const eventConsumer = startEventConsumers({ db, queues, logger });

closeOnSignals(
  [
    { name: 'http', close: () => app.close() },
    { name: 'event consumer', close: () => eventConsumer.close() },
    { name: 'outbox relay', close: () => relay.close() },
    { name: 'redis', close: () => redis.quit() },
    { name: 'postgres', close: () => db.destroy() },
  ],
  logger,
);

await app.listen({ port: config.PORT, host: config.HOST });
logger.info({ url: config.PUBLIC_URL, adminPasswordSource: admin.source }, 'gateway ready');
