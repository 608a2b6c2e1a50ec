import { upsertNewer } from '@swingfit/server-kit';
import type { Db } from './types.js';

export interface ProfileFields {
  firstName?: string | null;
  city?: string | null;
  state?: string | null;
}

/**
 * Records what an account event said, when it is newer than the stored copy: account events may
 * arrive late, twice or out of order, and an older copy must never overwrite a newer one. Fields
 * the event left out keep their stored value.
 */
export async function saveProfile(db: Db, userId: number, fields: ProfileFields, version: number): Promise<boolean> {
  const values = {
    ...(fields.firstName !== undefined ? { first_name: fields.firstName } : {}),
    ...(fields.city !== undefined ? { city: fields.city } : {}),
    ...(fields.state !== undefined ? { state: fields.state } : {}),
    updated_at: new Date(),
  };
  return upsertNewer(db, { table: 'user_profiles', key: { user_id: userId }, versionColumn: 'profile_version', version, values });
}

/** Makes sure a golfer who earns points is on the leaderboard even before their account event arrives (version 0: any event wins). */
export async function ensureProfile(db: Db, userId: number): Promise<void> {
  await db
    .insertInto('user_profiles')
    .values({ user_id: userId, first_name: null, city: null, state: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}
