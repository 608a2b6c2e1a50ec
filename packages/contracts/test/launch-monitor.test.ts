import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import {
  LaunchMonitorAnalysis,
  REFERENCE_CLUBS,
  REFERENCE_TABLE,
  REFERENCE_SOURCES,
  ballFlight,
  clubPathLabel,
  compareWithReference,
  curveWord,
  referenceFor,
  smashFactor,
  type ReferenceClub,
} from '../src/index.js';

describe('smashFactor (ball speed / club speed, two decimals, fallback divisor 1)', () => {
  it.each([
    [167, 113, 1.48],
    [120, 90, 1.33],
    [150, 100, 1.5],
    [149.9, 101.3, 1.48],
    [1.234, 0, 1.23],
    [1.239, null, 1.24],
  ])('ball %s / club %s = %s', (ball, club, expected) => {
    expect(smashFactor(ball, club)).toBe(expected);
  });
});

describe('clubPathLabel', () => {
  it.each([
    [3.1, 'Strong in-to-out'],
    [10, 'Strong in-to-out'],
    [3, 'Slightly in-to-out'],
    [1.5, 'Slightly in-to-out'],
    [1, 'Neutral'],
    [0, 'Neutral'],
    [-1, 'Neutral'],
    [-1.1, 'Slightly out-to-in'],
    [-3, 'Slightly out-to-in'],
    [-3.1, 'Strong out-to-in'],
    [-20, 'Strong out-to-in'],
  ])('path %s° -> %s', (path, label) => {
    expect(clubPathLabel(path)).toBe(label);
  });
});

describe('ballFlight (face-to-path = face - path)', () => {
  it.each([
    // face, path, faceToPath, curve, start
    [0, 0, 0, 'square', 'straight'],
    [1, 0, 1, 'square', 'straight'],
    [0, 1, -1, 'square', 'straight'],
    [2, 0, 2, 'open', 'right'],
    [0, -2, 2, 'open', 'straight'],
    [-2, 0, -2, 'closed', 'left'],
    [0, 2, -2, 'closed', 'straight'],
    [3, 3, 0, 'square', 'right'],
    [-3, -3, 0, 'square', 'left'],
    [2, 4, -2, 'closed', 'right'],
    [-2, -4, 2, 'open', 'left'],
    [1.1, 0, 1.1, 'open', 'right'],
    [-1.1, 0, -1.1, 'closed', 'left'],
  ] as const)('face %s, path %s -> %s, %s, starts %s', (face, path, ftp, curve, start) => {
    const flight = ballFlight(face, path);
    expect(flight.faceToPath).toBeCloseTo(ftp, 5);
    expect(flight.curve).toBe(curve);
    expect(flight.start).toBe(start);
    expect(flight.description.length).toBeGreaterThan(5);
  });

  it('describes the shapes in golfer words', () => {
    expect(ballFlight(3, 3).description).toMatch(/^Push/);
    expect(ballFlight(-3, -3).description).toMatch(/^Pull/);
    expect(ballFlight(0, -2).description).toMatch(/^Fade/);
    expect(ballFlight(0, 2).description).toMatch(/^Draw/);
    expect(ballFlight(4, -3).description).toMatch(/^Slice/);
    expect(ballFlight(-4, 3).description).toMatch(/^Hook/);
    expect(ballFlight(0, 0).description).toMatch(/^Straight/);
  });

  it.each([
    // face, path, the chip's word, the description's first word
    [0, 0, 'straight', 'Straight shot'],
    [0, -2, 'fade', 'Fade'],
    [0, 2, 'draw', 'Draw'],
    [1.5, -4.2, 'slice', 'Slice'],
    [-4, 3, 'hook', 'Hook'],
    [-2, -8, 'fade', 'Pull-fade'],
    [2, 8, 'draw', 'Push-draw'],
  ] as const)('face %s, path %s: the curve is called a %s, as the description says (%s)', (face, path, word, opening) => {
    const flight = ballFlight(face, path);
    expect(curveWord(flight)).toBe(word);
    expect(flight.description.startsWith(`${opening}:`)).toBe(true);
  });
});

describe('reference table', () => {
  // Specification section 9: tour-pro average carry (yds) and spin (rpm).
  const specCarry: [ReferenceClub, number][] = [
    ['driver', 275], ['3-wood', 243], ['5-wood', 230], ['4-iron', 203], ['5-iron', 194], ['6-iron', 183], ['7-iron', 172],
    ['8-iron', 160], ['9-iron', 148], ['pitching-wedge', 136], ['gap-wedge', 125], ['sand-wedge', 105], ['lob-wedge', 85],
  ];
  const specSpin: [ReferenceClub, number][] = [
    ['driver', 2200], ['3-wood', 3000], ['5-wood', 3500], ['7-iron', 7000], ['8-iron', 8000], ['9-iron', 8500], ['pitching-wedge', 9000],
  ];

  it.each(specCarry)('tour-pro %s carry is the spec figure %s yds', (club, carry) => {
    expect(REFERENCE_TABLE.tour.male[club].carry).toEqual({ value: carry, source: REFERENCE_SOURCES.spec });
  });
  it.each(specSpin)('tour-pro %s spin is the spec figure %s rpm', (club, spin) => {
    expect(REFERENCE_TABLE.tour.male[club].spinRate).toEqual({ value: spin, source: REFERENCE_SOURCES.spec });
  });
  it('has the spec driver total and the TrackMan 7-iron speeds', () => {
    expect(REFERENCE_TABLE.tour.male.driver.total?.value).toBe(300);
    expect(REFERENCE_TABLE.tour.male['7-iron'].clubSpeed.value).toBe(90);
    expect(REFERENCE_TABLE.tour.male['7-iron'].ballSpeed.value).toBe(120);
    expect(REFERENCE_TABLE.tour.male.driver.clubSpeed).toEqual({ value: 113, source: REFERENCE_SOURCES.pga });
  });

  it('covers 14+ clubs for tour/amateur x male/female with sourced, plausible figures', () => {
    expect(REFERENCE_CLUBS).toHaveLength(15); // the spec's 14 names counting 3-iron..9-iron as seven
    for (const level of ['tour', 'amateur'] as const) {
      for (const gender of ['male', 'female'] as const) {
        let previousCarry = Infinity;
        for (const club of REFERENCE_CLUBS) {
          const row = REFERENCE_TABLE[level][gender][club];
          for (const f of [row.clubSpeed, row.ballSpeed, row.smashFactor, row.carry, row.spinRate]) {
            expect(f.value).toBeGreaterThan(0);
            expect(Object.values(REFERENCE_SOURCES)).toContain(f.source);
          }
          expect(row.smashFactor.value).toBe(Math.round((row.ballSpeed.value / row.clubSpeed.value) * 100) / 100);
          expect(row.smashFactor.value).toBeGreaterThan(0.9);
          expect(row.smashFactor.value).toBeLessThan(1.52);
          // Longer clubs carry further.
          expect(row.carry.value).toBeLessThan(previousCarry);
          previousCarry = row.carry.value;
        }
        // Amateurs are slower than tour players of the same gender.
        if (level === 'amateur') expect(REFERENCE_TABLE.amateur[gender].driver.clubSpeed.value).toBeLessThan(REFERENCE_TABLE.tour[gender].driver.clubSpeed.value);
      }
    }
  });

  it('uses tour-pro female values for lpga, male otherwise', () => {
    expect(referenceFor('driver', 'lpga')).toBe(REFERENCE_TABLE.tour.female.driver);
    expect(referenceFor('driver', 'pga')).toBe(REFERENCE_TABLE.tour.male.driver);
    expect(referenceFor('7-iron', 'lpga', 'amateur')).toBe(REFERENCE_TABLE.amateur.female['7-iron']);
  });
});

describe('compareWithReference', () => {
  const full = { clubSpeed: 100, ballSpeed: 148, carry: 240, total: 265, spinRate: 2600, clubPath: -2, faceAngle: 1 };

  it('produces a valid LaunchMonitorAnalysis against PGA driver averages', () => {
    const a = compareWithReference(full, 'driver', 'pga');
    expect(Value.Check(LaunchMonitorAnalysis, a)).toBe(true);
    expect(a.smashFactor).toBe(1.48);
    expect(a.clubPathLabel).toBe('Slightly out-to-in');
    expect(a.ballFlight).toMatchObject({ faceToPath: 3, curve: 'open', start: 'straight' });
    const byMetric = Object.fromEntries(a.comparisons.map((c) => [c.metric, c]));
    expect(byMetric.clubSpeed).toMatchObject({ value: 100, tour: 113, diffFromTour: -13, unit: 'mph' });
    expect(byMetric.carry).toMatchObject({ value: 240, tour: 275, diffFromTour: -35 });
    expect(byMetric.total).toMatchObject({ value: 265, tour: 300, diffFromTour: -35 });
    expect(byMetric.spinRate).toMatchObject({ value: 2600, tour: 2200, diffFromTour: 400 });
    expect(byMetric.smashFactor?.tour).toBe(REFERENCE_TABLE.tour.male.driver.smashFactor.value);
    expect(byMetric.clubSpeed?.amateur).toBe(REFERENCE_TABLE.amateur.male.driver.clubSpeed.value);
  });

  it('uses LPGA figures for lpga and leaves total out for the 7-iron', () => {
    const a = compareWithReference(full, '7-iron', 'lpga');
    const byMetric = Object.fromEntries(a.comparisons.map((c) => [c.metric, c]));
    expect(byMetric.clubSpeed?.tour).toBe(REFERENCE_TABLE.tour.female['7-iron'].clubSpeed.value);
    expect(byMetric.total).toBeUndefined();
  });

  it('omits what was not entered', () => {
    const a = compareWithReference({ clubSpeed: 90, ballSpeed: 120, carry: null, total: null, spinRate: null, clubPath: null, faceAngle: 2 }, '7-iron', 'pga');
    expect(a.comparisons.map((c) => c.metric)).toEqual(['clubSpeed', 'ballSpeed', 'smashFactor']);
    expect(a.smashFactor).toBe(1.33);
    expect(a.clubPathLabel).toBeNull();
    expect(a.ballFlight).toBeNull();
  });
});
