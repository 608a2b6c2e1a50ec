import { Type } from '@sinclair/typebox';
import { DeviceParams, ErrorBody, SignedInDeviceList } from '@swingfit/contracts';
import { HttpError, type App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { requireUser } from '../http/session.js';
import { deleteUserSession, listActiveSessions } from '../db/sessions-repository.js';

/**
 * The signed-in devices of the user asking (never anyone else's), and signing one of them out.
 * (GET /api/user-sessions/{userId} is the golfer's workout days, in routes/workouts.ts.)
 */
export function sessionRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    const signedIn = requireUser(deps.db, deps.sessionCache);

    app.get('/api/auth/devices', { onRequest: signedIn, schema: { response: { 200: SignedInDeviceList, 401: ErrorBody } } }, async (request) => {
      const me = request.sessionUser!;
      return listActiveSessions(deps.db, me.id, me.sessionId);
    });

    // Signing out another device; the current one signs out through POST /api/logout.
    app.delete(
      '/api/auth/devices/:sessionId',
      { onRequest: signedIn, schema: { params: DeviceParams, response: { 204: Type.Null(), 401: ErrorBody, 404: ErrorBody } } },
      async (request, reply) => {
        // Another golfer's session id is answered exactly like a missing one: nothing about it leaks.
        // Before and after the delete (as closeSession does); whether or not the id was theirs, forgetting
        // it only costs its next lookup.
        deps.sessionCache?.forgetSession(request.params.sessionId);
        const ended = await deleteUserSession(deps.db, request.sessionUser!.id, request.params.sessionId);
        deps.sessionCache?.forgetSession(request.params.sessionId);
        if (!ended) throw new HttpError(404, 'Session not found');
        return reply.status(204).send(null);
      },
    );
  };
}
