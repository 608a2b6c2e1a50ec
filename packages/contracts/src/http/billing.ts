import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable } from '../schema.js';

/** Section 7's subscription calls. Plans and prices are PRICES in constants.ts. */
export const Plan = Type.Union([Type.Literal('monthly'), Type.Literal('annual')]);
export type Plan = Static<typeof Plan>;

/** Where a finished Checkout sends the golfer back: the payment-success screen or the profile. */
export const CheckoutReturn = Type.Union([Type.Literal('payment-success'), Type.Literal('profile')]);
export type CheckoutReturn = Static<typeof CheckoutReturn>;

/** POST /api/create-checkout-session. */
export const CheckoutRequest = Type.Object({ plan: Plan, returnTo: Type.Optional(CheckoutReturn) }, { additionalProperties: false });
export type CheckoutRequest = Static<typeof CheckoutRequest>;

/** POST /api/create-checkout-session and /api/create-customer-portal: where to send the browser. */
export const RedirectUrl = Type.Object({ url: Type.String() });
export type RedirectUrl = Static<typeof RedirectUrl>;

/** POST /api/get-or-create-subscription: the plan of the card form (annual when absent). */
export const SubscriptionRequest = Type.Object({ plan: Type.Optional(Plan) }, { additionalProperties: false });
export type SubscriptionRequest = Static<typeof SubscriptionRequest>;

/** POST /api/get-or-create-subscription: 'seti_...' confirms a setup, anything else a payment. */
export const SubscriptionClientSecret = Type.Object({ clientSecret: Type.String(), plan: Plan, subscriptionId: Type.String() });
export type SubscriptionClientSecret = Static<typeof SubscriptionClientSecret>;

/** Stripe statuses, or 'none' when the golfer has no subscription. */
export const SubscriptionStatus = Type.String({ maxLength: 40 });

/** The card Stripe charges, as the profile's Payment Information shows it (never more than this). */
export const PaymentMethodSummary = Type.Object({
  brand: Type.String(),
  last4: Type.String(),
  expMonth: Nullable(Type.Integer()),
  expYear: Nullable(Type.Integer()),
});
export type PaymentMethodSummary = Static<typeof PaymentMethodSummary>;

/**
 * Billing's record of a golfer's subscription (spec section 3's stripe fields and more). `version`
 * grows with every change, so a reader can tell the newer of two copies.
 */
export const SubscriptionState = Type.Object({
  version: Type.Integer({ minimum: 0 }),
  customerId: Nullable(Type.String()),
  subscriptionId: Nullable(Type.String()),
  status: SubscriptionStatus,
  plan: Nullable(Plan),
  currentPeriodEnd: Nullable(IsoDateTime),
  cancelAtPeriodEnd: Type.Boolean(),
});
export type SubscriptionState = Static<typeof SubscriptionState>;

/** GET /api/billing/subscription: the profile's Subscription and Payment Information sections. */
export const SubscriptionDetails = Type.Object({
  ...SubscriptionState.properties,
  isPremium: Type.Boolean(),
  /** When Premium stops if nothing changes (a cancelled subscription's period end); null while it renews. */
  premiumEndsAt: Nullable(IsoDateTime),
  paymentMethod: Nullable(PaymentMethodSummary),
});
export type SubscriptionDetails = Static<typeof SubscriptionDetails>;

/** POST /api/refresh-subscription. */
export const RefreshSubscriptionResponse = Type.Object({ message: Type.String(), isPremium: Type.Boolean() });
export type RefreshSubscriptionResponse = Static<typeof RefreshSubscriptionResponse>;

/** What billing answers the gateway for a refresh: the state it just read from Stripe, to apply at once. */
export const SubscriptionSyncResult = Type.Object({ message: Type.String(), isPremium: Type.Boolean(), subscription: SubscriptionDetails });
export type SubscriptionSyncResult = Static<typeof SubscriptionSyncResult>;

/** POST /api/update-subscription-status: the client's word is only a hint to re-read Stripe. */
export const SubscriptionStatusUpdate = Type.Object({ subscriptionActive: Type.Boolean() }, { additionalProperties: false });
export type SubscriptionStatusUpdate = Static<typeof SubscriptionStatusUpdate>;

/** POST /api/subscription/upgrade: a Premium golfer moves to another plan (monthly to annual). */
export const UpgradeRequest = Type.Object({ userId: Id(), plan: Type.Optional(Plan) }, { additionalProperties: false });
export type UpgradeRequest = Static<typeof UpgradeRequest>;
/** 402 of the upgrade: no Premium to change yet, the client sends the golfer to choose a plan and pay. */
export const UpgradeRefusal = Type.Object({ message: Type.String(), requiresCheckout: Type.Literal(true) });
export type UpgradeRefusal = Static<typeof UpgradeRefusal>;
export const UpgradeResponse = Type.Object({ message: Type.String(), isPremium: Type.Boolean(), plan: Nullable(Plan) });
export type UpgradeResponse = Static<typeof UpgradeResponse>;

/** 'local-test': no Stripe keys, payments simulated on this machine; 'stripe': the real Stripe API. */
export const BillingMode = Type.Union([Type.Literal('local-test'), Type.Literal('stripe')]);
export type BillingMode = Static<typeof BillingMode>;

/** GET /api/billing/config: what the web app needs to pick the checkout (local page or Stripe Elements). */
export const BillingClientConfig = Type.Object({ mode: BillingMode, publishableKey: Nullable(Type.String()) });
export type BillingClientConfig = Static<typeof BillingClientConfig>;

/** GET /api/admin/billing/status: the payment setup as admins see it. */
export const BillingStatus = Type.Object({
  mode: BillingMode,
  /** 'test' or 'live' Stripe keys; 'none' in local test mode. */
  keys: Type.Union([Type.Literal('none'), Type.Literal('test'), Type.Literal('live')]),
  webhooks: Type.Union([Type.Literal('local-test'), Type.Literal('configured')]),
  prices: Type.Object({ monthly: Type.String(), annual: Type.String() }),
  subscriptions: Type.Object({ premium: Type.Integer(), cancelling: Type.Integer(), pastDue: Type.Integer(), total: Type.Integer() }),
  lastWebhookAt: Nullable(IsoDateTime),
});
export type BillingStatus = Static<typeof BillingStatus>;

/** POST /api/stripe/webhook answer to Stripe. */
export const WebhookAck = Type.Object({ received: Type.Literal(true) });
export type WebhookAck = Static<typeof WebhookAck>;
