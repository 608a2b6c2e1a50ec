import { AuditPage, AuditQuery, ErrorBody } from '@swingfit/contracts';
import type { App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { ADMIN_DENIED } from '../http/session.js';
import { listAudit } from '../services/admin-audit.js';

/** The admin audit log, newest first (read-only: the table refuses changes). */
export function adminAuditRoutes(deps: GatewayDeps) {
  return async (admin: App) => {
    admin.get('/api/admin/audit', { schema: { querystring: AuditQuery, response: { 200: AuditPage, 400: ErrorBody, ...ADMIN_DENIED } } }, async (request) =>
      listAudit(deps.db, request.query),
    );
  };
}
