import cookie from '@fastify/cookie';
import { createHttpServer, pingDb, pingRedis, registerHealth, type App } from '@swingfit/server-kit';
import type { GatewayDeps } from './deps.js';
import { sameOriginGuard } from './http/same-origin.js';
import { proxyAuthenticated } from './http/proxy.js';
import { defaultWebDist, serveWebApp } from './http/web-app.js';
import { authRoutes } from './routes/auth.js';
import { userRoutes } from './routes/users.js';
import { analysisRoutes } from './routes/analyses.js';
import { adminRoutes } from './routes/admin.js';
import { sessionRoutes } from './routes/sessions.js';
import { pointsRoutes } from './routes/points.js';

/** Builds the gateway's HTTP app from its parts; main.ts and the tests both call this. */
export async function buildApp(deps: GatewayDeps): Promise<App> {
  const app = createHttpServer({ logger: deps.logger, trustProxy: deps.config.TRUST_PROXY || false });
  await app.register(cookie);
  app.addHook('onRequest', sameOriginGuard([deps.config.PUBLIC_URL]));

  registerHealth(app, {
    postgres: () => pingDb(deps.db),
    redis: () => pingRedis(deps.redis),
    objectStore: () => deps.store.ping(),
  });

  await app.register(authRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(analysisRoutes(deps));
  await app.register(sessionRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(pointsRoutes(deps));

  // Routes other services own: the gateway authenticates, then forwards.
  for (const prefix of ['/api/notifications', '/api/leaderboard', '/api/monthly-leaderboard', '/api/points']) {
    await proxyAuthenticated(app, deps, { prefix, upstream: deps.config.GAMIFICATION_URL });
  }
  // Stripe calls this with no session: billing verifies the signature on the untouched body.
  await proxyAuthenticated(app, deps, { prefix: '/api/stripe/webhook', upstream: deps.config.BILLING_URL, public: true });

  await serveWebApp(app, deps.config.WEB_DIST || defaultWebDist());
  return app;
}
