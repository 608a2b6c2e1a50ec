import type { Kysely } from 'kysely';
import { createHttpServer, pingDb, pingRedis, registerHealth, type App } from '@swingfit/server-kit';
import type { BillingDeps } from './deps.js';
import { webhookRoutes } from './routes/webhook.js';

/** The billing service's HTTP app; main.ts and the tests both call this. */
export async function buildApp(deps: BillingDeps): Promise<App> {
  const app = createHttpServer({ logger: deps.logger });
  registerHealth(app, { postgres: () => pingDb(deps.db as Kysely<any>), redis: () => pingRedis(deps.redis) });
  await app.register(webhookRoutes(deps));
  return app;
}
