import type { Kysely, Transaction } from 'kysely';
import type { CoreDatabase } from '@swingfit/core-db';

/** Who acted: the admin session (the admin area has one password, so the session is the identity) and where from. */
export interface AdminActor {
  sessionId: number | null;
  ip?: string;
  userAgent?: string;
}

export interface AdminAction {
  /** What was done, in the audit log's words: 'sign-in', 'sign-in-failed', 'reset-usage', 'import-videos', 'replay-event'... */
  action: string;
  targetUserId?: number | null;
  /** What the action changed or was asked, enough to read the log without the database (never a password). */
  detail?: Record<string, unknown>;
}

/**
 * Appends one line to the admin audit log. Pass the transaction of the action's own effect, so the
 * log says exactly what happened: an effect that rolls back leaves no line claiming it.
 */
export async function recordAdminAction(db: Kysely<CoreDatabase> | Transaction<CoreDatabase>, actor: AdminActor, entry: AdminAction): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      action: entry.action,
      admin_session_id: actor.sessionId,
      target_user_id: entry.targetUserId ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      ip: actor.ip ?? null,
      user_agent: actor.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
}

/** One page of the audit log, newest first (keyset on id), with each target golfer's current email. */
export function listAdminActions(db: Kysely<CoreDatabase>, page: { beforeId?: number; limit: number }) {
  let query = db
    .selectFrom('admin_audit as a')
    .leftJoin('users as u', 'u.id', 'a.target_user_id')
    .select(['a.id', 'a.occurred_at', 'a.action', 'a.admin_session_id', 'a.target_user_id', 'a.detail', 'a.ip', 'a.user_agent', 'u.email as target_email'])
    .orderBy('a.id', 'desc')
    .limit(page.limit + 1);
  if (page.beforeId !== undefined) query = query.where('a.id', '<', page.beforeId);
  return query.execute();
}
