import { sql, type Kysely, type Transaction } from 'kysely';

/*
 * Order-safe effects. Events arrive at least once and in any order (several relays, retries,
 * concurrent consumers). An effect that ADDS is made exactly-once by the inbox; an effect that
 * OVERWRITES must also refuse to go backwards: each event carries the version of its aggregate
 * (strictly increasing in the producer's commit order) and the consumer stores it beside the
 * state, applying a copy only when it is newer than the stored one.
 */

type Db = Kysely<any> | Transaction<any>;

export interface VersionedWrite {
  table: string;
  /** The aggregate's key columns and values (a unique or primary key). */
  key: Record<string, unknown>;
  versionColumn: string;
  version: number;
  /** The state the event carries; written only together with a newer version. */
  values: Record<string, unknown>;
}

/** Inserts the row, or updates it when `version` is newer than the stored one. True when the write applied. */
export async function upsertNewer(db: Db, write: VersionedWrite): Promise<boolean> {
  const columns = Object.keys(write.key);
  const changes = { ...write.values, [write.versionColumn]: write.version };
  const applied = await db
    .insertInto(write.table)
    .values({ ...write.key, ...changes })
    .onConflict((oc) => oc.columns(columns).doUpdateSet(changes).where(sql.ref(`${write.table}.${write.versionColumn}`), '<', write.version))
    .returning(sql<number>`1`.as('applied'))
    .executeTakeFirst();
  return applied !== undefined;
}

/** Updates an existing row only when `version` is newer than the stored one. True when the write applied. */
export async function updateNewer(db: Db, write: VersionedWrite): Promise<boolean> {
  let query = db.updateTable(write.table).set({ ...write.values, [write.versionColumn]: write.version }).where(write.versionColumn, '<', write.version);
  for (const [column, value] of Object.entries(write.key)) query = query.where(column, '=', value);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
