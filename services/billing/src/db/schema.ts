import type { ColumnType } from 'kysely';
import type { OutboxTable } from '@swingfit/server-kit';

/** The `billing` schema: who is which Stripe customer, their subscription, and which Stripe events were already handled. */
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

export interface SubscriptionsTable {
  user_id: number;
  stripe_customer_id: string;
  stripe_subscription_id: string | null;
  /** A Stripe status, or 'none' when the customer has no subscription. */
  status: string;
  plan: 'monthly' | 'annual' | null;
  price_id: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  /** { brand, last4, expMonth, expYear } of the card Stripe charges, or null. */
  payment_method: unknown;
  version: number;
  changed_at: Timestamp;
  synced_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  signature_hash: string;
  event_id: string;
  received_at: Timestamp;
}

export interface BillingDatabase {
  customers: CustomersTable;
  processed_stripe_events: ProcessedStripeEventsTable;
  subscriptions: SubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  outbox: OutboxTable;
}
