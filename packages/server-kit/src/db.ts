import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

// BIGINT counters and NUMERIC values come back as strings by default; our ids and counters fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/**
 * A Kysely instance whose connections use the service's own schema first (search_path), so
 * queries name bare tables and a service cannot reach another's tables by accident.
 */
export function createDb<DB>(connectionString: string, options: { schema: string; max?: number; applicationName?: string }) {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName,
    options: `-c search_path=${options.schema},public`,
  });
  // An idle client's error (database restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // So must a checked-out one's: pg-pool listens only while a client is idle, and a connection cut
  // mid-query (database crash or restart) emits 'error' on the client beside rejecting the query.
  // Unheard, that event ended the whole service; the rejected query already tells the caller, and
  // the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** Creates the database named in the URL when it does not exist yet (first start on a fresh machine). */
export async function ensureDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) return;
  const admin = new URL(connectionString);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        // Another service created it at the same moment: 42P04 (exists) or 23505 (the catalog's unique index).
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await client.end();
  }
}

export async function pingDb(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
