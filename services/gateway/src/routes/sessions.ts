import { Type } from '@sinclair/typebox';
import { ErrorBody, UserIdParam, UserSessionList, UserSessionParams } from '@swingfit/contracts';
import { HttpError, type App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { assertSelf, requireUser } from '../http/session.js';
import { deleteUserSession, listActiveSessions } from '../db/sessions-repository.js';

/** The signed-in devices of the user asking (never anyone else's), and signing one of them out. */
export function sessionRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    app.get(
      '/api/user-sessions/:userId',
      { preHandler: requireUser(deps.db), schema: { params: UserIdParam, response: { 200: UserSessionList, 401: ErrorBody, 403: ErrorBody } } },
      async (request) => {
        const me = assertSelf(request, request.params.userId);
        return listActiveSessions(deps.db, me.id, me.sessionId);
      },
    );

    // Signing out another device; the current one signs out through POST /api/logout.
    app.delete(
      '/api/user-sessions/:userId/:sessionId',
      { preHandler: requireUser(deps.db), schema: { params: UserSessionParams, response: { 204: Type.Null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } } },
      async (request, reply) => {
        const me = assertSelf(request, request.params.userId);
        if (!(await deleteUserSession(deps.db, me.id, request.params.sessionId))) throw new HttpError(404, 'Session not found');
        return reply.status(204).send(null);
      },
    );
  };
}
