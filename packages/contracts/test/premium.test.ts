import { describe, expect, it } from 'vitest';
import { isPremiumAt, premiumEndsAt, type SubscriptionFacts } from '../src/rules/premium.js';

const END = '2026-07-01T05:00:00.000Z';
const before = new Date('2026-06-30T23:59:59.000Z');
const atEnd = new Date(END);
const after = new Date('2026-07-01T05:00:01.000Z');
const facts = (status: string | null, cancelAtPeriodEnd = false, currentPeriodEnd: string | null = END): SubscriptionFacts => ({ status, cancelAtPeriodEnd, currentPeriodEnd });

describe('isPremiumAt', () => {
  it.each([
    // status, cancelAtPeriodEnd, now, Premium?
    ['active', false, before, true],
    ['active', false, after, true], // renews: Stripe reports the next period (or a failure) a little after the boundary
    ['trialing', false, after, true],
    ['past_due', false, after, true], // Stripe still retrying the payment
    ['active', true, before, true], // cancelled: Premium until the end of the paid period...
    ['active', true, atEnd, false], // ...and not a second longer
    ['active', true, after, false],
    ['past_due', true, after, false],
    ['incomplete', false, before, false], // first payment not made yet
    ['incomplete_expired', false, before, false],
    ['unpaid', false, before, false],
    ['paused', false, before, false],
    ['canceled', false, before, false], // ended (immediately or at period end)
    ['none', false, before, false],
    [null, false, before, false],
  ] as const)('%s, cancel at period end %s, at %s -> %s', (status, cancel, now, expected) => {
    expect(isPremiumAt(facts(status, cancel), now)).toBe(expected);
  });

  it('accepts the period end as a Date as well as ISO text', () => {
    expect(isPremiumAt({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: new Date(END) }, after)).toBe(false);
  });

  it('keeps a cancelled subscription with an unknown period end Premium until Stripe reports it ended', () => {
    expect(isPremiumAt(facts('active', true, null), after)).toBe(true);
  });
});

describe('premiumEndsAt', () => {
  it('is the period end once cancelled, null while renewing or not Premium', () => {
    expect(premiumEndsAt(facts('active', true))?.toISOString()).toBe(END);
    expect(premiumEndsAt(facts('active', false))).toBeNull();
    expect(premiumEndsAt(facts('canceled', true))).toBeNull();
    expect(premiumEndsAt(facts('active', true, null))).toBeNull();
  });
});
