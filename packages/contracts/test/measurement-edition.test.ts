import { describe, expect, it } from 'vitest';
import { MEASUREMENT_EDITION, awaitsRemeasure } from '../src/index.js';

describe('awaitsRemeasure', () => {
  const E = MEASUREMENT_EDITION;
  it.each([
    ['complete', null, null, true], // measured before editions were recorded
    ['complete', 0, null, true],
    ['complete', E - 1, E - 1, true], // an older edition tried it; today's has not
    ['complete', E - 1, E, false], // today's tried and could not read it again: it stays
    ['complete', E, null, false],
    ['complete', E + 1, null, false], // a newer worker's, during a rolling release
    ['pending', null, null, false], // not measured yet: the analysis itself will be
    ['processing', null, null, false],
    ['failed', null, null, false], // nothing to measure again
  ] as const)('%s, measured by edition %s, tried by %s: %s', (status, edition, tried, awaits) => {
    expect(awaitsRemeasure(status, edition, tried)).toBe(awaits);
  });
});
