import { AdminLoginBody, AdminSession, ErrorBody } from '@swingfit/contracts';
import type { App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { ADMIN_COOKIE, ADMIN_DENIED, requireAdmin } from '../http/session.js';
import { signInAdmin, signOutAdmin } from '../services/admin-session.js';
import { failedEventRoutes } from './failed-events.js';
import { rateLimitRules } from '../http/rate-limit-rules.js';
import { clearAdminCookie, clientMeta, setAdminCookie } from '../services/session-cookies.js';
import { adminAuditRoutes } from './admin-audit.js';
import { adminSystemRoutes } from './admin-system.js';
import { adminUserRoutes } from './admin-users.js';

/**
 * The admin area: password sign-in to an admin session (not a user account), sign-out, and every
 * admin route behind requireAdmin (401 without an admin session, 403 for a golfer). Other issues'
 * admin routes register inside the guarded context below, so they inherit the same hook.
 */
export function adminRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    const { config, db } = deps;
    const limits = rateLimitRules(config, db);
    const sessionSeconds = config.ADMIN_SESSION_MINUTES * 60;

    app.post(
      '/api/admin/login',
      { config: { rateLimits: limits.adminLogin }, schema: { body: AdminLoginBody, response: { 200: AdminSession, 401: ErrorBody, 429: ErrorBody } } },
      async (request, reply) => {
        const meta = clientMeta(request);
        const { token } = await signInAdmin(
          { db, adminPasswordHash: deps.adminPasswordHash, sessionSeconds },
          { password: request.body.password, previousToken: request.cookies[ADMIN_COOKIE], ...meta },
        );
        setAdminCookie(reply, config.PUBLIC_URL, token, sessionSeconds);
        return { admin: true as const };
      },
    );

    app.post('/api/admin/logout', async (request, reply) => {
      await signOutAdmin(db, request.cookies[ADMIN_COOKIE], clientMeta(request));
      clearAdminCookie(reply, config.PUBLIC_URL);
      return reply.status(204).send();
    });

    // Everything below needs the admin session; a golfer's session is not enough.
    await app.register(async (admin: App) => {
      admin.addHook('onRequest', requireAdmin(db));
      admin.get('/api/admin/session', { schema: { response: { 200: AdminSession, ...ADMIN_DENIED } } }, async () => ({ admin: true as const }));
      await admin.register(adminUserRoutes(deps));
      await admin.register(adminAuditRoutes(deps));
      await admin.register(adminSystemRoutes(deps));
      await admin.register(failedEventRoutes(deps));
    });
  };
}
