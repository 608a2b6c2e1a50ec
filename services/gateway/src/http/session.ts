import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { HttpError } from '@swingfit/server-kit';
import type { CoreDatabase } from '@swingfit/core-db';

export const USER_COOKIE = 'sf_session';
export const ADMIN_COOKIE = 'sf_admin';

export interface SessionUser {
  id: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; the signed-in golfer. */
    sessionUser?: SessionUser;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export function cookieOptions(publicUrl: string, maxAgeSeconds: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicUrl.startsWith('https://'),
    maxAge: maxAgeSeconds,
  };
}

/** Creates a session row and returns the opaque token for the cookie (only its hash is stored). */
export async function openSession(
  db: Kysely<CoreDatabase>,
  input: { userId: number | null; kind: 'user' | 'admin'; ttlSeconds: number; userAgent?: string; ip?: string },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      user_id: input.userId,
      kind: input.kind,
      token_hash: hashToken(token),
      user_agent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip ?? null,
      expires_at: new Date(Date.now() + input.ttlSeconds * 1000),
    })
    .execute();
  return token;
}

export async function findSession(db: Kysely<CoreDatabase>, token: string | undefined, kind: 'user' | 'admin') {
  if (!token) return undefined;
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', kind)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

export async function closeSession(db: Kysely<CoreDatabase>, token: string | undefined): Promise<void> {
  if (token) await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** preHandler: 401 unless a live user session cookie is present; sets request.sessionUser. */
export function requireUser(db: Kysely<CoreDatabase>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const session = await findSession(db, request.cookies[USER_COOKIE], 'user');
    if (!session || session.user_id == null) throw new HttpError(401, 'Unauthorized');
    request.sessionUser = { id: Number(session.user_id), sessionId: Number(session.id) };
  };
}

/** preHandler for /api/admin/*: 401 without an admin session. */
export function requireAdmin(db: Kysely<CoreDatabase>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const session = await findSession(db, request.cookies[ADMIN_COOKIE], 'admin');
    if (!session) throw new HttpError(401, 'Admin session required');
  };
}

/** A user id from the path must be the signed-in user's own: 403 otherwise. */
export function assertSelf(request: FastifyRequest, userId: number): SessionUser {
  const user = request.sessionUser;
  if (!user) throw new HttpError(401, 'Unauthorized');
  if (user.id !== userId) throw new HttpError(403, 'Forbidden');
  return user;
}
