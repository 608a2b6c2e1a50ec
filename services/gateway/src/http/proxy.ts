import httpProxy from '@fastify/http-proxy';
import type { App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { requireUser } from './session.js';

/** Headers internal services trust: who the gateway authenticated, and the shared internal secret. */
export const INTERNAL_USER_HEADER = 'x-user-id';
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/**
 * Forwards signed-in requests for routes another service owns. The gateway authenticates; the
 * upstream receives the user id, the request id and the internal token, never the session cookie.
 */
export async function proxyAuthenticated(app: App, deps: GatewayDeps, options: { prefix: string; upstream: string; rewritePrefix?: string; public?: boolean }) {
  await app.register(async (scope) => {
    if (!options.public) scope.addHook('preHandler', requireUser(deps.db));
    await scope.register(httpProxy, {
      upstream: options.upstream,
      prefix: options.prefix,
      rewritePrefix: options.rewritePrefix ?? options.prefix,
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          const { cookie: _cookie, ...rest } = headers;
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
