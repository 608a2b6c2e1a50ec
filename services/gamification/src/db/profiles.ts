import type { Db } from './types.js';

export interface ProfileFields {
  firstName?: string | null;
  city?: string | null;
  state?: string | null;
}

/** Records what the account events said; fields the event left out keep their stored value. */
export async function saveProfile(db: Db, userId: number, fields: ProfileFields): Promise<void> {
  const values = {
    ...(fields.firstName !== undefined ? { first_name: fields.firstName } : {}),
    ...(fields.city !== undefined ? { city: fields.city } : {}),
    ...(fields.state !== undefined ? { state: fields.state } : {}),
  };
  await db
    .insertInto('user_profiles')
    .values({ user_id: userId, first_name: null, city: null, state: null, ...values })
    .onConflict((oc) => (Object.keys(values).length ? oc.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }) : oc.column('user_id').doNothing()))
    .execute();
}

/** Makes sure a golfer who earns points is on the leaderboard even before their account event arrives. */
export const ensureProfile = (db: Db, userId: number) => saveProfile(db, userId, {});
