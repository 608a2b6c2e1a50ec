/*
 * Key frames cut inside the picture: black bars that stay black in every key frame are not picture, so a
 * golfer standing near the picture's edge is not shown above a strip of black (the shared HEVC fixture is
 * a landscape shot inside a portrait frame). (Real pixels: the browser journeys' key-frame screenshots.)
 */
import { describe, expect, it } from 'vitest';
import { keyFrameCrop } from '../src/pose/crop.js';
import { LANDMARK_COUNT, type Pose } from '../src/pose/landmarks.js';
import { BAR_LUMA, pictureBox } from '../src/pose/picture.js';
import type { RawFrame } from '../src/pose/runtime/protocol.js';

const W = 90;
const H = 160;

/** A W x H frame: black (video black, 16, plus `noise`) outside rows [top, bottom) and columns [left, right), `shade` inside. */
function frame(index: number, inside: { top: number; bottom: number; left?: number; right?: number }, shade: (x: number, y: number) => number, noise = 0): RawFrame {
  const data = new Uint8Array(W * H * 4);
  const { top, bottom, left = 0, right = W } = inside;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const v = y >= top && y < bottom && x >= left && x < right ? shade(x, y) : 16 + ((x * 7 + y * 3 + index) % (noise + 1));
      data.set([v, v, v, 255], (y * W + x) * 4);
    }
  }
  return { index, timeMs: index * 33, width: W, height: H, data };
}

const scene = (index: number) => (x: number, y: number) => 60 + ((x + y + index * 5) % 120);

describe('the picture inside black bars', () => {
  it('finds a landscape picture letterboxed in a portrait frame, with the encoder noise in its bars', () => {
    const frames = [0, 1, 2, 3].map((i) => frame(i, { top: 50, bottom: 110 }, scene(i), BAR_LUMA - 20));
    expect(pictureBox(frames)).toEqual({ x: 0, y: 50, width: W, height: 60 });
  });

  it('finds side bars too, on even pixels inside the picture', () => {
    const frames = [0, 1].map((i) => frame(i, { top: 0, bottom: H, left: 11, right: 80 }, scene(i)));
    expect(pictureBox(frames)).toEqual({ x: 12, y: 0, width: 68, height: H });
  });

  it('keeps a row that is dark in one key frame and lit in another: only what stays black is a bar', () => {
    const frames = [frame(0, { top: 50, bottom: 110 }, scene(0)), frame(1, { top: 30, bottom: 110 }, scene(1))];
    expect(pictureBox(frames)).toMatchObject({ y: 30, height: 80 });
  });

  it('takes a dark scene, or one with no bars, as the whole frame', () => {
    const whole = { x: 0, y: 0, width: W, height: H };
    expect(pictureBox([frame(0, { top: 0, bottom: H }, scene(0))])).toEqual(whole);
    // A night shot whose only light is a strip across the middle is a picture, not bars around a strip.
    expect(pictureBox([frame(0, { top: 75, bottom: 85 }, scene(0))])).toEqual(whole);
    expect(pictureBox([])).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });
});

/** A pose spanning the box (normalised), every landmark on its corners or centre. */
function standing(left: number, top: number, right: number, bottom: number): Pose {
  const image = new Float32Array(LANDMARK_COUNT * 4);
  const points: [number, number][] = [[left, top], [right, top], [left, bottom], [right, bottom]];
  for (let i = 0; i < LANDMARK_COUNT; i++) image.set([...(points[i] ?? [(left + right) / 2, (top + bottom) / 2]), 0, 1], i * 4);
  return { image, world: new Float32Array(LANDMARK_COUNT * 4) };
}

describe('the key frame crop', () => {
  const picture = { x: 0, y: 50 * 8, width: W * 8, height: 60 * 8 };
  const [width, height] = [W * 8, H * 8];

  it('stays inside the picture when the golfer stands at its bottom edge', () => {
    // Feet on the picture's bottom edge (row 110 of 160), body a fifth of the frame tall.
    const pose = standing(0.45, 0.5, 0.55, 110 / 160);
    const crop = keyFrameCrop(pose, 0.1875, width, height, picture)!;
    expect(crop.y + crop.height).toBeLessThanOrEqual(picture.y + picture.height);
    expect(crop.y).toBeGreaterThanOrEqual(picture.y);
    const inWholeFrame = keyFrameCrop(pose, 0.1875, width, height)!;
    expect(inWholeFrame.y + inWholeFrame.height).toBeGreaterThan(picture.y + picture.height);
  });

  it('is as tall as the picture when the golfer fills it, and 3:4 inside it', () => {
    const crop = keyFrameCrop(standing(0.45, 0.32, 0.55, 0.68), 0.36, width, height, picture)!;
    expect(crop).toMatchObject({ y: picture.y, height: picture.height, width: picture.height * 0.75 });
  });
});
