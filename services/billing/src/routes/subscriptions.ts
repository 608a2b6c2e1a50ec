import {
  BillingClientConfig,
  CheckoutRequest,
  ErrorBody,
  RedirectUrl,
  SubscriptionClientSecret,
  SubscriptionDetails,
  SubscriptionRequest,
  SubscriptionStatusUpdate,
  SubscriptionSyncResult,
  UpgradeRefusal,
  UpgradeRequest,
  UpgradeResponse,
} from '@swingfit/contracts';
import { HttpError, type App, internalUserId, requireInternalCaller, validationAnswer } from '@swingfit/server-kit';
import type { BillingDeps } from '../deps.js';
import { customerIdForUser } from '../db/customers.js';
import { readSubscription } from '../db/subscriptions.js';
import { createCheckout, createPortal, getOrCreateSubscription, refreshSubscription, upgradeSubscription } from '../services/subscriptions.js';
import { subscriptionDetails } from '../services/sync.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };

/** Section 7's subscription calls, for the golfer the gateway authenticated. */
export function subscriptionRoutes(deps: BillingDeps) {
  return async (app: App) => {
    app.addHook('onRequest', requireInternalCaller(deps.config.INTERNAL_TOKEN, { golfer: true }));
    // Payment errors carry more than a message (requiresCheckout): send what the error holds.
    app.setErrorHandler((error: any, request, reply) => {
      if (error instanceof HttpError) return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 502;
      if (error.validation) return reply.status(400).send(validationAnswer(error));
      request.log.error({ err: error }, 'billing call failed');
      // A Stripe error is not the golfer's fault and its details are not theirs to read.
      return reply.status(status).send({ message: status === 502 ? 'The payment provider could not be reached. Please try again.' : error.message });
    });

    app.get('/api/billing/config', { schema: { response: { 200: BillingClientConfig, ...errors } } }, async () => ({
      mode: deps.mode,
      publishableKey: deps.mode === 'stripe' ? deps.config.STRIPE_PUBLISHABLE_KEY : null,
    }));

    app.get('/api/billing/subscription', { schema: { response: { 200: SubscriptionDetails, ...errors } } }, async (request) => {
      const userId = internalUserId(request);
      return subscriptionDetails(await readSubscription(deps.db, userId), new Date(), (await customerIdForUser(deps.db, userId)) ?? null);
    });

    app.post('/api/create-checkout-session', { schema: { body: CheckoutRequest, response: { 200: RedirectUrl, ...errors } } }, async (request) => ({
      url: await createCheckout(deps, internalUserId(request), request.body.plan, request.body.returnTo, request.id),
    }));

    // The spec's client sends no body here: an absent body means the default plan.
    app.post('/api/get-or-create-subscription', { preValidation: async (request) => void (request.body ??= {}), schema: { body: SubscriptionRequest, response: { 200: SubscriptionClientSecret, ...errors } } }, async (request) =>
      getOrCreateSubscription(deps, internalUserId(request), request.body?.plan ?? 'annual', request.id),
    );

    app.post('/api/create-customer-portal', { schema: { response: { 200: RedirectUrl, ...errors } } }, async (request) => ({ url: await createPortal(deps, internalUserId(request)) }));

    app.post('/api/refresh-subscription', { schema: { response: { 200: SubscriptionSyncResult, ...errors } } }, async (request) => refreshSubscription(deps, internalUserId(request), request.id));

    // The browser's "it worked" is only a prompt to ask Stripe; the answer is whatever Stripe says.
    app.post('/api/update-subscription-status', { schema: { body: SubscriptionStatusUpdate, response: { 200: SubscriptionSyncResult, ...errors } } }, async (request) => {
      request.log.info({ subscriptionActive: request.body.subscriptionActive }, 'client reports a subscription payment; re-reading Stripe');
      return refreshSubscription(deps, internalUserId(request), request.id);
    });

    app.post('/api/subscription/upgrade', { schema: { body: UpgradeRequest, response: { 200: UpgradeResponse, ...errors, 402: UpgradeRefusal } } }, async (request) => {
      const userId = internalUserId(request);
      if (request.body.userId !== userId) throw new HttpError(403, 'Forbidden');
      return upgradeSubscription(deps, userId, request.body.plan ?? 'annual', request.id);
    });
  };
}
