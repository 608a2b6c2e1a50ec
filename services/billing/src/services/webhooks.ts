import Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { publishInTransaction } from '@swingfit/server-kit';
import { userIdForCustomer } from '../db/customers.js';
import { BILLING_SCHEMA, type BillingDatabase } from '../db/schema.js';
import { claimStripeEvent } from '../db/stripe-events.js';
import { customerIdOf, subscriptionEventFor, type StripeSubscriptionLike } from '../domain/subscription-events.js';

export class InvalidSignatureError extends Error {}

/** Verifies a webhook delivery against the endpoint secret; the body must be the exact bytes Stripe sent. */
export function verifyStripeEvent(rawBody: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new InvalidSignatureError('Missing Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new InvalidSignatureError(error instanceof Error ? error.message : 'Invalid signature');
  }
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Acts on a verified Stripe event once: the event id and the outbox rows it produces commit
 * together, so a repeated delivery finds the id and publishes nothing.
 */
export async function handleStripeEvent(db: Kysely<BillingDatabase>, event: Stripe.Event, logger: Logger): Promise<WebhookOutcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimStripeEvent(trx, event.id, event.type))) return 'duplicate';
    const subscription = event.data.object as unknown as StripeSubscriptionLike;
    const published = subscriptionEventFor(event.type, subscription);
    if (!published) return 'ignored';
    // The customers row is written when checkout starts; metadata.userId covers subscriptions made elsewhere.
    const fromMetadata = Number(subscription.metadata?.userId);
    const userId = (await userIdForCustomer(trx, customerIdOf(subscription))) ?? (Number.isSafeInteger(fromMetadata) && fromMetadata > 0 ? fromMetadata : undefined);
    if (userId === undefined) {
      logger.warn({ stripeEventId: event.id, customer: customerIdOf(subscription) }, 'subscription of an unknown customer ignored');
      return 'ignored';
    }
    await publishInTransaction(trx, BILLING_SCHEMA, { ...published, userId } as Parameters<typeof publishInTransaction>[2]);
    return 'processed';
  });
}
