import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBody, IdParam, Leaderboard, MonthlyPosition } from '@swingfit/contracts';
import { HttpError, type App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { INTERNAL_TOKEN_HEADER, INTERNAL_USER_HEADER, UPSTREAM_UNAVAILABLE } from '../http/proxy.js';
import { assertSelf, requireUser } from '../http/session.js';
import type { PointsCache } from '../services/points-cache.js';

const UPSTREAM_TIMEOUT_MS = 5_000;
const POINTS_UNAVAILABLE = 'Points are unavailable right now. Please try again shortly.';
const JSON_TYPE = 'application/json; charset=utf-8';

/** Gamification answered, but not 200: passed on to the golfer (a 5xx as "unavailable"), never cached. */
class UpstreamRefused extends Error {
  constructor(
    readonly status: number,
    readonly upstreamMessage: string,
  ) {
    super(upstreamMessage);
  }
}

/** Gamification's JSON answer for `path`, asked on behalf of `userId` (the internal headers the proxy sends too). */
async function askGamification(deps: GatewayDeps, path: string, userId: number, requestId: string): Promise<string> {
  const res = await fetch(new URL(path, deps.config.GAMIFICATION_URL), {
    headers: { [INTERNAL_TOKEN_HEADER]: deps.config.INTERNAL_TOKEN, [INTERNAL_USER_HEADER]: String(userId), 'x-request-id': requestId },
    signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
  });
  const text = await res.text();
  if (res.status === 200) return text;
  let message = res.statusText;
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? message;
  } catch {
    /* not JSON: the status text says enough */
  }
  throw new UpstreamRefused(res.status, message);
}

/**
 * Sends the JSON text as it came (it is gamification's answer to the same contract), or the golfer's
 * refusal: 503 with `unavailable` in plain words when gamification is down or failing (sent, not thrown:
 * the error handler hides the text of every 5xx, and this one is for the golfer), its 4xx otherwise.
 */
async function relay(request: FastifyRequest, reply: FastifyReply, unavailable: string, answer: () => Promise<string>) {
  let json: string;
  try {
    json = await answer();
  } catch (error) {
    if (error instanceof UpstreamRefused && error.status < 500) throw new HttpError(error.status, error.upstreamMessage);
    request.log.warn({ err: error }, 'gamification unreachable');
    return reply.status(503).send({ message: unavailable });
  }
  return reply.type(JSON_TYPE).send(json);
}

/**
 * The month's leaderboard and a golfer's position: gamification's, through this process's short cache
 * (services/points-cache.ts). GET /api/users/{id}/monthly-position lives under the gateway's /api/users
 * paths: the id must be the caller's own.
 */
export function pointsRoutes(deps: GatewayDeps & { pointsCache: PointsCache }) {
  const cache = deps.pointsCache;
  return async (app: App) => {
    const signedIn = requireUser(deps.db, deps.sessionCache);
    const errors = { 401: ErrorBody, 403: ErrorBody, 503: ErrorBody };

    app.get(
      '/api/users/:id/monthly-position',
      { onRequest: signedIn, schema: { params: IdParam, response: { 200: MonthlyPosition, ...errors } } },
      async (request, reply) => {
        const me = assertSelf(request, request.params.id);
        return relay(request, reply, POINTS_UNAVAILABLE, () =>
          cache.position(me.id, () => askGamification(deps, `/api/points/monthly-position/${me.id}`, me.id, String(request.id))),
        );
      },
    );

    // The same board under both names (the web app's older screens call /api/leaderboard).
    for (const url of ['/api/leaderboard', '/api/monthly-leaderboard']) {
      app.get(url, { onRequest: signedIn, schema: { response: { 200: Leaderboard, ...errors } } }, async (request, reply) => {
        const me = request.sessionUser!;
        return relay(request, reply, UPSTREAM_UNAVAILABLE, () => cache.leaderboard(() => askGamification(deps, url, me.id, String(request.id))));
      });
    }
  };
}
