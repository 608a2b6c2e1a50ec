import { sql, type Migration } from 'kysely';
import { outboxLeaseMigration, outboxMigration, type Migrations } from '@swingfit/server-kit';

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

/**
 * One row per golfer: billing's copy of the Stripe subscription that decides the plan, written only by
 * the sync (services/sync.ts) and versioned so readers of its events can tell newer from older. Each
 * verified webhook delivery is remembered by its signature for a while, so an exact replay is refused.
 */
const m0004_subscriptions: Migration = {
  async up(db) {
    await db.schema
      .createTable('subscriptions')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('stripe_customer_id', 'text', (c) => c.notNull())
      .addColumn('stripe_subscription_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('plan', 'text', (c) => c.check(sql`plan in ('monthly', 'annual')`))
      .addColumn('price_id', 'text')
      .addColumn('current_period_end', 'timestamptz')
      .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('payment_method', 'jsonb')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('synced_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('subscriptions_due').on('subscriptions').columns(['status', 'current_period_end']).execute();
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('signature_hash', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('webhook_deliveries_received').on('webhook_deliveries').column('received_at').execute();
  },
};

export const billingMigrations: Migrations = {
  '0001_customers': m0001_customers,
  '0002_outbox': outboxMigration(),
  // The outbox relay leases rows instead of locking them while it waits on Redis (issue 11).
  '0003_outbox_lease': outboxLeaseMigration(),
  '0004_subscriptions': m0004_subscriptions,
};
