import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { PLAN_LIMITS, type AdminUser, type UsageField, type User, type UserPatch } from '@swingfit/contracts';
import type { CoreDatabase, UsersTable } from '@swingfit/core-db';

type Db = Kysely<CoreDatabase> | Transaction<CoreDatabase>;
export type UserRow = Selectable<UsersTable>;

/** Emails are compared case-insensitively (unique index on lower(email)); store them that way too. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const iso = (value: Date | string) => new Date(value).toISOString();
const num = (value: unknown) => Number(value);
const optionalNumber = (value: unknown) => (value == null ? null : Number(value));

/** The one place a snake_case row becomes the API's camelCase User (bigint and numeric come back as text). */
export function toUser(row: UserRow): User {
  return {
    id: num(row.id),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    handicap: optionalNumber(row.handicap),
    city: row.city,
    state: row.state,
    streak: num(row.streak),
    monthlyPoints: num(row.monthly_points),
    weeklyPoints: num(row.weekly_points),
    totalPoints: num(row.total_points),
    isPremium: row.is_premium,
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

export function toAdminUser(row: UserRow): AdminUser {
  const limits = row.is_premium ? PLAN_LIMITS.premium : PLAN_LIMITS.free;
  return {
    id: num(row.id),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isPremium: row.is_premium,
    createdAt: iso(row.created_at),
    totalPoints: num(row.total_points),
    weeklyPoints: num(row.weekly_points),
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
      .set({ ...values, updated_at: new Date() })
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

export function listUsersForAdmin(db: Db) {
  return db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function countUsersByPlan(db: Db): Promise<{ total: number; premium: number; free: number }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere('is_premium', '=', true).as('premium')])
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

export function resetUsageCounter(db: Db, id: number, field: UsageField) {
  return db
    .updateTable('users')
    .set({ [USAGE_COLUMNS[field]]: 0, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
