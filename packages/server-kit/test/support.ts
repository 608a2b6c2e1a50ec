import { Writable } from 'node:stream';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { pino, type Logger } from 'pino';
import { inboxMigration, migrateSchema, outboxLeaseMigration, outboxMigration, publishInTransaction } from '../src/index.js';

/* Shared parts of the backbone tests: a producer/consumer schema pair on a pool the test can watch, and a log it can read. */

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A pino logger whose lines the test reads back. */
export function capturedLogger(): { logger: Logger; lines: LogLine[]; count(pattern: RegExp): number } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines, count: (pattern) => lines.filter((l) => pattern.test(l.msg)).length };
}

export interface WatchedDb {
  db: Kysely<any>;
  pool: pg.Pool;
  /** Connections checked out of the pool right now. */
  inUse(): number;
}

/** A Kysely on a pool the test can inspect (how many connections are checked out). */
export function watchedDb(url: string, schema: string, max = 4): WatchedDb {
  const pool = new pg.Pool({ connectionString: url, max, options: `-c search_path=${schema},public` });
  pool.on('error', () => undefined);
  return { db: new Kysely<any>({ dialect: new PostgresDialect({ pool }) }), pool, inUse: () => pool.totalCount - pool.idleCount };
}

export async function producerSchema(db: Kysely<any>, schema: string): Promise<void> {
  await migrateSchema(db, schema, { '0001': outboxMigration(), '0002': outboxLeaseMigration() });
}

export async function consumerSchema(db: Kysely<any>, schema: string): Promise<void> {
  await migrateSchema(db, schema, { '0001': inboxMigration() });
  await sql`create table ${sql.table(`${schema}.effects`)} (event_id uuid not null, applied_at timestamptz not null default clock_timestamp())`.execute(db);
}

/** Commits `n` analysis.uploaded events, one transaction each; returns their ids. */
export async function commitEvents(db: Kysely<any>, schema: string, n: number, firstAnalysisId = 1): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await db.transaction().execute((trx) =>
        publishInTransaction(trx, schema, { type: 'analysis.uploaded', userId: 1, payload: { analysisId: firstAnalysisId + i, club: 'driver' } }),
      ),
    );
  }
  return ids;
}

export async function unsentCount(db: Kysely<any>, schema: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${schema}.outbox`)} where sent_at is null`.execute(db);
  return rows[0]!.n;
}

/**
 * Samples the pool every few ms while `during` runs and returns the longest stretch any connection
 * stayed checked out: a relay that held a transaction while waiting on Redis shows it here.
 */
export async function longestCheckout(watched: WatchedDb, during: () => Promise<void>): Promise<number> {
  let longest = 0;
  let since: number | undefined;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      const now = performance.now();
      if (watched.inUse() > 0) since ??= now;
      else since = undefined;
      if (since !== undefined) longest = Math.max(longest, now - since);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  try {
    await during();
  } finally {
    done = true;
    await sampler;
  }
  return longest;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
