import { sql, type Migration } from 'kysely';
import { outboxMigration, type Migrations } from '@swingfit/server-kit';

/* Migrations of the `billing` schema, applied in name order. Append only; never edit a shipped one. */

const m0001_customers: Migration = {
  async up(db) {
    await db.schema
      .createTable('customers')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('stripe_customer_id', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    // Stripe delivers at least once and may repeat an event: each id is acted on once.
    await db.schema
      .createTable('processed_stripe_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

export const billingMigrations: Migrations = {
  '0001_customers': m0001_customers,
  '0002_outbox': outboxMigration(),
};
