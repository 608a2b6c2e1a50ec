import type { Kysely } from 'kysely';
import { HttpError } from '@swingfit/server-kit';
import type { AdminStats, AdminUser, ResetUsageResponse, UsageField } from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';
import { countUsersByPlan, listUsersForAdmin, resetUsageCounter, toAdminUser } from '../db/users-repository.js';

export async function listUsers(db: Kysely<CoreDatabase>): Promise<AdminUser[]> {
  return (await listUsersForAdmin(db)).map(toAdminUser);
}

export function userStats(db: Kysely<CoreDatabase>): Promise<AdminStats> {
  return countUsersByPlan(db);
}

export async function resetUsage(db: Kysely<CoreDatabase>, userId: number, field: UsageField): Promise<ResetUsageResponse> {
  const row = await resetUsageCounter(db, userId, field);
  if (!row) throw new HttpError(404, 'User not found');
  return { message: `Successfully reset ${field} for user`, user: toAdminUser(row) };
}
