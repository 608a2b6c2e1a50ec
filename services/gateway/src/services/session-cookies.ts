import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_COOKIE, USER_COOKIE, cookieOptions } from '../http/session.js';

/**
 * Admin sessions are short (ADMIN_SESSION_MINUTES) and their cookie only travels to the admin API, and
 * to the spreadsheet download the specification places at /api/download/excel (one cookie per path).
 */
const ADMIN_COOKIE_PATHS = ['/api/admin', '/api/download'] as const;

export const userSessionSeconds = (ttlDays: number) => ttlDays * 24 * 60 * 60;

export function setUserCookie(reply: FastifyReply, publicUrl: string, token: string, ttlDays: number) {
  reply.setCookie(USER_COOKIE, token, cookieOptions(publicUrl, userSessionSeconds(ttlDays)));
}

export function clearUserCookie(reply: FastifyReply, publicUrl: string) {
  reply.clearCookie(USER_COOKIE, { ...cookieOptions(publicUrl, 0), maxAge: undefined });
}

export function setAdminCookie(reply: FastifyReply, publicUrl: string, token: string, maxAgeSeconds: number) {
  for (const path of ADMIN_COOKIE_PATHS) reply.setCookie(ADMIN_COOKIE, token, { ...cookieOptions(publicUrl, maxAgeSeconds), path });
}

export function clearAdminCookie(reply: FastifyReply, publicUrl: string) {
  for (const path of ADMIN_COOKIE_PATHS) reply.clearCookie(ADMIN_COOKIE, { ...cookieOptions(publicUrl, 0), maxAge: undefined, path });
}

/** Who is asking, for the sessions list and the per-IP sign-in limit. */
export function clientMeta(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}
