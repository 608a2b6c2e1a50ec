import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDb, updateNewer, upsertNewer } from '../src/index.js';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.js';

/* The order-safe write every overwriting consumer uses: the same versions in every order, each twice. */

let database: TestDatabase;
let db: Kysely<any>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb<any>(database.url, { schema: 'versioned' });
  await sql`create schema versioned`.execute(db);
  await sql`create table versioned.profiles (user_id bigint primary key, name text, city text, version integer not null default 0)`.execute(db);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const copies = [1, 2, 3, 4].map((version) => ({ version, values: { name: `name v${version}`, city: `city v${version}` } }));
const newest = { name: 'name v4', city: 'city v4', version: 4 };

describe('upsertNewer and updateNewer', () => {
  it('end at the newest copy whatever the order, with every copy delivered twice (24 orders)', async () => {
    const orders = permutations(copies);
    expect(orders).toHaveLength(24);
    for (const [n, order] of orders.entries()) {
      const userId = 1000 + n;
      // Each copy twice: once in this order, once more after a later one.
      const deliveries = [...order, ...[...order].reverse()];
      const applied: number[] = [];
      for (const copy of deliveries) {
        if (await upsertNewer(db, { table: 'profiles', key: { user_id: userId }, versionColumn: 'version', version: copy.version, values: copy.values })) applied.push(copy.version);
      }
      const row = await db.selectFrom('profiles').select(['name', 'city', 'version']).where('user_id', '=', userId).executeTakeFirstOrThrow();
      expect(row, `order ${order.map((c) => c.version).join(',')}`).toEqual(newest);
      // Only ever forwards: each applied copy is newer than the one before it.
      expect(applied).toEqual([...applied].sort((a, b) => a - b));
      expect(new Set(applied).size).toBe(applied.length);
    }
  });

  it('updateNewer never moves an existing row backwards and never creates one', async () => {
    for (const [n, order] of permutations(copies).entries()) {
      const userId = 5000 + n;
      await db.insertInto('profiles').values({ user_id: userId, name: null, city: null, version: 0 }).execute();
      for (const copy of [...order, ...order]) await updateNewer(db, { table: 'profiles', key: { user_id: userId }, versionColumn: 'version', version: copy.version, values: copy.values });
      expect(await db.selectFrom('profiles').select(['name', 'city', 'version']).where('user_id', '=', userId).executeTakeFirstOrThrow()).toEqual(newest);
    }
    expect(await updateNewer(db, { table: 'profiles', key: { user_id: 999_999 }, versionColumn: 'version', version: 9, values: { name: 'x' } })).toBe(false);
    expect(await db.selectFrom('profiles').select('user_id').where('user_id', '=', 999_999).execute()).toEqual([]);
  });

  it('applies an equal version only once (a duplicate is not newer)', async () => {
    const write = { table: 'profiles', key: { user_id: 77 }, versionColumn: 'version', version: 2, values: { name: 'first', city: null } };
    expect(await upsertNewer(db, write)).toBe(true);
    expect(await upsertNewer(db, { ...write, values: { name: 'second', city: null } })).toBe(false);
    expect((await db.selectFrom('profiles').select('name').where('user_id', '=', 77).executeTakeFirstOrThrow()).name).toBe('first');
  });
});
