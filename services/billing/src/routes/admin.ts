import { BillingStatus, ErrorBody } from '@swingfit/contracts';
import { type App, requireInternalCaller } from '@swingfit/server-kit';
import type { BillingDeps } from '../deps.js';
import { lastProcessedEventAt } from '../db/stripe-events.js';
import { subscriptionCounts } from '../db/subscriptions.js';

const keysOf = (deps: BillingDeps): 'none' | 'test' | 'live' => (deps.mode === 'local-test' ? 'none' : deps.config.STRIPE_SECRET_KEY.includes('_live_') ? 'live' : 'test');

/** GET /internal/billing/status: the payment setup for the admin area (the gateway checks the admin session). */
export function adminRoutes(deps: BillingDeps) {
  return async (app: App) => {
    app.addHook('onRequest', requireInternalCaller(deps.config.INTERNAL_TOKEN, { golfer: false }));
    app.get('/internal/billing/status', { schema: { response: { 200: BillingStatus, 401: ErrorBody } } }, async () => {
      const last = await lastProcessedEventAt(deps.db);
      return {
        mode: deps.mode,
        keys: keysOf(deps),
        webhooks: deps.mode === 'local-test' ? ('local-test' as const) : ('configured' as const),
        prices: deps.prices,
        subscriptions: await subscriptionCounts(deps.db),
        lastWebhookAt: last ? last.toISOString() : null,
      };
    });
  };
}
