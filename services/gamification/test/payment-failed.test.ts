import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFailedMessage } from '../src/services/payment-failed.js';
import { startGamification, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startGamification();
});
afterAll(async () => h?.close());

const failed = { invoiceId: 'in_1', subscriptionId: 'sub_1', amountDueCents: 999, currency: 'usd', attemptCount: 1, nextPaymentAttempt: '2026-03-04T18:00:00.000Z' };

describe('payment.failed', () => {
  it("becomes one 'Payment Failed' notification that says what to do, however often it is delivered", async () => {
    const userId = 77;
    const id = randomUUID();
    const event = { id, type: 'payment.failed' as const, userId, payload: failed };
    await h.deliver(event, `${id}-1`);
    await h.deliver(event, `${id}-2`);
    expect([(await h.settled(`${id}-1`)).result, (await h.settled(`${id}-2`)).result].sort()).toEqual(['duplicate', 'processed']);
    const notes = await h.deps.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'other', title: 'Payment Failed', is_read: false });
    expect(notes[0]!.message).toBe("We couldn't take your Premium payment of $9.99. Update your card under Profile, Subscription, Manage Subscription before March 4, when we try again, to keep Premium.");
  });

  it('says to subscribe again once Stripe has stopped retrying', () => {
    expect(paymentFailedMessage({ ...failed, amountDueCents: 9999, nextPaymentAttempt: null })).toBe(
      "We couldn't take your Premium payment of $99.99. Update your card under Profile, Subscription, Manage Subscription, then subscribe again to keep Premium.",
    );
  });
});
