import type { EventEnvelope, EventPayload } from '@swingfit/contracts';
import { requireUserId } from '../domain/awards.js';
import { addNotification } from '../db/notifications.js';
import type { Trx } from '../db/types.js';

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const day = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'America/Chicago' }).format(new Date(iso));

/** The notification's text: what failed, and what the golfer can do about it (spec section 8's 'Payment Failed'). */
export function paymentFailedMessage(p: EventPayload<'payment.failed'>): string {
  const what = `We couldn't take your Premium payment of ${money(p.amountDueCents, p.currency)}.`;
  const fix = 'Update your card under Profile, Subscription, Manage Subscription';
  return p.nextPaymentAttempt
    ? `${what} ${fix} before ${day(p.nextPaymentAttempt)}, when we try again, to keep Premium.`
    : `${what} ${fix}, then subscribe again to keep Premium.`;
}

/** payment.failed (billing) becomes a 'Payment Failed' notification; the inbox makes a redelivery a no-op. */
export async function notifyPaymentFailed(trx: Trx, event: EventEnvelope<'payment.failed'>): Promise<void> {
  await addNotification(trx, requireUserId(event), { type: 'other', title: 'Payment Failed', message: paymentFailedMessage(event.payload) });
}
