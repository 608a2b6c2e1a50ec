import Stripe from 'stripe';
import type { Logger } from 'pino';
import { publishInTransaction } from '@swingfit/server-kit';
import type { BillingDeps } from '../deps.js';
import { saveCustomer, userIdForCustomer } from '../db/customers.js';
import { BILLING_SCHEMA } from '../db/schema.js';
import { claimStripeEvent, recordDelivery } from '../db/stripe-events.js';
import { syncGolfer, type SyncOptions, type SyncOutcome } from './sync.js';

/** The delivery is not one Stripe signed just now for us: 400, nothing done. */
export class RefusedDeliveryError extends Error {}

/** The Stripe events that can change a golfer's subscription; each only prompts a re-read (syncGolfer). */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const signedAt = (header: string) => Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1] ?? NaN);

/**
 * Verifies a delivery: an HMAC signature of the exact bytes with the endpoint secret, made within the
 * tolerance (older: stale; from the future beyond it: refused as well, a clock that far off is not Stripe's).
 */
export function verifyDelivery(rawBody: Buffer, signature: string | undefined, secret: string, toleranceSeconds: number, now = Date.now()): Stripe.Event {
  if (!signature) throw new RefusedDeliveryError('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, toleranceSeconds, undefined, now);
  } catch (error) {
    throw new RefusedDeliveryError(error instanceof Error ? error.message.split('\n')[0]! : 'Invalid signature');
  }
  if (signedAt(signature) - Math.floor(now / 1000) > toleranceSeconds) throw new RefusedDeliveryError('Timestamp outside the tolerance zone');
  return event;
}

interface EventObject {
  object?: string;
  id?: string;
  customer?: string | { id: string } | null;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  parent?: { subscription_details?: { subscription?: string | null; metadata?: Record<string, string> | null } | null } | null;
}

const customerOf = (o: EventObject) => (typeof o.customer === 'string' ? o.customer : (o.customer?.id ?? undefined));

/** The golfer SwingFit put in the object when it created it (checkout, subscription or invoice). */
function userIdIn(o: EventObject): number | undefined {
  const raw = o.client_reference_id ?? o.metadata?.userId ?? o.parent?.subscription_details?.metadata?.userId;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Our customer mapping first; the object's userId for a customer new to us (made before the mapping committed, or elsewhere). */
async function golferOf(deps: BillingDeps, o: EventObject): Promise<number | undefined> {
  const customer = customerOf(o);
  if (!customer) return undefined;
  const known = await userIdForCustomer(deps.db, customer);
  if (known !== undefined) return known;
  const claimed = userIdIn(o);
  return claimed !== undefined && (await saveCustomer(deps.db, claimed, customer)) ? claimed : undefined;
}

/** A failed invoice also tells the golfer (gamification turns payment.failed into a notification). */
function paymentFailed(event: Stripe.Event, userId: number, requestId: string): SyncOptions['alongside'] {
  if (event.type !== 'invoice.payment_failed') return undefined;
  const invoice = event.data.object;
  return async (trx) => {
    await publishInTransaction(trx, BILLING_SCHEMA, {
      type: 'payment.failed',
      userId,
      requestId,
      payload: {
        invoiceId: invoice.id ?? 'unknown',
        subscriptionId: invoice.parent?.subscription_details?.subscription && typeof invoice.parent.subscription_details.subscription === 'string' ? invoice.parent.subscription_details.subscription : null,
        amountDueCents: invoice.amount_due,
        currency: invoice.currency,
        attemptCount: invoice.attempt_count,
        nextPaymentAttempt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000).toISOString() : null,
      },
    });
  };
}

export type WebhookOutcome = SyncOutcome | 'ignored';

/**
 * Acts on a verified delivery: an exact replay is refused; each event id is acted on once (recorded with
 * the sync's write); an event only names the golfer to re-read, its payload and order decide nothing.
 */
export async function handleDelivery(deps: BillingDeps, event: Stripe.Event, signature: string, requestId: string, logger: Logger): Promise<WebhookOutcome> {
  if (!(await recordDelivery(deps.db, signature, event.id))) throw new RefusedDeliveryError('Replayed delivery: this exact signed request was already received');
  const object = event.data.object as EventObject;
  const userId = HANDLED_EVENTS.has(event.type) ? await golferOf(deps, object) : undefined;
  if (userId === undefined) {
    if (HANDLED_EVENTS.has(event.type)) logger.warn({ stripeEventId: event.id, type: event.type, customer: customerOf(object) }, 'Stripe event of a customer SwingFit does not know: ignored');
    await claimStripeEvent(deps.db, event.id, event.type);
    return 'ignored';
  }
  const result = await syncGolfer(deps, userId, { stripeEvent: { id: event.id, type: event.type }, requestId, alongside: paymentFailed(event, userId, requestId) });
  return result.outcome;
}
