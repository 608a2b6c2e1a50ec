import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_COOKIE, USER_COOKIE, cookieOptions } from '../http/session.js';

/** Admin sessions are short and their cookie only travels to the admin API. */
export const ADMIN_SESSION_SECONDS = 12 * 60 * 60;
const ADMIN_COOKIE_PATH = '/api/admin';

export const userSessionSeconds = (ttlDays: number) => ttlDays * 24 * 60 * 60;

export function setUserCookie(reply: FastifyReply, publicUrl: string, token: string, ttlDays: number) {
  reply.setCookie(USER_COOKIE, token, cookieOptions(publicUrl, userSessionSeconds(ttlDays)));
}

export function clearUserCookie(reply: FastifyReply, publicUrl: string) {
  reply.clearCookie(USER_COOKIE, { ...cookieOptions(publicUrl, 0), maxAge: undefined });
}

export function setAdminCookie(reply: FastifyReply, publicUrl: string, token: string) {
  reply.setCookie(ADMIN_COOKIE, token, { ...cookieOptions(publicUrl, ADMIN_SESSION_SECONDS), path: ADMIN_COOKIE_PATH });
}

export function clearAdminCookie(reply: FastifyReply, publicUrl: string) {
  reply.clearCookie(ADMIN_COOKIE, { ...cookieOptions(publicUrl, 0), maxAge: undefined, path: ADMIN_COOKIE_PATH });
}

/** Who is asking, for the sessions list and the per-IP sign-in limit. */
export function clientMeta(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}
