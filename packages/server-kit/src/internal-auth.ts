import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http.js';

/** Headers the gateway sets once it has authenticated the caller (services/gateway/src/http/proxy.ts). */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
export const INTERNAL_USER_HEADER = 'x-user-id';

declare module 'fastify' {
  interface FastifyRequest {
    /** The golfer the gateway vouched for (set by requireInternalCaller with `golfer: true`). */
    internalUserId?: number;
  }
}

/** Compares a secret in constant time (no early exit that would time out how much of it matched). */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * onRequest hook of an internal service: only the gateway (holder of the internal token) may call, 401
 * otherwise. `golfer: true`: the call acts for a signed-in golfer, whom the gateway names in x-user-id.
 */
export function requireInternalCaller(token: string, options: { golfer: boolean }) {
  return async (request: FastifyRequest) => {
    if (!sameSecret(request.headers[INTERNAL_TOKEN_HEADER], token)) throw new HttpError(401, 'Unauthorized');
    if (!options.golfer) return;
    const header = request.headers[INTERNAL_USER_HEADER];
    const id = typeof header === 'string' && /^[1-9]\d{0,15}$/.test(header) ? Number(header) : NaN;
    if (!Number.isSafeInteger(id)) throw new HttpError(401, 'Unauthorized');
    request.internalUserId = id;
  };
}

/** The golfer of a request that passed requireInternalCaller({ golfer: true }). */
export function internalUserId(request: FastifyRequest): number {
  if (request.internalUserId === undefined) throw new HttpError(401, 'Unauthorized');
  return request.internalUserId;
}
