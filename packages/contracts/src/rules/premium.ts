/*
 * Who has Premium at a given moment (spec sections 1, 4, 6): billing owns the subscription state
 * (from Stripe); this rule turns it into the plan the product applies. The gateway applies it when it
 * reads a user, so Premium ends at the end of the paid period, not when the golfer cancels, and not
 * only when a webhook about the period end finally arrives.
 */

/** Stripe statuses in which the golfer has Premium (past_due: Stripe is still retrying the payment). */
export const PREMIUM_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** Stripe statuses of a subscription that is over for good. */
export const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/** Billing's word for "this golfer has no Stripe subscription at all". */
export const NO_SUBSCRIPTION = 'none';

export interface SubscriptionFacts {
  /** A Stripe subscription status, NO_SUBSCRIPTION, or null when billing never reported one. */
  status: string | null;
  /** End of the paid period (ISO text or Date); null when unknown. */
  currentPeriodEnd: string | Date | null;
  /** The golfer cancelled: the subscription stops renewing and ends at currentPeriodEnd. */
  cancelAtPeriodEnd: boolean;
}

const time = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * Premium at `now`: a live status, and, once the golfer has cancelled, only until the paid period ends.
 * A renewing subscription stays Premium past its period end: Stripe renews it (or moves it to past_due,
 * unpaid or canceled, which the next sync reports) a little after the boundary.
 */
export function isPremiumAt(s: SubscriptionFacts, now: Date): boolean {
  if (s.status === null || !PREMIUM_STATUSES.has(s.status)) return false;
  if (s.cancelAtPeriodEnd && s.currentPeriodEnd !== null && now.getTime() >= time(s.currentPeriodEnd)) return false;
  return true;
}

/** When Premium stops if nothing changes: the period end of a cancelled subscription, else null (it renews). */
export function premiumEndsAt(s: SubscriptionFacts): Date | null {
  if (s.status === null || !PREMIUM_STATUSES.has(s.status) || !s.cancelAtPeriodEnd || s.currentPeriodEnd === null) return null;
  return new Date(time(s.currentPeriodEnd));
}
