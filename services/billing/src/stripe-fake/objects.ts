import { randomBytes } from 'node:crypto';

/*
 * The Stripe objects the local stand-in keeps, shaped like Stripe's own JSON (API 2025-10-29.clover)
 * for every field SwingFit reads, so the real SDK and our code cannot tell the difference. Only what the
 * product uses is modelled; anything else is refused loudly by the API layer.
 */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-style ids: a type prefix and 24 random letters and digits. */
export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  let out = '';
  for (const b of bytes) out += ALNUM[b % ALNUM.length];
  return `${prefix}_${out}`;
}

export type Metadata = Record<string, string>;
export type Interval = 'month' | 'year';

export interface FakeCustomer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
}

export interface FakePrice {
  id: string;
  object: 'price';
  active: true;
  currency: 'usd';
  unit_amount: number;
  recurring: { interval: Interval; interval_count: 1 };
  product: string;
  nickname: string | null;
  created: number;
  livemode: false;
}

export interface FakeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: FakePrice;
  quantity: 1;
  created: number;
  current_period_start: number;
  current_period_end: number;
  subscription: string;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'canceled' | 'unpaid';
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  collection_method: 'charge_automatically';
  currency: 'usd';
  default_payment_method: string | null;
  latest_invoice: string | null;
  pending_setup_intent: string | null;
  metadata: Metadata;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; url: string };
  livemode: false;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open' | 'paid' | 'void';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: 'usd';
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  created: number;
  period_start: number;
  period_end: number;
  hosted_invoice_url: string | null;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Metadata } };
  livemode: false;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: 'usd';
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  customer: string;
  payment_method: string | null;
  created: number;
  livemode: false;
}

export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  customer: string;
  payment_method: string | null;
  usage: 'off_session';
  created: number;
  livemode: false;
}

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: 'US' };
  customer: string | null;
  created: number;
  livemode: false;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string;
  subscription: string | null;
  invoice: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  currency: 'usd';
  amount_total: number;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface FakePortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
}

export type FakeObject =
  | FakeCustomer
  | FakePrice
  | FakeSubscription
  | FakeInvoice
  | FakePaymentIntent
  | FakeSetupIntent
  | FakePaymentMethod
  | FakeCheckoutSession
  | FakePortalSession;

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: FakeObject; previous_attributes?: Record<string, unknown> };
}

/** Adds one billing interval (calendar months, as Stripe does), in seconds since the epoch. */
export function addInterval(seconds: number, interval: Interval): number {
  const d = new Date(seconds * 1000);
  const day = d.getUTCDate();
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  // Jan 31 + 1 month is the last day of February, not March 3 (Stripe keeps the anchor day or the month's last).
  if (d.getUTCDate() !== day) d.setUTCDate(0);
  return Math.floor(d.getTime() / 1000);
}
