import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDb } from '../src/index.js';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.js';

/*
 * A database that goes away mid-query (a crash or restart; here: the server ends our backend, which
 * the shared server allows without being restarted) fails that query, not the process, and the
 * next query works on a fresh connection. Found by `pnpm test:faults` (scenario b): every service
 * exited with "Connection terminated unexpectedly" when PostgreSQL restarted.
 */

let database: TestDatabase;
let db: Kysely<any>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema: 'public', max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query('select pg_terminate_backend($1)', [pid]);
  await admin.end();
}

describe('a connection cut while checked out', () => {
  it('rejects the query in flight, keeps the process alive and serves the next query', async () => {
    const uncaught: unknown[] = [];
    const listener = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', listener);
    try {
      const cut = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        // The server ends this backend while the transaction holds it, in the middle of a query.
        const slow = sql`select pg_sleep(5)`.execute(trx);
        slow.catch(() => undefined); // awaited below; seen as handled while the backend is ended
        await new Promise((r) => setTimeout(r, 200));
        await terminate(rows[0]!.pid);
        await slow;
      });
      // The query's own error, or the rollback's on the broken client: either way the caller hears it.
      await expect(cut).rejects.toThrow(/terminat|not queryable/i);
      await new Promise((r) => setTimeout(r, 100));
      expect(uncaught).toEqual([]);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', listener);
    }
  });
});
