import type { Kysely } from 'kysely';
import type { SignedInDevice } from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';

/** A user's live sessions, newest activity first; `currentSessionId` marks the device asking. */
export async function listActiveSessions(db: Kysely<CoreDatabase>, userId: number, currentSessionId: number): Promise<SignedInDevice[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'user')
    .where('expires_at', '>', new Date())
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    userAgent: row.user_agent,
    current: Number(row.id) === currentSessionId,
  }));
}

/** Ends one of the user's own sessions; false when no such session is theirs. */
export async function deleteUserSession(db: Kysely<CoreDatabase>, userId: number, sessionId: number): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).where('kind', '=', 'user').executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the user except one (after a password change, the other devices must sign in again). */
export async function deleteOtherSessions(db: Kysely<CoreDatabase>, userId: number, keepSessionId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The devices list's last activity is at most this stale: a session is touched once per interval at most. */
export const TOUCH_INTERVAL_SECONDS = 300;

/**
 * Records activity for the sessions list. Throttled in SQL so the 15-minute user poll costs at most
 * one write per session every few minutes.
 */
export async function touchSession(db: Kysely<CoreDatabase>, sessionId: number, minIntervalSeconds = TOUCH_INTERVAL_SECONDS): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: new Date() })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', new Date(Date.now() - minIntervalSeconds * 1000))
    .execute();
}

/** Expired rows are never found again; a user's own are swept when they sign in. */
export async function deleteExpiredSessions(db: Kysely<CoreDatabase>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', new Date()).execute();
}
