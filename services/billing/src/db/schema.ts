import type { ColumnType } from 'kysely';
import type { OutboxTable } from '@swingfit/server-kit';

/** The `billing` schema: who is which Stripe customer, and which Stripe events were already handled. */
export const BILLING_SCHEMA = 'billing';

/** Defaults to now() on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CustomersTable {
  user_id: number;
  stripe_customer_id: string;
  created_at: Timestamp;
}

export interface ProcessedStripeEventsTable {
  event_id: string;
  type: string;
  processed_at: Timestamp;
}

export interface BillingDatabase {
  customers: CustomersTable;
  processed_stripe_events: ProcessedStripeEventsTable;
  outbox: OutboxTable;
}
