import { ErrorBody, WebhookAck } from '@swingfit/contracts';
import type { App } from '@swingfit/server-kit';
import type { BillingDeps } from '../deps.js';
import { InvalidSignatureError, handleStripeEvent, verifyStripeEvent } from '../services/webhooks.js';

/**
 * POST /api/stripe/webhook: Stripe calls it (through the gateway, unauthenticated). The signature
 * covers the raw bytes, so this scope keeps JSON bodies as Buffers instead of parsing them.
 */
export function webhookRoutes(deps: BillingDeps) {
  return async (app: App) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post('/api/stripe/webhook', { schema: { response: { 200: WebhookAck, 400: ErrorBody, 503: ErrorBody } } }, async (request, reply) => {
      const secret = deps.config.STRIPE_WEBHOOK_SECRET;
      if (!secret) return reply.status(503).send({ message: 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET is empty)' });
      if (!Buffer.isBuffer(request.body)) return reply.status(400).send({ message: 'Expected a JSON body' });
      const signature = request.headers['stripe-signature'];
      try {
        const event = verifyStripeEvent(request.body, typeof signature === 'string' ? signature : undefined, secret);
        const outcome = await handleStripeEvent(deps.db, event, request.log);
        request.log.info({ stripeEventId: event.id, type: event.type, outcome }, 'stripe webhook');
        return { received: true as const };
      } catch (error) {
        if (error instanceof InvalidSignatureError) return reply.status(400).send({ message: `Webhook signature verification failed: ${error.message}` });
        throw error;
      }
    });
  };
}
