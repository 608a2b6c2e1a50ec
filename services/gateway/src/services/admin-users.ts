import type { Kysely } from 'kysely';
import { HttpError } from '@swingfit/server-kit';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_RECENT_ANALYSES,
  AUDIT_ACTIONS,
  type AdminStats,
  type AdminUserAnalyses,
  type AdminUserPage,
  type AdminUsersQuery,
  type ResetUsageResponse,
  type UsageField,
} from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';
import { countUsersByPlan, findUserById, listUsersPage, resetUsageCounter, toAdminUser } from '../db/users-repository.js';
import { recordAdminAction, type AdminActor } from '../db/audit-repository.js';
import { recentAnalysesOf } from '../db/admin-analyses-repository.js';
import { cursorId, keysetPage } from '../domain/keyset-page.js';

const USER_NOT_FOUND = 'User not found';

export async function listUsers(db: Kysely<CoreDatabase>, query: AdminUsersQuery, now = new Date()): Promise<AdminUserPage> {
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  const rows = await listUsersPage(db, { search: query.search, beforeId: cursorId(query.cursor), limit });
  const { items, nextCursor } = keysetPage(rows, limit);
  return { users: items.map((row) => toAdminUser(row, now)), nextCursor };
}

export function userStats(db: Kysely<CoreDatabase>): Promise<AdminStats> {
  return countUsersByPlan(db);
}

/** Resets one counter; the audit line (with the value it replaced) commits with it or not at all. */
export async function resetUsage(db: Kysely<CoreDatabase>, actor: AdminActor, userId: number, field: UsageField): Promise<ResetUsageResponse> {
  return db.transaction().execute(async (trx) => {
    const reset = await resetUsageCounter(trx, userId, field);
    if (!reset) throw new HttpError(404, USER_NOT_FOUND);
    await recordAdminAction(trx, actor, { action: AUDIT_ACTIONS.resetUsage, targetUserId: userId, detail: { field, from: reset.previous } });
    return { message: `Successfully reset ${field} for user`, user: toAdminUser(reset.row) };
  });
}

/** `sweepOn` says whether the worker's remeasure sweep is scheduled now; it answers false when it cannot tell. */
export async function userAnalyses(db: Kysely<CoreDatabase>, userId: number, sweepOn: () => Promise<boolean>): Promise<AdminUserAnalyses> {
  const user = await findUserById(db, userId);
  if (!user) throw new HttpError(404, USER_NOT_FOUND);
  return { email: user.email, analyses: await recentAnalysesOf(db, userId, ADMIN_RECENT_ANALYSES, await sweepOn()) };
}
