/*
 * The flip test at two scales: a frame, its mirror image and a smaller copy of each are all measured;
 * each pose is put back into the picture and the readings are averaged, labelled alike.
 */
import { describe, expect, it } from 'vitest';
import { READING_VIEWS, SHRUNK_SCALE, fuseReadings, mirrorFrame, poseBack, showFrames, shrinkFrame, unmirrorPose, unshrinkPose, type ReadingView } from '../src/pose/flip.js';
import { LANDMARK_COUNT, LM, type Pose } from '../src/pose/landmarks.js';
import { syntheticPose } from '../src/pose/synthetic.js';
import type { RawFrame } from '../src/pose/runtime/protocol.js';

const W = 720;
const H = 1280;
const pose = (thoraxTurn: number, seed = 1) => syntheticPose({ view: 'face-on', handedness: 'right', forwardTilt: 30, thoraxTurn, pelvisTurn: thoraxTurn / 2, seed });

describe('mirroring a frame', () => {
  it('reverses every row into a copy', () => {
    const data = new Uint8Array(3 * 2 * 4).map((_, i) => i);
    const frame: RawFrame = { index: 7, timeMs: 233, width: 3, height: 2, data };
    const m = mirrorFrame(frame);
    const px = (f: RawFrame, x: number, y: number) => [...f.data.subarray((y * f.width + x) * 4, (y * f.width + x) * 4 + 4)];
    expect(px(m, 0, 0)).toEqual(px(frame, 2, 0));
    expect(px(m, 1, 1)).toEqual(px(frame, 1, 1));
    expect(px(m, 2, 1)).toEqual(px(frame, 0, 1));
    expect(m.data).not.toBe(frame.data);
    expect([m.index, m.timeMs, m.width, m.height]).toEqual([7, 233, 3, 2]);
  });
});

describe('the smaller copy of a frame', () => {
  const frameWith = (width: number, height: number, lit: [number, number][]): RawFrame => {
    const data = new Uint8Array(width * height * 4);
    for (const [x, y] of lit) data.fill(255, (y * width + x) * 4, (y * width + x) * 4 + 4);
    return { index: 3, timeMs: 100, width, height, data };
  };
  const litPixels = (f: RawFrame) => {
    const out: [number, number][] = [];
    for (let y = 0; y < f.height; y++) for (let x = 0; x < f.width; x++) if (f.data[(y * f.width + x) * 4]! > 200) out.push([x, y]);
    return out;
  };

  it('shrinks the picture about its centre, with a black border, into a copy', () => {
    // A 9x9 frame whose centre (4, 4) and a point 4 to the right of it (8, 4) are lit: at half the
    // size the centre stays, and the other point comes half as far out (6, 4).
    const frame = frameWith(9, 9, [[4, 4], [8, 4]]);
    const half = shrinkFrame(frame, 0.5);
    expect(litPixels(half)).toEqual([[4, 4], [6, 4]]);
    expect(half.data[0]).toBe(0); // the border
    expect(half.data).not.toBe(frame.data);
    expect([half.index, half.timeMs, half.width, half.height]).toEqual([3, 100, 9, 9]);
  });

  it('has a pose found on it put back where the golfer stands in the picture', () => {
    const truth = pose(80);
    const seen = { image: truth.image.map((v, i) => (i % 4 < 2 ? (v - 0.5) * SHRUNK_SCALE + 0.5 : i % 4 === 2 ? v * SHRUNK_SCALE : v)), world: truth.world.slice() };
    const back = unshrinkPose(seen, SHRUNK_SCALE);
    for (let i = 0; i < truth.image.length; i++) expect(back.image[i]).toBeCloseTo(truth.image[i]!, 5);
    expect(back.world).toEqual(truth.world);
  });

  it('puts the pose found in each of the four ways back where the golfer stands in the picture', () => {
    const truth = pose(80);
    const shrunk = (p: Pose, scale: number): Pose => ({ image: p.image.map((v, i) => (i % 4 < 2 ? (v - 0.5) * scale + 0.5 : i % 4 === 2 ? v * scale : v)), world: p.world });
    for (const view of READING_VIEWS) {
      const atSize = shrunk(truth, view.scale);
      // unmirrorPose is its own inverse: applied to the truth it gives what a perfect model sees in the mirror.
      const seen = view.mirrored ? unmirrorPose(atSize) : atSize;
      const back = poseBack(view, seen);
      for (let i = 0; i < truth.image.length; i++) expect(back.image[i]).toBeCloseTo(truth.image[i]!, 5);
      for (let i = 0; i < truth.world.length; i++) expect(back.world[i]).toBeCloseTo(truth.world[i]!, 5);
    }
  });

  it('makes the four ways of reading a frame the same four images for its mirror image (a left-hander reads like a right-hander)', () => {
    const frame: RawFrame = { index: 0, timeMs: 0, width: 12, height: 8, data: new Uint8Array(12 * 8 * 4).map((_, i) => (i * 37) % 251) };
    const key = (f: RawFrame) => Buffer.from(f.data).toString('base64');
    const shown = (view: ReadingView, f: RawFrame) => showFrames(view, [view.scale === 1 ? f : shrinkFrame(f, view.scale)])[0]!;
    const of = (f: RawFrame) => READING_VIEWS.map((view) => key(shown(view, f))).sort();
    expect(READING_VIEWS.map((v) => [v.scale, v.mirrored])).toEqual([[1, false], [1, true], [SHRUNK_SCALE, false], [SHRUNK_SCALE, true]]);
    expect(of(mirrorFrame(frame))).toEqual(of(frame));
    expect(shown(READING_VIEWS[0]!, frame).data).not.toBe(frame.data); // the pool takes the buffers over
    // A mirror-image pair runs side by side, on the two measure workers.
    expect(READING_VIEWS.map((v) => v.slot)).toEqual([0, 1, 0, 1]);
  });
});

describe('a pose found on the mirror image', () => {
  /** What a perfect model reports on the mirrored picture: positions mirrored, and the golfer's left looks like a right. */
  const seenInMirror = (p: Pose): Pose => {
    const image = p.image.slice();
    const world = p.world.slice();
    for (let i = 0; i < LANDMARK_COUNT; i++) {
      image[i * 4] = 1 - image[i * 4]!;
      world[i * 4] = -world[i * 4]!;
    }
    const swap = (arr: Float32Array) => {
      const out = arr.slice();
      for (const [l, r] of [[LM.leftShoulder, LM.rightShoulder], [LM.leftHip, LM.rightHip], [LM.leftKnee, LM.rightKnee], [LM.leftAnkle, LM.rightAnkle]]) {
        out.set(arr.subarray(r! * 4, r! * 4 + 4), l! * 4);
        out.set(arr.subarray(l! * 4, l! * 4 + 4), r! * 4);
      }
      return out;
    };
    return { image: swap(image), world: swap(world) };
  };

  it('is put back where the golfer stands, left and right as in the picture', () => {
    const truth = pose(80);
    const back = unmirrorPose(seenInMirror(truth));
    for (const i of [LM.leftShoulder, LM.rightShoulder, LM.leftHip, LM.rightHip, LM.leftKnee, LM.rightAnkle]) {
      for (let k = 0; k < 3; k++) {
        expect(back.image[i * 4 + k]).toBeCloseTo(truth.image[i * 4 + k]!, 5);
        expect(back.world[i * 4 + k]).toBeCloseTo(truth.world[i * 4 + k]!, 5);
      }
    }
  });
});

describe('fusing the readings of a frame', () => {
  const address = pose(0, 2);
  /** The shoulder line's turn from its width in the picture against address (a golfer square to the camera). */
  const turn = (p: Pose) => {
    const width = (q: Pose) => q.image[LM.leftShoulder * 4]! - q.image[LM.rightShoulder * 4]!;
    return (Math.acos(Math.max(-1, Math.min(1, width(p) / width(address)))) * 180) / Math.PI;
  };

  it('averages them landmark by landmark, and keeps both as its evidence', () => {
    const a = pose(70, 3);
    const b = pose(90, 4);
    const fused = fuseReadings([a, b], address, W, H)!;
    const x = (p: Pose, i: number) => p.image[i * 4]!;
    expect(x(fused.pose, LM.leftShoulder)).toBeCloseTo((x(a, LM.leftShoulder) + x(b, LM.leftShoulder)) / 2, 6);
    // Widths average, so the turn lands between the two readings.
    expect(turn(fused.pose)).toBeGreaterThan(turn(a));
    expect(turn(fused.pose)).toBeLessThan(turn(b));
    expect(fused.fusion).toBe('mean');
    expect(fused.kept).toHaveLength(2);
  });

  it('puts a reading whose labels the model mirrored back first, instead of averaging left with right', () => {
    const a = pose(70, 5);
    const mixedUp = unmirrorPose({ image: a.image.map((v, i) => (i % 4 === 0 ? 1 - v : v)), world: a.world }); // every pair swapped in place
    const fused = fuseReadings([a, mixedUp], address, W, H)!;
    expect(turn(fused.pose)).toBeCloseTo(turn(a), 3);
    expect(turn(fused.kept[1]!)).toBeCloseTo(turn(a), 3); // the evidence is labelled alike too
    // Without a reference to label by, the two cancel out: the shoulder line collapses to a point.
    expect(Math.abs(turn(fuseReadings([a, mixedUp], undefined, W, H)!.pose) - 90)).toBeLessThan(1);
  });

  it('averages four readings alike, and keeps all four', () => {
    const readings = [pose(70, 3), pose(80, 4), pose(75, 5), pose(85, 6)];
    const fused = fuseReadings(readings, address, W, H)!;
    const x = (p: Pose) => p.image[LM.leftShoulder * 4]!;
    expect(x(fused.pose)).toBeCloseTo(readings.reduce((sum, p) => sum + x(p), 0) / 4, 6);
    expect(fused.kept).toHaveLength(4);
  });

  it('keeps the one reading there is', () => {
    const a = pose(70, 6);
    expect(fuseReadings([a, undefined], address, W, H)).toEqual({ pose: a, fusion: 'single', kept: [a] });
    expect(fuseReadings([undefined, a], address, W, H)).toEqual({ pose: a, fusion: 'single', kept: [a] });
    expect(fuseReadings([undefined, undefined], address, W, H)).toBeUndefined();
  });

  it('has no rule that picks one reading over the other: both stand, and their disagreement shows in the confidence', () => {
    const direct = pose(70, 7);
    const mirrored = pose(90, 8);
    const result = fuseReadings([direct, mirrored], address, W, H)!;
    expect(result.fusion).toBe('mean');
    expect(result.kept).toHaveLength(2);
  });
});
