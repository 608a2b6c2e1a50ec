import { ErrorBody, WebhookAck } from '@swingfit/contracts';
import type { App } from '@swingfit/server-kit';
import type { BillingDeps } from '../deps.js';
import { RefusedDeliveryError, handleDelivery, verifyDelivery } from '../services/webhooks.js';

/**
 * POST /api/stripe/webhook: Stripe calls it (through the gateway, unauthenticated); so does the local
 * test mode's stand-in, with the same signatures. The signature covers the raw bytes, so this scope
 * keeps JSON bodies as Buffers instead of parsing them.
 */
export function webhookRoutes(deps: BillingDeps) {
  return async (app: App) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post('/api/stripe/webhook', { schema: { response: { 200: WebhookAck, 400: ErrorBody } } }, async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return reply.status(400).send({ message: 'Expected a JSON body' });
      const header = request.headers['stripe-signature'];
      const signature = typeof header === 'string' ? header : undefined;
      try {
        const event = verifyDelivery(request.body, signature, deps.webhookSecret, deps.config.STRIPE_WEBHOOK_TOLERANCE_SECONDS);
        const outcome = await handleDelivery(deps, event, signature!, String(request.id), request.log);
        request.log.info({ stripeEventId: event.id, type: event.type, outcome }, 'stripe webhook');
        return { received: true as const };
      } catch (error) {
        if (!(error instanceof RefusedDeliveryError)) throw error;
        request.log.warn({ reason: error.message }, 'stripe webhook refused');
        return reply.status(400).send({ message: `Webhook refused: ${error.message}` });
      }
    });
  };
}
