import type { Kysely } from 'kysely';
import { HttpError, publishInTransaction } from '@swingfit/server-kit';
import { EMAIL_TAKEN, INVALID_CREDENTIALS, type ChangePasswordBody, type LoginBody, type RegisterBody, type User, type UserPatch } from '@swingfit/contracts';
import { CORE_SCHEMA, type CoreDatabase } from '@swingfit/core-db';
import { openSession } from '../http/session.js';
import {
  EmailTakenError,
  findUserByEmail,
  findUserById,
  insertUser,
  normalizeEmail,
  setPasswordHash,
  toUser,
  updateProfile,
  type NewUser,
  type UserRow,
} from '../db/users-repository.js';
import { deleteExpiredSessions, deleteOtherSessions } from '../db/sessions-repository.js';
import type { SessionCache } from '../http/session-cache.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.js';
import { userSessionSeconds } from './session-cookies.js';

export interface AccountsContext {
  db: Kysely<CoreDatabase>;
  sessionTtlDays: number;
  /** This process's session cache: sessions ended here are dropped from it at once. */
  sessionCache?: SessionCache;
}

export interface ClientMeta {
  ip: string;
  userAgent?: string;
  requestId?: string;
}

export interface SignedIn {
  user: User;
  token: string;
}

/**
 * Creates the account and its `user.registered` event in one transaction: the event exists exactly
 * when the account does, whatever crashes afterwards.
 */
export async function createAccount(db: Kysely<CoreDatabase>, user: NewUser, requestId?: string): Promise<UserRow> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await insertUser(trx, user);
      await publishInTransaction(trx, CORE_SCHEMA, {
        type: 'user.registered',
        payload: { version: row.profile_version, email: row.email, firstName: row.first_name, lastName: row.last_name, city: row.city, state: row.state },
        userId: Number(row.id),
        ...(requestId ? { requestId } : {}),
      });
      return row;
    });
  } catch (error) {
    if (error instanceof EmailTakenError) throw new HttpError(409, EMAIL_TAKEN);
    throw error;
  }
}

/** Opens a session for an account (after a password check or a provider's word). */
export async function signIn(ctx: AccountsContext, row: UserRow, meta: ClientMeta): Promise<SignedIn> {
  const userId = Number(row.id);
  await deleteExpiredSessions(ctx.db, userId);
  const token = await openSession(ctx.db, {
    userId,
    kind: 'user',
    ttlSeconds: userSessionSeconds(ctx.sessionTtlDays),
    userAgent: meta.userAgent,
    ip: meta.ip,
  });
  return { user: toUser(row), token };
}

export async function register(ctx: AccountsContext, body: RegisterBody, meta: ClientMeta): Promise<SignedIn> {
  const passwordHash = await hashPassword(body.password);
  const row = await createAccount(
    ctx.db,
    { email: body.email, firstName: body.firstName.trim(), lastName: body.lastName.trim(), passwordHash, authProvider: 'local' },
    meta.requestId,
  );
  return signIn(ctx, row, meta);
}

/**
 * Unknown email, provider-only account and wrong password all end in the same 401 and take as long.
 * The route's rate limits (http/rate-limit-rules.ts) count the failures.
 */
export async function login(ctx: AccountsContext, body: LoginBody, meta: ClientMeta): Promise<SignedIn> {
  const email = normalizeEmail(body.email);
  const row = await findUserByEmail(ctx.db, email);
  const ok = row?.password_hash ? await verifyPassword(body.password, row.password_hash) : await verifyAgainstDecoy(body.password);
  if (!row || !ok) throw new HttpError(401, INVALID_CREDENTIALS);
  return signIn(ctx, row, meta);
}

/** Local accounts only; the other devices are signed out, the one making the change stays signed in. */
export async function changePassword(ctx: AccountsContext, userId: number, sessionId: number, body: ChangePasswordBody): Promise<{ endedSessions: number }> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw new HttpError(401, 'Unauthorized');
  if (row.auth_provider !== 'local' || !row.password_hash) {
    throw new HttpError(400, 'This account signs in through its identity provider; change the password there.');
  }
  if (!(await verifyPassword(body.currentPassword, row.password_hash))) throw new HttpError(400, 'Current password is incorrect');
  await setPasswordHash(ctx.db, userId, await hashPassword(body.newPassword));
  ctx.sessionCache?.forgetUserSessions(userId, sessionId);
  const endedSessions = await deleteOtherSessions(ctx.db, userId, sessionId);
  // Again once deleted: a lookup that read a row just before the delete is not kept either.
  ctx.sessionCache?.forgetUserSessions(userId, sessionId);
  return { endedSessions };
}

export async function getProfile(db: Kysely<CoreDatabase>, userId: number): Promise<User> {
  const row = await findUserById(db, userId);
  if (!row) throw new HttpError(404, 'User not found');
  return toUser(row);
}

const trimmedPlace = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() || null : value);

/** Stored as shown: names trimmed (the schema checked them after trimming), a blank city or state as none. */
function trimmedPatch(patch: UserPatch): UserPatch {
  const out: UserPatch = { ...patch };
  if (patch.firstName !== undefined) out.firstName = patch.firstName.trim();
  if (patch.lastName !== undefined) out.lastName = patch.lastName.trim();
  if (patch.city !== undefined) out.city = trimmedPlace(patch.city);
  if (patch.state !== undefined) out.state = trimmedPlace(patch.state);
  return out;
}

/** Saves the profile and tells gamification the leaderboard's name and place in the same transaction. */
export async function editProfile(db: Kysely<CoreDatabase>, userId: number, patch: UserPatch): Promise<User> {
  try {
    const row = await db.transaction().execute(async (trx) => {
      const updated = await updateProfile(trx, userId, trimmedPatch(patch));
      if (!updated) throw new HttpError(404, 'User not found');
      await publishInTransaction(trx, CORE_SCHEMA, {
        type: 'user.profile_updated',
        userId,
        payload: { version: updated.profile_version, firstName: updated.first_name, lastName: updated.last_name, city: updated.city, state: updated.state },
      });
      return updated;
    });
    return toUser(row);
  } catch (error) {
    if (error instanceof EmailTakenError) throw new HttpError(409, EMAIL_TAKEN);
    throw error;
  }
}
