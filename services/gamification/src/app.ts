import type { Kysely } from 'kysely';
import { createHttpServer, metricsToken, outboxLag, pingDb, pingRedis, registerHealth, requireInternalCaller, type App } from '@swingfit/server-kit';
import { GAMIFICATION_SCHEMA } from './db/schema.js';
import type { GamificationDeps } from './deps.js';
import { notificationRoutes } from './routes/notifications.js';
import { pointsRoutes } from './routes/points.js';

/** The gamification service's HTTP app; main.ts and the tests both call this. */
export async function buildApp(deps: GamificationDeps): Promise<App> {
  const app = createHttpServer({ logger: deps.logger, ...(deps.metrics ? { metrics: { metrics: deps.metrics, token: metricsToken(deps.config) } } : {}) });
  registerHealth(
    app,
    { postgres: () => pingDb(deps.db as Kysely<any>), redis: () => pingRedis(deps.redis) },
    { outbox: () => outboxLag(deps.db as Kysely<any>, GAMIFICATION_SCHEMA) },
  );

  // Everything under /api answers the gateway only: it authenticated the golfer and names them.
  await app.register(async (api) => {
    api.addHook('onRequest', requireInternalCaller(deps.config.INTERNAL_TOKEN, { golfer: true }));
    await api.register(notificationRoutes(deps));
    await api.register(pointsRoutes(deps));
  });
  return app;
}
