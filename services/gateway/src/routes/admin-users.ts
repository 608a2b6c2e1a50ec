import {
  AdminStats,
  AdminUserAnalyses,
  AdminUserPage,
  AdminUsersQuery,
  ErrorBody,
  ResetUsageBody,
  ResetUsageResponse,
  UserIdParam,
} from '@swingfit/contracts';
import { JobQueues, type App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { ADMIN_DENIED, adminActor } from '../http/session.js';
import { listUsers, resetUsage, userAnalyses, userStats } from '../services/admin-users.js';

/** The admin user list (paged, searchable), plan counts, usage resets and a golfer's recent analyses. */
export function adminUserRoutes(deps: GatewayDeps) {
  return async (admin: App) => {
    const { db } = deps;
    const jobs = new JobQueues(deps.queues, deps.logger);
    admin.addHook('onClose', async () => jobs.close());
    // Redis away: the dialog promises nothing rather than failing.
    const sweepOn = () => jobs.isScheduled('analysis.remeasure-older').catch(() => false);

    admin.get('/api/admin/users', { schema: { querystring: AdminUsersQuery, response: { 200: AdminUserPage, 400: ErrorBody, ...ADMIN_DENIED } } }, async (request) =>
      listUsers(db, request.query),
    );

    admin.get('/api/admin/stats', { schema: { response: { 200: AdminStats, ...ADMIN_DENIED } } }, async () => userStats(db));

    admin.get(
      '/api/admin/users/:userId/analyses',
      { schema: { params: UserIdParam, response: { 200: AdminUserAnalyses, 404: ErrorBody, ...ADMIN_DENIED } } },
      async (request) => userAnalyses(db, request.params.userId, sweepOn),
    );

    admin.post(
      '/api/admin/users/:userId/reset-usage',
      { schema: { params: UserIdParam, body: ResetUsageBody, response: { 200: ResetUsageResponse, 400: ErrorBody, 404: ErrorBody, ...ADMIN_DENIED } } },
      async (request) => resetUsage(db, adminActor(request), request.params.userId, request.body.field),
    );
  };
}
