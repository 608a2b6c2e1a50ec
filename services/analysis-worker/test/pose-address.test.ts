import { describe, expect, it } from 'vitest';
import { ADDRESS_AFTER_SEC, ADDRESS_BEFORE_SEC, addressWindow } from '../src/pose/address.js';
import { addressInWindow, type TrackPoint } from '../src/pose/events.js';

const at = (frame: number, fps: number) => ({ frame, timeSec: frame / fps });

describe('the stretch read again around the address', () => {
  it.each([
    { case: 'real time at 30 fps: every frame', fps: 30, k: 1, address: 60, top: 90, step: 1 },
    { case: 'real time at 60 fps: every other frame', fps: 60, k: 1, address: 120, top: 180, step: 2 },
    { case: '4x slow motion at 30 fps: every fourth frame', fps: 30, k: 4, address: 200, top: 300, step: 4 },
  ])('$case', ({ fps, k, address, top, step }) => {
    const frames = addressWindow({ address: at(address, fps), top: at(top, fps), timeScale: k }, fps, 1000);
    expect(frames[1]! - frames[0]!).toBe(step);
    expect(frames[0]).toBe(Math.round(address - ADDRESS_BEFORE_SEC * k * fps));
    expect(frames[frames.length - 1]!).toBeLessThanOrEqual(Math.round(address + ADDRESS_AFTER_SEC * k * fps));
    expect(frames[frames.length - 1]!).toBeGreaterThan(Math.round(address + ADDRESS_AFTER_SEC * k * fps) - step);
  });

  it('stays inside the clip and before the top', () => {
    const frames = addressWindow({ address: at(5, 30), top: at(9, 30), timeScale: 1 }, 30, 100);
    expect(frames[0]).toBe(0);
    expect(frames[frames.length - 1]).toBe(8);
  });
});

describe('the address on a closer look at the hands', () => {
  const HIPS: [number, number] = [300, 600];
  const TORSO = 200;
  /**
   * Hands at rest (jittering by `jitter` torso lengths), leaving along the backswing at `leaveSec`; or,
   * with `steady`, moving back at that many torso lengths a second all along.
   */
  function stretch(fps: number, seconds: number, leaveSec: number | null, jitter = 0.005, steady = 0): TrackPoint[] {
    let seed = 11;
    const noise = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed / 2147483647 - 0.5) * 2 * jitter * TORSO;
    };
    return Array.from({ length: Math.round(seconds * fps) }, (_, i) => {
      const t = i / fps;
      const u = leaveSec === null ? 0 : Math.max(0, t - leaveSec);
      // Back and up, accelerating: 1.5 torso lengths a second after 0.1 s.
      const moved = (steady > 0 ? steady * t : 7.5 * u * u) * TORSO;
      return { frame: i, timeSec: t, hands: [HIPS[0] - moved + noise(), HIPS[1] + 0.4 * TORSO - 0.5 * moved + noise()] as [number, number], hips: HIPS, torsoPx: TORSO };
    });
  }

  it.each([30, 60])('dates the hands leaving their rest within a frame or two (%i fps)', (fps) => {
    const found = addressInWindow(stretch(fps, 0.75, 0.5), 1);
    expect(found).not.toBeNull();
    expect(Math.abs(found!.timeSec - 0.5)).toBeLessThanOrEqual(2 / 30);
  });

  it('gives nothing where the hands never rest, or never leave their rest, in the stretch', () => {
    expect(addressInWindow(stretch(30, 0.75, null, 0.005, 1), 1)).toBeNull();
    expect(addressInWindow(stretch(30, 0.75, null), 1)).toBeNull();
  });
});
