import { Type, type Static } from '@sinclair/typebox';

/** Section 7's subscription calls. Plans and prices are PRICES in constants.ts. */
export const Plan = Type.Union([Type.Literal('monthly'), Type.Literal('annual')]);
export type Plan = Static<typeof Plan>;

/** POST /api/create-checkout-session. */
export const CheckoutRequest = Type.Object({ plan: Plan }, { additionalProperties: false });
export type CheckoutRequest = Static<typeof CheckoutRequest>;

/** POST /api/create-checkout-session and /api/create-customer-portal: where to send the browser. */
export const RedirectUrl = Type.Object({ url: Type.String() });
export type RedirectUrl = Static<typeof RedirectUrl>;

/** POST /api/get-or-create-subscription: 'seti_...' confirms a setup, anything else a payment. */
export const SubscriptionClientSecret = Type.Object({ clientSecret: Type.String() });
export type SubscriptionClientSecret = Static<typeof SubscriptionClientSecret>;

/** POST /api/refresh-subscription. */
export const RefreshSubscriptionResponse = Type.Object({ message: Type.String(), isPremium: Type.Boolean() });
export type RefreshSubscriptionResponse = Static<typeof RefreshSubscriptionResponse>;

/** POST /api/update-subscription-status: the client's word is only a hint to re-read Stripe. */
export const SubscriptionStatusUpdate = Type.Object({ subscriptionActive: Type.Boolean() });
export type SubscriptionStatusUpdate = Static<typeof SubscriptionStatusUpdate>;

/** POST /api/stripe/webhook answer to Stripe. */
export const WebhookAck = Type.Object({ received: Type.Literal(true) });
export type WebhookAck = Static<typeof WebhookAck>;
