import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '@swingfit/server-kit';

/** Headers the gateway sets after it has authenticated the golfer (services/gateway/src/http/proxy.ts). */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
export const INTERNAL_USER_HEADER = 'x-user-id';

declare module 'fastify' {
  interface FastifyRequest {
    /** The golfer the gateway vouched for. */
    callerId?: number;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** onRequest hook: only the gateway (holder of the internal token) may call, and it must name the user. */
export function requireInternalCaller(token: string) {
  return async (request: FastifyRequest) => {
    const given = request.headers[INTERNAL_TOKEN_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, token)) throw new HttpError(401, 'Unauthorized');
    const user = request.headers[INTERNAL_USER_HEADER];
    const id = typeof user === 'string' && /^[1-9]\d{0,15}$/.test(user) ? Number(user) : NaN;
    if (!Number.isSafeInteger(id)) throw new HttpError(401, 'Unauthorized');
    request.callerId = id;
  };
}

export function callerId(request: FastifyRequest): number {
  if (request.callerId === undefined) throw new HttpError(401, 'Unauthorized');
  return request.callerId;
}
