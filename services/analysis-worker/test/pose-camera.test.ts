import { describe, expect, it } from 'vitest';
import { cameraOffsetAt, cameraPath, cameraSummary, fillSteps, steadyPose } from '../src/pose/camera.js';
import { LANDMARK_COUNT, LM, type Pose } from '../src/pose/landmarks.js';
import type { RawFrame } from '../src/pose/runtime/protocol.js';
import { trackPoints } from '../src/pose/search.js';

const [W, H] = [256, 144];

/** A deterministic pseudo-random number in [0, 1) for integer cell (i, j) and a seed. */
function noise(i: number, j: number, seed: number): number {
  let h = (i * 374761393 + j * 668265263 + seed * 2147483647) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** A smooth textured scene (grass, trees, a net): random grey levels on a 7-pixel grid, blended between. */
function scene(x: number, y: number, seed = 1): number {
  const cell = 7;
  const [gx, gy] = [x / cell, y / cell];
  const [i, j] = [Math.floor(gx), Math.floor(gy)];
  const [fx, fy] = [gx - i, gy - j];
  const at = (a: number, b: number) => 40 + 180 * noise(a, b, seed);
  return (at(i, j) * (1 - fx) + at(i + 1, j) * fx) * (1 - fy) + (at(i, j + 1) * (1 - fx) + at(i + 1, j + 1) * fx) * fy;
}

/** The golfer's box (normalised) in every frame, with the wrists at its middle. */
const GOLFER = { left: 0.36, right: 0.64, top: 0.3, bottom: 0.8 };

function golferPose(shift: [number, number] = [0, 0]): Pose {
  const image = new Float32Array(LANDMARK_COUNT * 4);
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    const u = (i % 5) / 4;
    const v = Math.floor(i / 5) / 6;
    image.set([GOLFER.left + u * (GOLFER.right - GOLFER.left) + shift[0], GOLFER.top + v * (GOLFER.bottom - GOLFER.top) + shift[1], 0, 1], i * 4);
  }
  for (const wrist of [LM.leftWrist, LM.rightWrist]) image.set([0.5 + shift[0], 0.55 + shift[1], 0, 1], wrist * 4);
  return { image, world: new Float32Array(LANDMARK_COUNT * 4) };
}

interface Shot {
  /** Where the camera points (pixels): the picture shows the scene from here. */
  camera: (k: number) => [number, number];
  /** The background's grey at (x, y) of the world; a flat wall by default is textured. */
  background?: (x: number, y: number, k: number) => number;
}

/** Frame `k`: the scene seen from the camera's place, the golfer (a body turning fast one way) in the middle. */
function frame(k: number, shot: Shot): RawFrame {
  const data = new Uint8Array(W * H * 4);
  const [cx, cy] = shot.camera(k);
  const background = shot.background ?? ((x: number, y: number) => scene(x, y));
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inGolfer = x >= GOLFER.left * W && x < GOLFER.right * W && y >= GOLFER.top * H && y < GOLFER.bottom * H;
      // The golfer moves on their own, 4 pixels a frame across the picture, whatever the camera does.
      const grey = inGolfer ? scene(x - 4 * k, y, 3) : background(x + cx, y + cy, k);
      data.set([grey, grey, grey, 255], (y * W + x) * 4);
    }
  }
  return { index: k, timeMs: (k / 30) * 1000, width: W, height: H, data };
}

const FRAMES = 20;
const film = (shot: Shot): RawFrame[] => Array.from({ length: FRAMES }, (_, k) => frame(k, shot));
const pathOf = (shot: Shot) => cameraPath(film(shot), () => golferPose());

describe('the camera path, read from the background', () => {
  it.each([
    { name: 'a hand-held sway', camera: (k: number): [number, number] => [6 * Math.sin(k / 4), 4 * Math.sin(k / 3 + 1)] },
    { name: 'a steady pan', camera: (k: number): [number, number] => [1.3 * k, -0.45 * k] },
    { name: 'the phone lowered after the finish', camera: (k: number): [number, number] => [0, k > 12 ? 2.5 * (k - 12) : 0] },
  ])('follows $name to a tenth of a pixel', ({ camera }) => {
    const path = pathOf({ camera });
    const [x0, y0] = camera(0);
    for (let k = 0; k < FRAMES; k++) {
      const [x, y] = camera(k);
      // The picture's content moves against the camera: the scene seen from further right sits further left.
      expect(Math.abs(path.x[k]! * W + (x - x0))).toBeLessThan(0.1 + 0.01 * k);
      expect(Math.abs(path.y[k]! * H + (y - y0))).toBeLessThan(0.1 + 0.01 * k);
    }
  });

  it('reads a camera on a tripod as still, whatever the golfer does', () => {
    const path = pathOf({ camera: () => [0, 0] });
    expect(Math.max(...path.x.map(Math.abs), ...path.y.map(Math.abs)) * W).toBeLessThan(0.05);
  });

  it('reads a tripod as exactly still though something moves outside the golfer (a passer-by, the club\'s shadow)', () => {
    // The codec keeps a still background identical from frame to frame; a shift pulled by the passer-by
    // alone can still look precise, and is kept only when it matches the pictures better than none.
    const background = (x: number, y: number, k: number) => (x > 20 + 3 * k && x < 45 + 3 * k && y > 30 && y < 110 ? scene(x - 3 * k, y, 7) : scene(x, y));
    const path = pathOf({ camera: () => [0, 0], background });
    expect(path.readSteps).toBe(FRAMES - 1); // each step read, as still
    expect(Math.max(...path.x.map(Math.abs), ...path.y.map(Math.abs))).toBe(0);
  });

  it('drifts by no more than a twentieth of a pixel on a tripod through each frame\'s own grain', () => {
    const grain = (x: number, y: number, k: number) => scene(x, y) + 12 * (noise(x, y, 500 + k) - 0.5);
    const path = pathOf({ camera: () => [0, 0], background: grain });
    expect(Math.max(...path.x.map(Math.abs), ...path.y.map(Math.abs)) * W).toBeLessThan(0.05);
  });

  // Lights on the mains flicker 100 or 120 times a second, which a phone's 30-240 frames a second see as
  // each frame brighter or darker than the last; a phone's exposure also follows the light. Neither moves anything.
  const flicker = (k: number) => Math.sin((2 * Math.PI * k) / 3);
  it('reads a tripod as still while the lights flicker (the whole picture brighter or darker by turns)', () => {
    // Brighter towards the top, as sky over grass: light alone then reads like the picture sliding down.
    const sky = (x: number, y: number) => 0.7 * scene(x, y) + 60 * (1 - y / H);
    const background = (x: number, y: number, k: number) => sky(x, y) * (1 + 0.08 * flicker(k)) + 18 * flicker(k + 1);
    const path = pathOf({ camera: () => [0, 0], background });
    expect(path.readSteps).toBe(FRAMES - 1);
    // Within a quarter of a pixel over the 20 frames (read as unchanged light: 0.9). The light is fitted as
    // one offset, so the flicker's share that scales with each grey level is left, and leans a little.
    expect(Math.max(...path.x.map(Math.abs), ...path.y.map(Math.abs)) * W).toBeLessThan(0.25);
  });

  it('follows a hand-held sway while the exposure changes', () => {
    const camera = (k: number): [number, number] => [6 * Math.sin(k / 4), 4 * Math.sin(k / 3 + 1)];
    const background = (x: number, y: number, k: number) => scene(x, y) * (1 - 0.015 * k) + 12 * flicker(k);
    const path = pathOf({ camera, background });
    const [x0, y0] = camera(0);
    for (let k = 0; k < FRAMES; k++) {
      const [x, y] = camera(k);
      expect(Math.abs(path.x[k]! * W + (x - x0))).toBeLessThan(0.1 + 0.01 * k);
      expect(Math.abs(path.y[k]! * H + (y - y0))).toBeLessThan(0.1 + 0.01 * k);
    }
  });

  it('takes the camera as still where the background has nothing to read (a plain wall), instead of guessing', () => {
    const path = pathOf({ camera: (k) => [k, 0], background: () => 128 });
    expect(path.readSteps).toBe(0);
    expect(path.x.every((x) => x === 0)).toBe(true);
  });

  it('is not pulled along by someone walking by behind the golfer', () => {
    const camera = (k: number): [number, number] => [0.8 * k, 0.3 * k];
    // A passer-by: a block of the background a tenth of the picture wide that moves 3 pixels a frame on its own.
    const background = (x: number, y: number, k: number) => {
      const walker = x > 20 + 3 * k && x < 45 + 3 * k && y > 30 && y < 110;
      return walker ? scene(x - 3 * k, y, 7) : scene(x, y);
    };
    const path = pathOf({ camera, background });
    expect(Math.abs(path.x[FRAMES - 1]! * W + camera(FRAMES - 1)[0])).toBeLessThan(0.5);
    expect(Math.abs(path.y[FRAMES - 1]! * H + camera(FRAMES - 1)[1])).toBeLessThan(0.5);
  });

  it('says how much of the clip it read and how far the camera went', () => {
    const summary = cameraSummary(pathOf({ camera: (k) => [2 * k, 0] }));
    expect(summary.readShare).toBe(1);
    expect(summary.travel.x).toBeCloseTo((2 * (FRAMES - 1)) / W, 2);
    expect(summary.travel.y).toBeLessThan(0.002);
  });
});

describe('a camera that drifts too slowly to tell from grain in one step', () => {
  // Tour pro B's face-on camera tilts about 4% of the picture's height over 80 frames, a few hundredths
  // of a pixel a frame: each step alone looks still under the frames' grain, and steps read as still
  // added up to a tripod. Read against an anchor frame up to ANCHOR.anchorSteps back (camera-anchor.ts), the drift has had
  // time to grow past the grain.
  const LONG = 90;
  const filmed = (shot: Shot) => cameraPath(Array.from({ length: LONG }, (_, k) => frame(k, shot)), () => golferPose());
  const grain = (base: (x: number, y: number) => number) => (x: number, y: number, k: number) => base(x, y) + 12 * (noise(Math.round(x), Math.round(y), 900 + k) - 0.5);

  it('follows a slow tilt of 0.04 pixels a frame through the grain of a dull, misty background', () => {
    const camera = (k: number): [number, number] => [0.02 * k, 0.04 * k];
    const misty = (x: number, y: number) => 100 + 0.25 * scene(x, y);
    const path = filmed({ camera, background: grain(misty) });
    expect(Math.abs(path.y[LONG - 1]! * H + camera(LONG - 1)[1])).toBeLessThan(0.4);
    expect(Math.abs(path.x[LONG - 1]! * W + camera(LONG - 1)[0])).toBeLessThan(0.4);
  });

  // What the clip shows behind the golfer: upright tree trunks above (they fix left and right only), a rope
  // across (it fixes up and down only), plain grass below, and people walking by on one side.
  const trunks = (x: number) => 60 + 140 * noise(Math.floor(x / 9), 0, 21) * (1 - Math.abs(((x / 9) % 1) - 0.5));
  const rope = (y: number) => Math.max(0, 1 - Math.abs(y - 62) / 2.5);
  const course = (x: number, y: number) => (y < 55 ? trunks(x) : 150) * (1 - rope(y)) + 30 * rope(y);
  const walkers = (x: number, y: number, k: number) => {
    const walker = x > 190 + 2 * (k % 30) && x < 215 + 2 * (k % 30) && y > 20 && y < 120;
    return walker ? scene(x - 2 * k, y, 9) : null;
  };

  it('follows a slow tilt over upright trunks and a rope, not pulled along by walkers', () => {
    const camera = (k: number): [number, number] => [0, 0.15 * k];
    const background = (x: number, y: number, k: number) => walkers(x - camera(k)[0], y - camera(k)[1], k) ?? grain(course)(x, y, k);
    const path = filmed({ camera, background });
    for (const k of [30, 60, LONG - 1]) {
      expect(Math.abs(path.y[k]! * H + camera(k)[1])).toBeLessThan(1);
      expect(Math.abs(path.x[k]! * W)).toBeLessThan(0.5);
    }
  });

  it('keeps a tripod still over those trunks and rope while the walkers pass', () => {
    const background = (x: number, y: number, k: number) => walkers(x, y, k) ?? grain(course)(x, y, k);
    const path = filmed({ camera: () => [0, 0], background });
    // Within a pixel at any moment (the frame-to-frame reading alone wandered 4 pixels).
    expect(Math.max(...path.x.map((x) => Math.abs(x * W)), ...path.y.map((y) => Math.abs(y * H)))).toBeLessThan(1);
  });
});

describe('steps the background could not show', () => {
  const move = (dx: number, dy = 0) => ({ dx, dy });
  it.each([
    { name: 'a gap in a sway is filled between the steps either side', steps: [move(1), null, null, move(4)], filled: [move(1), move(2), move(3), move(4)] },
    { name: 'a gap between still steps stays still', steps: [move(0), null, null, move(0)], filled: [move(0), move(0), move(0), move(0)] },
    { name: 'a gap at either end of the clip is taken as still', steps: [null, move(2), move(2), null], filled: [move(0), move(2), move(2), move(0)] },
    { name: 'a clip with nothing to read is still throughout', steps: [null, null], filled: [move(0), move(0)] },
  ])('$name', ({ steps, filled }) => {
    expect(fillSteps(steps)).toEqual(filled);
  });
});

describe('landmarks against the world, not the picture', () => {
  // The golfer stands still while the camera sways: in the picture they move by the camera's offset.
  const camera = { frames: [0, 2, 4], x: [0, 0.05, -0.02], y: [0, 0.01, 0.03], readSteps: 2 };
  const seen = camera.frames.map((index, k) => ({ index, pose: golferPose([camera.x[k]!, camera.y[k]!]) }));

  it('takes the camera out of the event track: a still golfer reads still', () => {
    const points = trackPoints(seen, 30, W, H, camera);
    for (const p of points) {
      expect(p.hips![0]).toBeCloseTo(points[0]!.hips![0], 3);
      expect(p.hips![1]).toBeCloseTo(points[0]!.hips![1], 3);
      expect(p.hands![0]).toBeCloseTo(0.5 * W, 3);
    }
    // Without it the picture's sway is read as the body's.
    expect(trackPoints(seen, 30, W, H)[1]!.hips![0] - points[1]!.hips![0]).toBeCloseTo(0.05 * W, 3);
  });

  it('steadies a pose for the sway figures, between the path\'s frames too', () => {
    expect(cameraOffsetAt(camera, 1)).toEqual([0.025, 0.005]);
    expect(cameraOffsetAt(camera, 9)).toEqual([-0.02, 0.03]);
    const still = steadyPose(golferPose([0.025, 0.005]), cameraOffsetAt(camera, 1));
    const reference = golferPose();
    for (let i = 0; i < LANDMARK_COUNT * 4; i++) expect(still.image[i]).toBeCloseTo(reference.image[i]!, 5);
  });
});
