import { Type, type Static } from '@sinclair/typebox';
import { CommonEnv, loadConfig } from '@swingfit/server-kit';

export const BillingEnv = Type.Object({
  ...CommonEnv,
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8081 }),
  HOST: Type.String({ default: '127.0.0.1', description: 'internal service: loopback unless told otherwise' }),
  INTERNAL_TOKEN: Type.String({ minLength: 16, description: 'shared secret the gateway sends to billing and gamification' }),
  STRIPE_SECRET_KEY: Type.String({ default: '', description: 'empty: Stripe calls are refused with a clear message' }),
  STRIPE_WEBHOOK_SECRET: Type.String({ default: '', description: 'whsec_... of the webhook endpoint; empty: webhooks are refused' }),
  STRIPE_API_BASE: Type.String({ default: '', pattern: '^(https?://.+)?$', description: 'point the Stripe SDK at another server (a local fake in tests)' }),
  STRIPE_PRICE_MONTHLY: Type.String({ default: '', description: 'Stripe price id of the $9.99/month plan' }),
  STRIPE_PRICE_ANNUAL: Type.String({ default: '', description: 'Stripe price id of the $99.99/year plan' }),
});
export type BillingConfig = Static<typeof BillingEnv>;

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(BillingEnv, env);
