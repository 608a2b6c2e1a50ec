import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { CORE_SCHEMA, type CoreDatabase } from '@swingfit/core-db';

/**
 * A database handle whose statements matching `held` wait at a gate until the test opens it, so a
 * race between two requests can be played in one exact order instead of hoped for. Every other
 * statement runs at once; `ran(pattern)` resolves when one matching it has finished.
 */
export function gatedDb(url: string, held: RegExp) {
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${CORE_SCHEMA},public` });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const atGate = new Promise<void>((resolve) => (reached = resolve));
  const finished: string[] = [];
  const waiting: Array<{ pattern: RegExp; resolve: () => void }> = [];

  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      if (held.test(text)) {
        reached();
        await gate;
      }
      const result = await query(...args);
      finished.push(text);
      for (const w of waiting.filter((w) => w.pattern.test(text))) w.resolve();
      return result;
    };
    return client;
  };
  const gatedPool = { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
  const db = new Kysely<CoreDatabase>({ dialect: new PostgresDialect({ pool: gatedPool as unknown as pg.Pool }) });

  return {
    db,
    /** Resolves once a held statement is waiting at the gate. */
    atGate,
    open: () => open(),
    /** Resolves once a statement matching `pattern` has run (at once if one already has). */
    ran: (pattern: RegExp) =>
      finished.some((t) => pattern.test(t)) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ pattern, resolve })),
    close: () => db.destroy(),
  };
}
