import { describe, expect, it } from 'vitest';
import { MEASUREMENT_EDITION, readByOlderMeasurement } from '../src/index.js';

describe('readByOlderMeasurement', () => {
  it.each([
    ['complete', null, true], // measured before editions were recorded
    ['complete', 0, true],
    ['complete', MEASUREMENT_EDITION - 1, true],
    ['complete', MEASUREMENT_EDITION, false],
    ['complete', MEASUREMENT_EDITION + 1, false], // a newer worker's, during a rolling release
    ['pending', null, false], // not measured yet: the analysis itself will be
    ['processing', null, false],
    ['failed', null, false], // nothing to measure again
  ] as const)('%s analysis of edition %s: %s', (status, edition, older) => {
    expect(readByOlderMeasurement(status, edition)).toBe(older);
  });
});
