import { describe, expect, it } from 'vitest';
import { EVENT_SUBSCRIPTIONS, EVENT_TYPES, PRICES, UNLIMITED } from '../src/index.js';

describe('constants', () => {
  it('prices the annual plan at the advertised 17% saving', () => {
    const yearOfMonthly = PRICES.monthly.amountCents * 12;
    expect(Math.round((1 - PRICES.annual.amountCents / yearOfMonthly) * 100)).toBe(PRICES.annual.savingPercent);
    expect(UNLIMITED).toBe(999);
  });
  it('routes only catalogued events', () => {
    for (const types of Object.values(EVENT_SUBSCRIPTIONS)) for (const t of types) expect(EVENT_TYPES).toContain(t);
  });
});
