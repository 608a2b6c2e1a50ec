import { OutboxRelay, closeOnSignals, createLogger, createRedis, openSchema, queueConnection } from '@swingfit/server-kit';
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { createStripe } from './services/stripe-client.js';
import { billingMigrations } from './db/migrations.js';
import { BILLING_SCHEMA, type BillingDatabase } from './db/schema.js';

const config = readConfig();
const logger = createLogger('billing', config.LOG_LEVEL);

const db = await openSchema<BillingDatabase>(config.DATABASE_URL, BILLING_SCHEMA, billingMigrations, { logger, applicationName: 'billing' });

const redis = createRedis(config.REDIS_URL, 'producer');
const queues = { connection: queueConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX };
const relay = new OutboxRelay(db, BILLING_SCHEMA, queues, logger);

const app = await buildApp({ config, logger, db, redis, stripe: createStripe(config) });
relay.start();

closeOnSignals(
  [
    { name: 'http', close: () => app.close() },
    { name: 'outbox relay', close: () => relay.close() },
    { name: 'redis', close: () => redis.quit() },
    { name: 'postgres', close: () => db.destroy() },
  ],
  logger,
);

await app.listen({ port: config.PORT, host: config.HOST });
logger.info({ port: config.PORT, stripe: config.STRIPE_SECRET_KEY ? 'configured' : 'not configured', webhooks: config.STRIPE_WEBHOOK_SECRET ? 'configured' : 'not configured' }, 'billing ready');
