import { ErrorBody, IdParam, MonthlyPosition } from '@swingfit/contracts';
import { HttpError, type App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { INTERNAL_TOKEN_HEADER, INTERNAL_USER_HEADER } from '../http/proxy.js';
import { assertSelf, requireUser } from '../http/session.js';

const UPSTREAM_TIMEOUT_MS = 5_000;
const UNAVAILABLE = { message: 'Points are unavailable right now. Please try again shortly.' };

/**
 * GET /api/users/{id}/monthly-position lives under the gateway's /api/users paths but the ledger is
 * gamification's: check the id is the caller's own, then ask gamification.
 */
export function pointsRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    app.get(
      '/api/users/:id/monthly-position',
      { onRequest: requireUser(deps.db), schema: { params: IdParam, response: { 200: MonthlyPosition, 401: ErrorBody, 403: ErrorBody, 503: ErrorBody } } },
      async (request, reply) => {
        const me = assertSelf(request, request.params.id);
        let res: Response;
        try {
          res = await fetch(new URL(`/api/points/monthly-position/${me.id}`, deps.config.GAMIFICATION_URL), {
            headers: { [INTERNAL_TOKEN_HEADER]: deps.config.INTERNAL_TOKEN, [INTERNAL_USER_HEADER]: String(me.id), 'x-request-id': String(request.id) },
            signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
          });
        } catch (error) {
          request.log.warn({ err: error }, 'gamification unreachable');
          // Sent, not thrown: the error handler hides the text of every 5xx, and this one is for the golfer.
          return reply.status(503).send(UNAVAILABLE);
        }
        const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
        if (!res.ok) {
          if (res.status >= 500) return reply.status(503).send(UNAVAILABLE);
          throw new HttpError(res.status, body?.message ?? res.statusText);
        }
        return reply.send(body as MonthlyPosition);
      },
    );
  };
}
