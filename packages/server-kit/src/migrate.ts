import { Kysely, Migrator, sql, type Migration } from 'kysely';
import type { Logger } from 'pino';

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
