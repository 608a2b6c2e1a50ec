import type { Kysely } from 'kysely';
import { HttpError } from '@swingfit/server-kit';
import { AUDIT_ACTIONS, INVALID_ADMIN_PASSWORD } from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';
import { recordAdminAction, type AdminActor } from '../db/audit-repository.js';
import { closeSession, openSessionRow } from '../http/session.js';
import { isAdminPassword } from './admin-auth.js';

/*
 * The admin session: a password sign-in opens a session row of kind 'admin' (no user account), and
 * every sign-in, failed sign-in and sign-out is a line of the audit log.
 */

export interface AdminSignIn {
  password: string;
  /** The admin cookie the browser already had (replaced, so one browser holds one admin session). */
  previousToken?: string;
  ip: string;
  userAgent?: string;
}

export async function signInAdmin(
  ctx: { db: Kysely<CoreDatabase>; adminPasswordHash: string; sessionSeconds: number },
  input: AdminSignIn,
): Promise<{ token: string }> {
  const anonymous: AdminActor = { sessionId: null, ip: input.ip, userAgent: input.userAgent };
  if (!(await isAdminPassword(input.password, ctx.adminPasswordHash))) {
    await recordAdminAction(ctx.db, anonymous, { action: AUDIT_ACTIONS.signInFailed });
    throw new HttpError(401, INVALID_ADMIN_PASSWORD);
  }
  return ctx.db.transaction().execute(async (trx) => {
    await closeSession(trx, input.previousToken);
    const session = await openSessionRow(trx, { userId: null, kind: 'admin', ttlSeconds: ctx.sessionSeconds, ip: input.ip, userAgent: input.userAgent });
    await recordAdminAction(trx, { ...anonymous, sessionId: session.id }, { action: AUDIT_ACTIONS.signIn });
    return { token: session.token };
  });
}

/** Ends the admin session of this cookie (if any); a sign-out of a live session is logged. */
export async function signOutAdmin(db: Kysely<CoreDatabase>, token: string | undefined, actor: Omit<AdminActor, 'sessionId'>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const sessionId = await closeSession(trx, token);
    if (sessionId !== undefined) await recordAdminAction(trx, { ...actor, sessionId }, { action: AUDIT_ACTIONS.signOut });
  });
}
