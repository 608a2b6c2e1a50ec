import cookie from '@fastify/cookie';
import { createHttpServer, metricsToken, outboxLag, pingDb, pingRedis, registerHealth, type App } from '@swingfit/server-kit';
import { CORE_SCHEMA } from '@swingfit/core-db';
import type { GatewayDeps } from './deps.js';
import { sameOriginGuard } from './http/same-origin.js';
import { noStoreApiAnswers, securityHeaderMiddleware } from './http/security-headers.js';
import { RateLimiter, installRateLimits } from './http/rate-limit.js';
import { proxyAuthenticated } from './http/proxy.js';
import { defaultWebDist, serveWebApp } from './http/web-app.js';
import { authRoutes } from './routes/auth.js';
import { userRoutes } from './routes/users.js';
import { analysisRoutes } from './routes/analyses.js';
import { adminRoutes } from './routes/admin.js';
import { sessionRoutes } from './routes/sessions.js';
import { pointsRoutes } from './routes/points.js';
import { workoutRoutes } from './routes/workouts.js';
import { exerciseRoutes } from './routes/exercises.js';
import { videoAdminRoutes } from './routes/video-admin.js';
import { billingRoutes } from './routes/billing.js';
import { SessionCache } from './http/session-cache.js';
import { PointsCache } from './services/points-cache.js';

/** The caches of deps that were not given, made from the config (the same objects for every user of these deps). */
export function withCaches(deps: GatewayDeps): GatewayDeps & Required<Pick<GatewayDeps, 'sessionCache' | 'pointsCache'>> {
  deps.sessionCache ??= new SessionCache(deps.config.SESSION_CACHE_TTL_MS, deps.config.SESSION_CACHE_MAX_ENTRIES);
  deps.pointsCache ??= new PointsCache(deps.config.POINTS_CACHE_TTL_MS, deps.config.POINTS_CACHE_MAX_POSITIONS);
  return deps as GatewayDeps & Required<Pick<GatewayDeps, 'sessionCache' | 'pointsCache'>>;
}

/** Builds the gateway's HTTP app from its parts; main.ts and the tests both call this. */
export async function buildApp(given: GatewayDeps): Promise<App> {
  // On the given object: an event consumer started from the same deps (main.ts, tests) then drops
  // entries of the very caches the routes read.
  const deps = withCaches(given);
  const app = createHttpServer({
    logger: deps.logger,
    trustProxy: deps.config.TRUST_PROXY || false,
    answerHeaders: securityHeaderMiddleware(deps.config.PUBLIC_URL),
    ...(deps.metrics ? { metrics: { metrics: deps.metrics, token: metricsToken(deps.config) } } : {}),
  });
  noStoreApiAnswers(app);
  await app.register(cookie);
  app.addHook('onRequest', sameOriginGuard([deps.config.PUBLIC_URL]));
  // Before any route: routes declare `config.rateLimits` and this makes them count (http/rate-limit.ts).
  installRateLimits(app, new RateLimiter(deps.redis, deps.config.QUEUE_PREFIX));

  registerHealth(
    app,
    {
      postgres: () => pingDb(deps.db),
      redis: () => pingRedis(deps.redis),
      objectStore: () => deps.store.ping(),
    },
    { outbox: () => outboxLag(deps.db, CORE_SCHEMA) },
  );

  await app.register(authRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(analysisRoutes(deps));
  await app.register(sessionRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(pointsRoutes(deps));
  await app.register(workoutRoutes(deps));
  await app.register(exerciseRoutes(deps));
  await app.register(videoAdminRoutes(deps));

  // Routes other services own: the gateway authenticates, then forwards.
  // The leaderboard and positions are answered by pointsRoutes (cached); the rest is forwarded as asked.
  for (const prefix of ['/api/notifications', '/api/points']) {
    await proxyAuthenticated(app, deps, { prefix, upstream: deps.config.GAMIFICATION_URL });
  }
  await app.register(billingRoutes(deps));

  await serveWebApp(app, deps.config.WEB_DIST || defaultWebDist());
  return app;
}
