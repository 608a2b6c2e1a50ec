import {
  AdminLoginBody,
  AdminSession,
  AdminStats,
  AdminUserList,
  ErrorBody,
  INVALID_ADMIN_PASSWORD,
  ResetUsageBody,
  ResetUsageResponse,
  UserIdParam,
} from '@swingfit/contracts';
import { HttpError, type App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { ADMIN_COOKIE, closeSession, openSession, requireAdmin } from '../http/session.js';
import { isAdminPassword } from '../services/admin-auth.js';
import { listUsers, resetUsage, userStats } from '../services/admin-users.js';
import { LoginRateLimiter, withRetryAfter } from '../services/login-rate-limit.js';
import { ADMIN_SESSION_SECONDS, clearAdminCookie, clientMeta, setAdminCookie } from '../services/session-cookies.js';

/** The admin area: password sign-in to an admin session (not a user account), the user list and usage resets. */
export function adminRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    const { config, db } = deps;
    const limiter = new LoginRateLimiter(deps.redis, config.QUEUE_PREFIX, config.LOGIN_RATE_LIMIT);

    app.post(
      '/api/admin/login',
      { schema: { body: AdminLoginBody, response: { 200: AdminSession, 401: ErrorBody, 429: ErrorBody } } },
      async (request, reply) => {
        const meta = clientMeta(request);
        await withRetryAfter(reply, () => limiter.hit([{ scope: 'admin-ip', id: meta.ip }]));
        if (!isAdminPassword(request.body.password, deps.adminPassword)) throw new HttpError(401, INVALID_ADMIN_PASSWORD);
        await limiter.clear('admin-ip', meta.ip);
        await closeSession(db, request.cookies[ADMIN_COOKIE]);
        const token = await openSession(db, { userId: null, kind: 'admin', ttlSeconds: ADMIN_SESSION_SECONDS, ...meta });
        setAdminCookie(reply, config.PUBLIC_URL, token);
        return { admin: true as const };
      },
    );

    app.post('/api/admin/logout', async (request, reply) => {
      await closeSession(db, request.cookies[ADMIN_COOKIE]);
      clearAdminCookie(reply, config.PUBLIC_URL);
      return reply.status(204).send();
    });

    // Everything below needs the admin session; a golfer's session is not enough.
    await app.register(async (admin: App) => {
      admin.addHook('onRequest', requireAdmin(db));
      const unauthorized = { 401: ErrorBody };

      admin.get('/api/admin/session', { schema: { response: { 200: AdminSession, ...unauthorized } } }, async () => ({ admin: true as const }));

      admin.get('/api/admin/users', { schema: { response: { 200: AdminUserList, ...unauthorized } } }, async () => listUsers(db));

      admin.get('/api/admin/stats', { schema: { response: { 200: AdminStats, ...unauthorized } } }, async () => userStats(db));

      admin.post(
        '/api/admin/users/:userId/reset-usage',
        { schema: { params: UserIdParam, body: ResetUsageBody, response: { 200: ResetUsageResponse, 400: ErrorBody, 404: ErrorBody, ...unauthorized } } },
        async (request) => resetUsage(db, request.params.userId, request.body.field),
      );
    });
  };
}
