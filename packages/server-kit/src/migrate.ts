import { Kysely, Migrator, sql, type Migration } from 'kysely';
import type { Logger } from 'pino';
import { createDb, ensureDatabase } from './db.js';

export type Migrations = Record<string, Migration>;

/**
 * Applies a service's migrations to its own schema. Several replicas may start at once, so the run
 * holds a PostgreSQL advisory lock keyed by the schema name; the others wait and then find nothing to do.
 */
export async function migrateSchema(db: Kysely<any>, schema: string, migrations: Migrations, logger?: Logger): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${`swingfit:migrate:${schema}`}))`.execute(conn);
    try {
      await sql`create schema if not exists ${sql.id(schema)}`.execute(conn);
      const migrator = new Migrator({
        db: conn,
        migrationTableSchema: schema,
        provider: { getMigrations: async () => migrations },
      });
      const { error, results } = await migrator.migrateToLatest();
      for (const r of results ?? []) logger?.info({ migration: r.migrationName, status: r.status }, 'migration');
      if (error) throw error;
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${`swingfit:migrate:${schema}`}))`.execute(conn);
    }
  });
}

/**
 * A service's start-up database step: create the database if missing, connect with the service's
 * schema first on the search path, and bring that schema to the latest migration.
 */
export async function openSchema<DB>(
  connectionString: string,
  schema: string,
  migrations: Migrations,
  options: { logger?: Logger; applicationName?: string; max?: number } = {},
): Promise<Kysely<DB>> {
  await ensureDatabase(connectionString);
  const db = createDb<DB>(connectionString, { schema, applicationName: options.applicationName, max: options.max });
  await migrateSchema(db, schema, migrations, options.logger);
  return db;
}
