import type { Kysely } from 'kysely';
import { createHttpServer, metricsToken, outboxLag, pingDb, pingRedis, registerHealth, type App } from '@swingfit/server-kit';
import { BILLING_SCHEMA } from './db/schema.js';
import type { BillingDeps } from './deps.js';
import { adminRoutes } from './routes/admin.js';
import { subscriptionRoutes } from './routes/subscriptions.js';
import { testModeRoutes } from './routes/test-mode.js';
import { webhookRoutes } from './routes/webhook.js';

/** The billing service's HTTP app; main.ts and the tests both call this. */
export async function buildApp(deps: BillingDeps): Promise<App> {
  const app = createHttpServer({ logger: deps.logger, ...(deps.metrics ? { metrics: { metrics: deps.metrics, token: metricsToken(deps.config) } } : {}) });
  registerHealth(
    app,
    { postgres: () => pingDb(deps.db as Kysely<any>), redis: () => pingRedis(deps.redis) },
    {
      outbox: () => outboxLag(deps.db as Kysely<any>, BILLING_SCHEMA),
      // For the admin's system page: real charges only with Stripe's live keys; local test mode and sk_test_ keys charge nobody.
      stripeMode: async () => (deps.mode === 'stripe' && deps.config.STRIPE_SECRET_KEY.startsWith('sk_live_') ? 'live' : 'test'),
    },
  );
  await app.register(webhookRoutes(deps));
  await app.register(subscriptionRoutes(deps));
  await app.register(adminRoutes(deps));
  if (deps.testMode) await app.register(testModeRoutes(deps, deps.testMode));
  return app;
}
