/*
 * Which frames the measure pass reads. The address reference is read before the address frame: that
 * frame is dated by the hands leaving their rest by a few jitters, so it can already be a frame or two
 * into the takeaway, where the body has begun to turn; down the line, before the trunk's set-up (setup.ts).
 */
import { describe, expect, it } from 'vitest';
import { measurePlan } from '../src/pose/measure.js';

const at = (frame: number, fps = 30) => ({ frame, timeSec: frame / fps });

describe('the measure plan', () => {
  it.each([
    { timeScale: 1, stride: 1, address: [28, 29] },
    { timeScale: 1, stride: 2, address: [26, 28] },
    { timeScale: 3, stride: 1, address: [24, 27] },
  ])('reads the address a step and two steps before the address frame (time scale $timeScale, stride $stride)', ({ timeScale, stride, address }) => {
    const plan = measurePlan({ address: at(30), top: at(60), impact: at(70), timeScale }, stride, 200, false);
    expect(plan.address).toEqual(address);
    expect(Math.max(...plan.warmUp)).toBeLessThan(Math.min(...plan.address));
    expect(plan.backswing.every((i) => i > 30 && i < Math.min(...plan.top))).toBe(true);
  });

  it('reads the top two steps past the hands\' top face-on, one down the line (where the arms then hide the shoulders)', () => {
    const events = { address: at(30), top: at(60), impact: at(70), timeScale: 1 };
    expect(measurePlan(events, 1, 200, false).top).toEqual([59, 60, 61, 62]);
    expect(measurePlan(events, 1, 200, true).top).toEqual([59, 60, 61]);
    expect(measurePlan(events, 2, 200, false).top).toEqual([58, 60, 62, 64]);
  });

  it('down the line reads the reference before the trunk started turning (setup.ts), face-on before the address', () => {
    const events = { address: at(30), top: at(60), impact: at(70), timeScale: 1, setUpFrame: 24 };
    const behind = measurePlan(events, 1, 200, true);
    expect(behind.address).toEqual([22, 23]);
    expect(Math.max(...behind.warmUp)).toBeLessThan(22);
    expect(behind.backswing.every((i) => i > 30)).toBe(true);
    expect(measurePlan(events, 1, 200, false).address).toEqual([28, 29]);
    expect(measurePlan({ ...events, setUpFrame: undefined }, 1, 200, true).address).toEqual([28, 29]);
  });

  it('keeps the address frames inside the clip', () => {
    expect(measurePlan({ address: at(1), top: at(30), impact: at(40), timeScale: 1 }, 1, 100, true).address).toEqual([0]);
  });
});
