import type { FastifyRequest } from 'fastify';
import { HttpError } from '@swingfit/server-kit';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site. SameSite=Lax already keeps
 * the cookie off cross-site POSTs; this also covers same-site subdomains and old browsers.
 * Requests without Origin/Sec-Fetch-Site (curl, server-to-server) are not browser-driven and pass.
 */
export function sameOriginGuard(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return async (request: FastifyRequest) => {
    if (SAFE.has(request.method)) return;
    if (request.url.startsWith('/api/billing/webhook') || request.url.startsWith('/api/stripe/webhook')) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new HttpError(403, 'Cross-site request refused');
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      const host = request.headers.host;
      const sameHost = host && (origin === `http://${host}` || origin === `https://${host}`);
      if (!allowed.has(origin) && !sameHost) throw new HttpError(403, 'Cross-origin request refused');
    } else if (origin === 'null') {
      throw new HttpError(403, 'Cross-origin request refused');
    }
  };
}
