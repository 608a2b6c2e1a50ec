/*
 * The set-up: the look before the address at which the trunk was turned least. Tables of
 * trunk directions (degrees seen from above), one look per real 30th of a second, shaped like the fused
 * readings of the shared down-the-line clips: still within a tenth of a degree, then winding up.
 */
import { describe, expect, it } from 'vitest';
import { trunkSetUp, type TrunkLook } from '../src/pose/setup.js';

const looks = (yaws: number[], first = 0, step = 1): TrunkLook[] => yaws.map((yaw, i) => ({ frame: first + i * step, yaw }));

describe('where the trunk stood still before the backswing', () => {
  it.each([
    {
      case: 'trunk turning before the hands leave (tour pro B from behind): back to where it stood still',
      yaws: [0, 0, -0.2, -0.1, 0, 0, 0, -0.1, -0.7, -1.1, -2.1, -3.8, -4.4, -5.3, -6.9, -8.3, -9, -12],
      address: 14, setUp: 6,
    },
    {
      case: 'a look in the slow start of the wind-up reading a hair back: past it to where the trunk stood still',
      yaws: [0, 0, 0, -0.3, -0.2, -0.8, -1.5, -3, -6, -9, -13],
      address: 8, setUp: 2,
    },
    {
      case: 'trunk still until the hands leave: the address itself',
      yaws: [0, 0.1, 0, 0.1, 0, 0.1, 0.1, -2, -5, -9, -14],
      address: 6, setUp: 6,
    },
    {
      case: 'turned the other way first (a press): the most open point before the wind-up',
      yaws: [0, -1.2, -1.7, -1.3, -0.3, 1.1, 2.9, 5.2, 8.1, 12.2, 14.6, 17.9],
      address: 10, setUp: 2,
    },
    {
      case: 'clip starting in the wind-up: its first look',
      yaws: [0, -0.7, -1.9, -3.9, -6.2, -11.1, -15.7, -17.5, -23.6, -30.4],
      address: 8, setUp: 0,
    },
    {
      case: 'a turning left-hander (the wind-up the other way): the same rule',
      yaws: [0, 0.1, 0, 0.1, 0.9, 2.2, 4.1, 7.3, 11],
      address: 6, setUp: 2,
    },
  ])('$case', ({ yaws, address, setUp }) => {
    expect(trunkSetUp(looks(yaws), address)).toBe(setUp);
  });

  it('counts in looks, whatever the frames between them (slow motion)', () => {
    const yaws = [0, 0.05, 0.1, 0, -1.1, -2.9, -5.2, -8.1, -12.2, -14.6, -17.9];
    expect(trunkSetUp(looks(yaws, 100, 8), 164)).toBe(116);
  });

  it('crosses the ±180° seam of the direction', () => {
    const yaws = [179.9, 179.8, 179.9, -179, -176, -172, -167];
    expect(trunkSetUp(looks(yaws), 5)).toBe(1);
  });

  it('skips frames the model did not read, and keeps the address without a wind-up to follow', () => {
    expect(trunkSetUp(looks([0, Number.NaN, 0.05, -1, -3, -6]), 4)).toBe(2);
    expect(trunkSetUp(looks([0, 0, 0]), 2)).toBe(2);
    expect(trunkSetUp([], 12)).toBe(12);
  });
});
