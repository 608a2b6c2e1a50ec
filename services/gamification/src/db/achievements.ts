import type { Db } from './types.js';

/** Records achievements; returns the codes that were new for this golfer (each is earned once). */
export async function recordAchievements(db: Db, userId: number, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .insertInto('achievements')
    .values(codes.map((code) => ({ user_id: userId, code })))
    .onConflict((oc) => oc.doNothing())
    .returning('code')
    .execute();
  return rows.map((r) => r.code);
}
