import {
  BillingStatus,
  ErrorBody,
  RefreshSubscriptionResponse,
  SubscriptionStatusUpdate,
  type SubscriptionSyncResult,
} from '@swingfit/contracts';
import type { FastifyReply } from 'fastify';
import type { App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { applySubscriptionState } from '../db/subscription-repository.js';
import { requireAdmin, requireUser } from '../http/session.js';
import { proxyAuthenticated } from '../http/proxy.js';
import { BILLING_UNAVAILABLE, BillingUnavailableError, callBilling } from '../services/billing-client.js';

/** Billing's golfer calls the gateway forwards as they are (section 7), and local test mode's hosted pages. */
export const BILLING_PROXIED = [
  '/api/create-checkout-session',
  '/api/get-or-create-subscription',
  '/api/create-customer-portal',
  '/api/subscription',
  '/api/billing',
  '/billing/test-mode',
] as const;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 503: ErrorBody };

async function unavailable(reply: FastifyReply, error: unknown, log: { warn(o: object, m: string): void }) {
  if (!(error instanceof BillingUnavailableError)) throw error;
  log.warn({ err: error }, 'billing unavailable');
  // Sent, not thrown: the error handler hides the text of every 5xx, and this one is for the golfer.
  return reply.status(503).send({ message: BILLING_UNAVAILABLE });
}

/**
 * The subscription calls whose answer changes the user record: billing re-reads Stripe, and the gateway
 * applies the state it answers at once (version-checked, like the events), so the golfer's next read of
 * their record already shows the outcome. The event of the same change arrives later and is a no-op.
 */
export function billingRoutes(deps: GatewayDeps) {
  const refresh = async (userId: number, requestId: string, body?: unknown) => {
    const path = body === undefined ? '/api/refresh-subscription' : '/api/update-subscription-status';
    const result = await callBilling<SubscriptionSyncResult>(deps.config, path, { method: 'POST', userId, body, requestId });
    await applySubscriptionState(deps.db, userId, result.subscription);
    return { message: result.message, isPremium: result.isPremium };
  };

  return async (app: App) => {
    app.post('/api/refresh-subscription', { onRequest: requireUser(deps.db, deps.sessionCache), schema: { response: { 200: RefreshSubscriptionResponse, ...errors } } }, async (request, reply) =>
      refresh(request.sessionUser!.id, String(request.id)).catch((error) => unavailable(reply, error, request.log)),
    );

    app.post(
      '/api/update-subscription-status',
      { onRequest: requireUser(deps.db, deps.sessionCache), schema: { body: SubscriptionStatusUpdate, response: { 200: RefreshSubscriptionResponse, ...errors } } },
      async (request, reply) => refresh(request.sessionUser!.id, String(request.id), request.body).catch((error) => unavailable(reply, error, request.log)),
    );

    // The payment setup (local test mode or Stripe, which keys, how many subscriptions) for the admin area.
    app.get('/api/admin/billing/status', { onRequest: requireAdmin(deps.db), schema: { response: { 200: BillingStatus, ...errors } } }, async (request, reply) =>
      callBilling<BillingStatus>(deps.config, '/internal/billing/status', { requestId: String(request.id) }).catch((error) => unavailable(reply, error, request.log)),
    );

    for (const prefix of BILLING_PROXIED) await proxyAuthenticated(app, deps, { prefix, upstream: deps.config.BILLING_URL });
    // Stripe calls this with no session: billing verifies the signature on the untouched body.
    await proxyAuthenticated(app, deps, { prefix: '/api/stripe/webhook', upstream: deps.config.BILLING_URL, public: true });
  };
}
