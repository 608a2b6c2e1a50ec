import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { HttpError } from '@swingfit/server-kit';
import { ADMIN_ONLY, ADMIN_SESSION_REQUIRED, ErrorBody } from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';
import type { AdminActor } from '../db/audit-repository.js';
import type { SessionCache } from './session-cache.js';

export const USER_COOKIE = 'sf_session';
export const ADMIN_COOKIE = 'sf_admin';

export interface SessionUser {
  id: number;
  sessionId: number;
  /** The session's last_seen_at as known when it was looked up (epoch ms): a touch within minutes is skipped. */
  lastSeenAt?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; the signed-in golfer. */
    sessionUser?: SessionUser;
    /** Set by requireAdmin; the admin session acting (the audit log's "who"). */
    adminSessionId?: number;
  }
}

type Db = Kysely<CoreDatabase> | Transaction<CoreDatabase>;

interface NewSession {
  userId: number | null;
  kind: 'user' | 'admin';
  ttlSeconds: number;
  userAgent?: string;
  ip?: string;
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
export async function openSession(db: Db, input: NewSession): Promise<string> {
  return (await openSessionRow(db, input)).token;
}

/** openSession that also gives the row's id (the admin audit log names the session that acted). */
export async function openSessionRow(db: Db, input: NewSession): Promise<{ token: string; id: number }> {
  const token = newToken();
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: input.userId,
      kind: input.kind,
      token_hash: hashToken(token),
      user_agent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip ?? null,
      expires_at: new Date(Date.now() + input.ttlSeconds * 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: Number(row.id) };
}

export async function findSession(db: Db, token: string | undefined, kind: 'user' | 'admin') {
  if (!token) return undefined;
  return findSessionByHash(db, hashToken(token), kind);
}

function findSessionByHash(db: Db, tokenHash: string, kind: 'user' | 'admin') {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at', 'last_seen_at'])
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** The signed-in golfer of a user session token: from this process's cache within its TTL, else from PostgreSQL. */
export async function findUserSession(db: Db, cache: SessionCache | undefined, token: string | undefined): Promise<SessionUser | undefined> {
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return { id: cached.userId, sessionId: cached.id, lastSeenAt: cached.lastSeenAt };
  const generation = cache?.generation ?? 0;
  const row = await findSessionByHash(db, tokenHash, 'user');
  if (!row || row.user_id == null) return undefined;
  const session = { id: Number(row.id), userId: Number(row.user_id), expiresAt: new Date(row.expires_at).getTime(), lastSeenAt: new Date(row.last_seen_at).getTime() };
  cache?.set(tokenHash, session, generation);
  return { id: session.userId, sessionId: session.id, lastSeenAt: session.lastSeenAt };
}

/**
 * Ends the session of this token; returns the ended session's id (undefined when there was none).
 * Given the cache, this process forgets the session before the delete is even sent: from here on every
 * call with the token reads PostgreSQL, where the row is gone once this resolves.
 */
export async function closeSession(db: Db, token: string | undefined, cache?: SessionCache): Promise<number | undefined> {
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  cache?.forgetToken(tokenHash);
  const row = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).returning('id').executeTakeFirst();
  // Again once deleted: a lookup that began before the first forget may have cached the row meanwhile.
  cache?.forgetToken(tokenHash);
  return row ? Number(row.id) : undefined;
}

/**
 * 401 unless a live user session cookie is present; sets request.sessionUser. Declare it as the
 * route's `onRequest` (not preHandler): authentication then comes before the body is parsed and
 * validated, so an anonymous request with a bad body is told 401, not the body's problems.
 */
export function requireUser(db: Kysely<CoreDatabase>, cache?: SessionCache) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await findUserSession(db, cache, request.cookies[USER_COOKIE]);
    if (!user) throw new HttpError(401, 'Unauthorized');
    request.sessionUser = user;
  };
}

/** The 401/403 answers every guarded admin route declares in its response schema. */
export const ADMIN_DENIED = { 401: ErrorBody, 403: ErrorBody } as const;

/**
 * onRequest hook of every admin route: 401 without a live admin session, 403 when the caller is a
 * signed-in golfer (known, but not allowed), so the client can tell "sign in as admin" from "not for you"
 * (it sends the browser to /admin-login on either). Runs before the body is parsed, so an anonymous
 * bad body gets 401, not 400.
 */
export function requireAdmin(db: Kysely<CoreDatabase>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const session = await findSession(db, request.cookies[ADMIN_COOKIE], 'admin');
    if (session) {
      request.adminSessionId = Number(session.id);
      return;
    }
    const golfer = await findSession(db, request.cookies[USER_COOKIE], 'user');
    throw golfer ? new HttpError(403, ADMIN_ONLY) : new HttpError(401, ADMIN_SESSION_REQUIRED);
  };
}

/** The audit log's actor for a request that passed requireAdmin. */
export function adminActor(request: FastifyRequest): AdminActor {
  const agent = request.headers['user-agent'];
  return { sessionId: request.adminSessionId ?? null, ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}

/** A user id from the path must be the signed-in user's own: 403 otherwise. */
export function assertSelf(request: FastifyRequest, userId: number): SessionUser {
  const user = request.sessionUser;
  if (!user) throw new HttpError(401, 'Unauthorized');
  if (user.id !== userId) throw new HttpError(403, 'Forbidden');
  return user;
}
