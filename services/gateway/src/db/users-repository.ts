import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import { PLAN_LIMITS, currentStreak, type AdminUser, type UsageField, type User, type UserPatch } from '@swingfit/contracts';
import { calendarDateText, type CoreDatabase, type UsersTable } from '@swingfit/core-db';
import { premiumNow, premiumNowSql } from '../domain/premium.js';
import { pointsAt } from '../domain/points-snapshot.js';

type Db = Kysely<CoreDatabase> | Transaction<CoreDatabase>;
export type UserRow = Selectable<UsersTable>;

/** Emails are compared case-insensitively (unique index on lower(email)); store them that way too. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const iso = (value: Date | string) => new Date(value).toISOString();
const num = (value: unknown) => Number(value);
const optionalNumber = (value: unknown) => (value == null ? null : Number(value));

/** The weekly streak as the golfer sees it at `now`: 0 once a whole week has passed without an exercise. */
export const streakOf = (row: Pick<UserRow, 'streak' | 'streak_week'>, now: Date) =>
  currentStreak({ weeks: num(row.streak), lastWeek: row.streak_week === null ? null : calendarDateText(row.streak_week) }, now);

/**
 * The one place a snake_case row becomes the API's camelCase User (bigint and numeric come back as text).
 * isPremium is the Premium rule at `now`: a cancelled subscription is free once its paid period is over.
 */
export function toUser(row: UserRow, now = new Date()): User {
  return {
    id: num(row.id),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    handicap: optionalNumber(row.handicap),
    city: row.city,
    state: row.state,
    streak: streakOf(row, now),
    // Points: gamification's snapshot, read for the current Central Time week and month.
    ...pointsAt(row, now),
    isPremium: premiumNow(row, now),
    videoUploadsUsed: num(row.video_uploads_used),
    analysisViewsUsed: num(row.analysis_views_used),
    workoutViewsUsed: num(row.workout_views_used),
    createdAt: iso(row.created_at),
    stripeCustomerId: row.stripe_customer_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    subscriptionEndDate: row.subscription_end_date ? iso(row.subscription_end_date) : null,
    authProvider: row.auth_provider,
  };
}

export function toAdminUser(row: UserRow, now = new Date()): AdminUser {
  const isPremium = premiumNow(row, now);
  const limits = isPremium ? PLAN_LIMITS.premium : PLAN_LIMITS.free;
  const points = pointsAt(row, now);
  return {
    id: num(row.id),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isPremium,
    createdAt: iso(row.created_at),
    totalPoints: points.totalPoints,
    weeklyPoints: points.weeklyPoints,
    videoUploadsUsed: num(row.video_uploads_used),
    analysisViewsUsed: num(row.analysis_views_used),
    workoutViewsUsed: num(row.workout_views_used),
    limits: { videoUploads: limits.videoUploads, analysisViews: limits.analysisViews, workoutViews: limits.workoutViews },
  };
}

/** Thrown by writes that hit the unique email index, so callers can answer EMAIL_TAKEN. */
export class EmailTakenError extends Error {}

function rethrowEmailTaken(error: unknown): never {
  const pg = error as { code?: string; constraint?: string };
  if (pg.code === '23505' && pg.constraint === 'users_email_lower') throw new EmailTakenError();
  throw error;
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserByOidcSubject(db: Db, subject: string) {
  return db.selectFrom('users').selectAll().where('oidc_subject', '=', subject).executeTakeFirst();
}

export interface NewUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
  passwordHash: string | null;
  authProvider: 'local' | 'oidc';
  oidcSubject?: string;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  try {
    return await db
      .insertInto('users')
      .values({
        email: normalizeEmail(user.email),
        first_name: user.firstName,
        last_name: user.lastName,
        password_hash: user.passwordHash,
        auth_provider: user.authProvider,
        oidc_subject: user.oidcSubject ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    rethrowEmailTaken(error);
  }
}

export async function updateProfile(db: Db, id: number, patch: UserPatch): Promise<UserRow | undefined> {
  const values: Updateable<UsersTable> = {};
  if (patch.firstName !== undefined) values.first_name = patch.firstName;
  if (patch.lastName !== undefined) values.last_name = patch.lastName;
  if (patch.email !== undefined) values.email = normalizeEmail(patch.email);
  if (patch.handicap !== undefined) values.handicap = patch.handicap;
  if (patch.city !== undefined) values.city = patch.city;
  if (patch.state !== undefined) values.state = patch.state;
  if (Object.keys(values).length === 0) return findUserById(db, id);
  try {
    return await db
      .updateTable('users')
      // The row lock taken here lasts until commit, so versions rise in commit order (the account events carry it).
      .set({ ...values, profile_version: sql`profile_version + 1`, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    rethrowEmailTaken(error);
  }
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function linkOidcSubject(db: Db, id: number, subject: string): Promise<UserRow> {
  return db.updateTable('users').set({ oidc_subject: subject, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the admin list, newest first, keyset-paged on the primary key: page n costs the same as
 * page 1, and users signing up meanwhile do not shift the pages. The email search uses the trigram
 * index on lower(email) (migration 0011). Asks for one row more than the page to know if another follows.
 */
export function listUsersPage(db: Db, page: { search?: string; beforeId?: number; limit: number }) {
  let query = db.selectFrom('users').selectAll().orderBy('id', 'desc').limit(page.limit + 1);
  if (page.beforeId !== undefined) query = query.where('id', '<', page.beforeId);
  const search = page.search?.trim().toLowerCase();
  if (search) query = query.where(sql<string>`lower(email)`, 'like', containsPattern(search));
  return query.execute();
}

export async function countUsersByPlan(db: Db): Promise<{ total: number; premium: number; free: number }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere(premiumNowSql()).as('premium')])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const premium = Number(row.premium);
  return { total, premium, free: total - premium };
}

const USAGE_COLUMNS = {
  videoUploadsUsed: 'video_uploads_used',
  analysisViewsUsed: 'analysis_views_used',
  workoutViewsUsed: 'workout_views_used',
} as const satisfies Record<UsageField, keyof UsersTable>;

/**
 * Sets one usage counter back to 0 and says what it was; the row is locked first, so the "from" the
 * audit log records is the value this reset replaced. Pass the transaction the audit line joins.
 */
export async function resetUsageCounter(db: Transaction<CoreDatabase>, id: number, field: UsageField) {
  const column = USAGE_COLUMNS[field];
  const before = await db.selectFrom('users').select(column).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) return undefined;
  const row = await db
    .updateTable('users')
    .set({ [column]: 0, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, previous: Number(before[column]) };
}
