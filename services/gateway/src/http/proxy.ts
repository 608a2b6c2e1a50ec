import httpProxy from '@fastify/http-proxy';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { requireUser } from './session.js';

/** Headers internal services trust: who the gateway authenticated, and the shared internal secret. */
export const INTERNAL_USER_HEADER = 'x-user-id';
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

export const UPSTREAM_UNAVAILABLE = 'This part of SwingFit is unavailable right now. Please try again shortly.';

/**
 * The service behind a forwarded route failed (refused, reset or timed out): a 503 (504 for a timeout)
 * in plain words instead of the proxy's 500; the cause goes to the log.
 */
function upstreamFailed(reply: { log: FastifyBaseLogger; status(code: number): { send(body: unknown): unknown } }, { error }: { error: Error }) {
  reply.log.warn({ err: error }, 'forwarded request failed');
  const timedOut = (error as { statusCode?: number }).statusCode === 504;
  reply.status(timedOut ? 504 : 503).send({ message: UPSTREAM_UNAVAILABLE });
}

/**
 * Forwards signed-in requests for routes another service owns. The gateway authenticates; the
 * upstream receives the user id, the request id and the internal token, never the session cookie.
 */
export async function proxyAuthenticated(app: App, deps: GatewayDeps, options: { prefix: string; upstream: string; rewritePrefix?: string; public?: boolean }) {
  await app.register(async (scope) => {
    // onRequest: an anonymous request is refused before anything of its body is read or forwarded.
    if (!options.public) scope.addHook('onRequest', requireUser(deps.db, deps.sessionCache));
    await scope.register(httpProxy, {
      upstream: options.upstream,
      prefix: options.prefix,
      rewritePrefix: options.rewritePrefix ?? options.prefix,
      replyOptions: {
        onError: upstreamFailed,
        rewriteRequestHeaders: (request, headers) => {
          // The caller's own x-user-id never passes: beside the internal token the upstream would believe
          // it, and on a public route (the webhook) no session replaces it.
          const { cookie: _cookie, [INTERNAL_USER_HEADER]: _claimed, ...rest } = headers;
          const user = (request as unknown as { sessionUser?: { id: number } }).sessionUser;
          return {
            ...rest,
            'x-request-id': String(request.id),
            [INTERNAL_TOKEN_HEADER]: deps.config.INTERNAL_TOKEN,
            ...(user ? { [INTERNAL_USER_HEADER]: String(user.id) } : {}),
          };
        },
      },
    });
  });
}
