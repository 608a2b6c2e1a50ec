import { describe, expect, it } from 'vitest';
import type { Pose } from '../src/pose/landmarks.js';
import type { PassFrame } from '../src/pose/passes.js';
import { fillTrack } from '../src/pose/search.js';

/* The overlay track: one pose per analysed frame, the frames the coarse pass skipped filled in. */

const pose = (x: number): Pose => ({ image: new Float32Array(33 * 4).fill(x), world: new Float32Array(33 * 4).fill(x) });
const frame = (index: number, x: number | null): PassFrame => ({ index, pose: x === null ? null : pose(x) });
const xs = (track: (Pose | null)[]) => track.map((p) => (p ? Math.round(p.image[0]! * 1000) / 1000 : null));

describe('fillTrack', () => {
  it.each([
    // stride 2: analysed frames are 0, 2, 4…; the coarse pass saw every other one of those.
    { name: 'interpolates between analysed neighbours', stride: 2, frameCount: 9, frames: [frame(0, 0), frame(4, 1), frame(8, 0.5)], want: [0, 0.5, 1, 0.75, 0.5] },
    { name: 'keeps what the fine pass saw untouched', stride: 1, frameCount: 4, frames: [frame(0, 0.1), frame(1, 0.9), frame(2, 0.2), frame(3, 0.3)], want: [0.1, 0.9, 0.2, 0.3] },
    { name: 'holds the last pose after the final analysed frame', stride: 1, frameCount: 5, frames: [frame(0, 0.2), frame(2, 0.4)], want: [0.2, 0.3, 0.4, 0.4, 0.4] },
    { name: 'does not invent a golfer next to a frame without one', stride: 1, frameCount: 5, frames: [frame(0, 0.2), frame(2, null), frame(4, 0.6)], want: [0.2, 0.2, null, null, 0.6] },
  ])('$name', ({ stride, frameCount, frames, want }) => {
    expect(xs(fillTrack(frames, stride, frameCount))).toEqual(want);
  });
});
