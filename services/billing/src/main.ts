import type { AddressInfo } from 'node:net';
import { JobQueues, OutboxRelay, ServiceMetrics, closeOnSignals, createLogger, createRedis, openSchema, queueConnection, requireHandlers } from '@swingfit/server-kit';
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { billingMigrations } from './db/migrations.js';
import { BILLING_SCHEMA, type BillingDatabase } from './db/schema.js';
import { openPaymentProvider } from './services/provider.js';
import { createReconcileWorker, reconcileJobHandlers } from './jobs/reconcile.js';

const config = readConfig();
const logger = createLogger('billing', config.LOG_LEVEL);

const db = await openSchema<BillingDatabase>(config.DATABASE_URL, BILLING_SCHEMA, billingMigrations, { logger, applicationName: 'billing' });

const redis = createRedis(config.REDIS_URL, 'producer');
const queues = { connection: queueConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX };
const relay = new OutboxRelay(db, BILLING_SCHEMA, queues, logger);
const provider = await openPaymentProvider(config, logger);

// GET /metrics (bearer METRICS_TOKEN or INTERNAL_TOKEN): request timings, the reconcile queue, the billing outbox.
const metrics = new ServiceMetrics({ service: 'billing', logger, outbox: { db, schema: BILLING_SCHEMA }, queues });
const deps = { config, logger, db, redis, ...provider, metrics };
// Every job the table gives billing has a handler, or it does not start (one line naming it).
requireHandlers('billing', { events: {}, jobs: reconcileJobHandlers(deps) });
const app = await buildApp(deps);
relay.start();
const reconcile = metrics.watchWorker(createReconcileWorker(deps, queues));
// One schedule across replicas (upsertJobScheduler), put back if Redis lost it.
const producers = new JobQueues(queues, logger);
void producers.keepScheduled('billing');

closeOnSignals(
  [
    { name: 'http', close: () => app.close() },
    { name: 'outbox relay', close: () => relay.close() },
    { name: 'reconcile job', close: () => reconcile.close() },
    { name: 'job producers', close: () => producers.close() },
    { name: 'metrics', close: () => metrics.close() },
    ...(provider.testMode ? [{ name: 'local Stripe stand-in', close: () => provider.testMode!.close() }] : []),
    { name: 'redis', close: () => redis.quit() },
    { name: 'postgres', close: () => db.destroy() },
  ],
  logger,
);

await app.listen({ port: config.PORT, host: config.HOST });
if (provider.testMode) {
  // The stand-in delivers its signed events to this very webhook route, as Stripe would through the gateway.
  const { port } = app.server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  provider.testMode.addWebhookEndpoint({ url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/api/stripe/webhook`, secret: provider.webhookSecret });
}
logger.info({ port: config.PORT, mode: provider.mode, prices: provider.prices }, 'billing ready');
