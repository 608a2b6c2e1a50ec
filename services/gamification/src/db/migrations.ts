import { sql, type Migration } from 'kysely';
import { inboxMigration, outboxMigration, type Migrations } from '@swingfit/server-kit';

/* Migrations of the `gamification` schema, applied in name order. Append only; never edit a shipped one. */

const m0001_points: Migration = {
  async up(db) {
    await db.schema
      .createTable('points_ledger')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('source_event_id', 'text', (c) => c.notNull().unique())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('points_ledger_occurred_user').on('points_ledger').columns(['occurred_at', 'user_id']).execute();
    await db.schema.createIndex('points_ledger_user').on('points_ledger').columns(['user_id', 'occurred_at']).execute();
    // Append-only: corrections are new rows, so every window sum can be recomputed from history.
    await sql`create function points_ledger_append_only() returns trigger language plpgsql as $$
      begin raise exception 'points_ledger is append-only'; end $$`.execute(db);
    await sql`create trigger points_ledger_no_change before update or delete on points_ledger
      for each row execute function points_ledger_append_only()`.execute(db);

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('user_profiles')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('first_name', 'text')
      .addColumn('city', 'text')
      .addColumn('state', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

export const gamificationMigrations: Migrations = {
  '0001_points': m0001_points,
  '0002_outbox': outboxMigration(),
  '0003_inbox': inboxMigration(),
};
