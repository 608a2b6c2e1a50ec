import type { BillingDeps } from '../deps.js';
import { customerIdForUser, lockGolfer, saveCustomer } from '../db/customers.js';

/** Stripe remembers an idempotency key for at least 24 hours: a retried or concurrent create returns the first customer. */
export const customerIdempotencyKey = (userId: number) => `swingfit-customer-${userId}`;

/**
 * The golfer's one Stripe customer, created on first need. Concurrent first requests queue on the
 * golfer's lock and find the row the first one wrote; the idempotency key covers a crash between
 * Stripe's answer and our commit (the retry gets the same customer back).
 */
export async function ensureCustomer(deps: BillingDeps, userId: number): Promise<string> {
  const known = await customerIdForUser(deps.db, userId);
  if (known) return known;
  return deps.db.transaction().execute(async (trx) => {
    await lockGolfer(trx, userId);
    const meanwhile = await customerIdForUser(trx, userId);
    if (meanwhile) return meanwhile;
    const customer = await deps.stripe.customers.create({ metadata: { userId: String(userId) } }, { idempotencyKey: customerIdempotencyKey(userId) });
    await saveCustomer(trx, userId, customer.id);
    return customer.id;
  });
}
