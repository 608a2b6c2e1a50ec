/*
 * Two pictures side by side (split.ts): the seam is a column where the picture stops being one scene on
 * most rows of every frame; an edge inside one scene is not one. (Real pixels: bench:robustness 'both
 * views side by side' and the long real-clip suite, pnpm test:clips.)
 */
import { describe, expect, it } from 'vitest';
import { golferPicture, pictureOn, sideOf, splitScreenOf, splitSeam } from '../src/pose/split.js';
import { LANDMARK_COUNT, type Pose } from '../src/pose/landmarks.js';
import type { RawFrame } from '../src/pose/runtime/protocol.js';

const W = 160;
const H = 90;

/** A W x H grey frame whose pixel (x, y) is `shade(x, y)`. */
function frame(index: number, shade: (x: number, y: number) => number): RawFrame {
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data.set([shade(x, y), shade(x, y), shade(x, y), 255], (y * W + x) * 4);
  return { index, timeMs: index * 33, width: W, height: H, data };
}

/** A scene that changes slowly across the picture (a range: bands of grass and trees, shading sideways). */
const scene = (seed: number) => (x: number, y: number) => 90 + 50 * Math.sin((y + seed * 7) / 9) + 20 * Math.sin((x + seed * 3) / 23);
/** Another scene, unrelated to the first row by row. */
const otherScene = (seed: number) => (x: number, y: number) => 120 + 60 * Math.sin((y * 1.7 + seed * 5) / 5) + 15 * Math.cos(x / 17);

const halves = (seed: number, seamX = W / 2) => (x: number, y: number) => (x < seamX ? scene(seed)(x, y) : otherScene(seed)(x, y));

/** A pose standing with its body's middle at `x` (share of the width). */
function poseAt(x: number): Pose {
  const image = new Float32Array(LANDMARK_COUNT * 4);
  for (let i = 0; i < LANDMARK_COUNT; i++) image.set([x + ((i % 5) - 2) * 0.01, 0.2 + (i / LANDMARK_COUNT) * 0.6, 0, 1], i * 4);
  return { image, world: new Float32Array(LANDMARK_COUNT * 4) };
}

describe('two pictures side by side', () => {
  it('finds the seam between two scenes in every frame, at its column', () => {
    const frames = [0, 1, 2, 3].map((i) => frame(i, halves(i)));
    expect(splitSeam(frames)).toBeCloseTo(0.5, 2);
    const offCentre = [0, 1, 2, 3].map((i) => frame(i, halves(i, 0.45 * W)));
    expect(splitSeam(offCentre)).toBeCloseTo(0.45, 2);
  });

  it('finds none in one scene, with a post standing in it, or where the two pictures differ in one frame only', () => {
    expect(splitSeam([0, 1, 2, 3].map((i) => frame(i, scene(i))))).toBeNull();
    // A post down the middle of the scene, the height of the picture: its edges are edges, not seams.
    const post = (i: number) => (x: number, y: number) => (x >= 78 && x < 84 ? 30 : scene(i)(x, y));
    expect(splitSeam([0, 1, 2, 3].map((i) => frame(i, post(i))))).toBeNull();
    // A seam must cut every frame: a picture that is one scene in one of them is one picture.
    expect(splitSeam([frame(0, halves(0)), frame(1, halves(1)), frame(2, scene(2))])).toBeNull();
    // Outside the middle (a picture's own edge near the frame's side) is not where apps split.
    expect(splitSeam([0, 1, 2, 3].map((i) => frame(i, halves(i, 0.25 * W))))).toBeNull();
  });

  it('tells which side the golfer stands on, and shows their picture alone', () => {
    const frames = [0, 1].map((i) => frame(i, halves(i)));
    expect(splitScreenOf(frames, [poseAt(0.7), null, poseAt(0.72)])).toEqual({ seam: expect.closeTo(0.5, 2), golferSide: 'right' });
    expect(splitScreenOf(frames, [poseAt(0.25)])?.golferSide).toBe('left');
    expect(splitScreenOf(frames, [null])).toBeNull();
    expect(splitScreenOf([0, 1].map((i) => frame(i, scene(i))), [poseAt(0.25)])).toBeNull();
    expect([sideOf(0.49, 0.5), sideOf(0.51, 0.5)]).toEqual(['left', 'right']);

    const whole = { x: 0, y: 0, width: 1920, height: 1080 };
    const left = golferPicture(whole, { seam: 0.5, golferSide: 'left' }, 1920);
    const right = golferPicture(whole, { seam: 0.5, golferSide: 'right' }, 1920);
    expect(left.x + left.width).toBeLessThanOrEqual(960);
    expect(left.width).toBeGreaterThan(920);
    expect(right.x).toBeGreaterThanOrEqual(960);
    expect(right.x + right.width).toBeLessThanOrEqual(1920);
    expect([left.height, right.height, left.x % 2, right.x % 2, left.width % 2, right.width % 2]).toEqual([1080, 1080, 0, 0, 0, 0]);
  });

  it('hides the picture read first, the seam included, to read the other', () => {
    expect(pictureOn('right', 0.5)).toEqual({ left: 0.49, top: 0, right: 1, bottom: 1 });
    expect(pictureOn('left', 0.5)).toEqual({ left: 0, top: 0, right: 0.51, bottom: 1 });
  });
});
