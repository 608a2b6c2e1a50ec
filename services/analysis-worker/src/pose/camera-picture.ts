/*
 * The frames as the camera path reads them: grey pictures at half size and coarser, the background
 * outside the golfer, and one comparison of two pictures under a shift (gradients and residuals), which
 * both readings of the path use (camera-step.ts from one frame to the next, camera-anchor.ts against an
 * anchor frame).
 */
import type { Box } from './crowd.js';
import type { RawFrame } from './runtime/protocol.js';

export const PICTURE = {
  /** Pyramid levels below the half-size picture (each halves it): shifts up to ~2³ half-size pixels a frame are followed… */
  levels: 2,
  /** …as long as a level keeps this many pixels on its short side (fewer leave too little background to read). */
  coarsestSide: 16,
  /** Gauss–Newton steps at each level, at most… */
  steps: 4,
  /** …stopping once a step moves the shift less than this (pixels of the level). */
  converged: 0.01,
  /** Of the picture, at least this share must be background to read a shift from. */
  minBackgroundShare: 0.08,
  /** Residuals beyond this many times their median absolute size count less (Huber weights). */
  robustScale: 2.5,
  /** Grey levels: the residual floor below which a pixel always counts fully (compression noise). */
  noiseFloor: 2,
} as const;

/** A shift of the picture, in pixels of a level. */
export interface Shift {
  dx: number;
  dy: number;
}

/** One level of a grey picture (luminance). */
export interface Level {
  width: number;
  height: number;
  grey: Float32Array;
  /** Its gradients, once made (gradients). */
  gradients?: { x: Float32Array; y: Float32Array };
}

/** The frame's luminance at half size (2×2 means: compression noise averaged), then each further level halved again. */
export function pyramid(frame: RawFrame): Level[] {
  const width = Math.floor(frame.width / 2);
  const height = Math.floor(frame.height / 2);
  const grey = new Float32Array(width * height);
  const d = frame.data;
  const lum = (o: number) => 0.2126 * d[o]! + 0.7152 * d[o + 1]! + 0.0722 * d[o + 2]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (2 * y * frame.width + 2 * x) * 4;
      const below = o + frame.width * 4;
      grey[y * width + x] = (lum(o) + lum(o + 4) + lum(below) + lum(below + 4)) / 4;
    }
  }
  const levels: Level[] = [{ width, height, grey }];
  while (levels.length <= PICTURE.levels && Math.min(width, height) >> levels.length >= PICTURE.coarsestSide) levels.push(halve(levels[levels.length - 1]!));
  return levels;
}

function halve(level: Level): Level {
  const width = Math.floor(level.width / 2);
  const height = Math.floor(level.height / 2);
  const grey = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = 2 * y * level.width + 2 * x;
      grey[y * width + x] = (level.grey[o]! + level.grey[o + 1]! + level.grey[o + level.width]! + level.grey[o + level.width + 1]!) / 4;
    }
  }
  return { width, height, grey };
}

/** 1 where the background is, 0 inside any of the golfer's boxes (normalised). */
export function backgroundMask(width: number, height: number, boxes: Box[]): Uint8Array {
  const mask = new Uint8Array(width * height).fill(1);
  for (const box of boxes) {
    const x0 = Math.max(0, Math.floor(box.left * width));
    const x1 = Math.min(width, Math.ceil(box.right * width));
    const y0 = Math.max(0, Math.floor(box.top * height));
    const y1 = Math.min(height, Math.ceil(box.bottom * height));
    for (let y = y0; y < y1; y++) if (x1 > x0) mask.fill(0, y * width + x0, y * width + x1);
  }
  return mask;
}

/** Bilinear sample of `grey` at (x, y), or NaN outside. */
function sample(level: Level, x: number, y: number): number {
  return sampleGrid(level.grey, level.width, level.height, x, y, 0);
}

/** Bilinear sample of a `width`×`height` grid at (x, y), or NaN closer than `margin` to its edge. */
function sampleGrid(g: Float32Array, width: number, height: number, x: number, y: number, margin: number): number {
  if (x < margin || y < margin || x > width - 1 - margin || y > height - 1 - margin) return NaN;
  const x0 = Math.min(Math.floor(x), width - 2);
  const y0 = Math.min(Math.floor(y), height - 2);
  const fx = x - x0;
  const fy = y - y0;
  const o = y0 * width + x0;
  return (g[o]! * (1 - fx) + g[o + 1]! * fx) * (1 - fy) + (g[o + width]! * (1 - fx) + g[o + width + 1]! * fx) * fy;
}

/**
 * The level's gradients (central differences; 0 on its edge), made once per level: an anchor reading
 * samples them between pixels at every step, where the differences of four samples cost twice as much.
 */
function gradients(level: Level): { x: Float32Array; y: Float32Array } {
  if (level.gradients) return level.gradients;
  const { width, height, grey } = level;
  const [gx, gy] = [new Float32Array(width * height), new Float32Array(width * height)];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      gx[i] = (grey[i + 1]! - grey[i - 1]!) / 2;
      gy[i] = (grey[i + width]! - grey[i - width]!) / 2;
    }
  }
  level.gradients = { x: gx, y: gy };
  return level.gradients;
}

/** Bins of the residuals' histogram, per grey level: the median of ~10⁴ residuals without sorting them. */
const BINS_PER_LEVEL = 4;

/** The median of |values[0..count)| to a quarter of a grey level. */
function medianAbs(values: Float32Array, count: number): number {
  if (count === 0) return 0;
  const bins = new Uint32Array(256 * BINS_PER_LEVEL + 1);
  for (let k = 0; k < count; k++) bins[Math.min(bins.length - 1, Math.floor(Math.abs(values[k]!) * BINS_PER_LEVEL))]!++;
  let seen = 0;
  for (let bin = 0; bin < bins.length; bin++) {
    seen += bins[bin]!;
    if (seen * 2 >= count) return (bin + 0.5) / BINS_PER_LEVEL;
  }
  return 256;
}

/**
 * How the light changed from one frame to the next: b ≈ a + offset, in grey levels. A brighter or darker
 * frame lifts or lowers every grey level of the background together; over the background that change is
 * mostly its mean, and what a gain would add beyond it is small. A gain is not fitted: it would also
 * take the slight blur of reading a picture between its pixels for a change of light, and pull the shift
 * with it (on the synthetic pans of pose-camera.test.ts, twice the drift).
 */
export interface Light {
  offset: number;
}

export const SAME_LIGHT: Light = { offset: 0 };

/** The background pixels of `a` whose shifted place in `b` is background too: gradients of `a` and residuals, the light's change taken out. */
export function compare(a: Level, b: Level, background: Uint8Array, d: Shift, light: Light, withMoved = false) {
  const n = a.width * a.height;
  const [gx, gy, r] = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  // `b`'s own gradients at the shifted place, when asked for (tileEvidence).
  const [hx, hy] = withMoved ? [new Float32Array(n), new Float32Array(n)] : [gx, gy];
  const at = new Int32Array(n);
  const moving = withMoved ? gradients(b) : null;
  let count = 0;
  for (let y = 1; y < a.height - 1; y++) {
    for (let x = 1; x < a.width - 1; x++) {
      const i = y * a.width + x;
      if (!background[i]) continue;
      const bx = Math.round(x + d.dx);
      const by = Math.round(y + d.dy);
      if (bx < 0 || by < 0 || bx >= b.width || by >= b.height || !background[by * b.width + bx]) continue;
      const moved = sample(b, x + d.dx, y + d.dy);
      if (Number.isNaN(moved)) continue;
      if (moving) {
        const [along, down] = [sampleGrid(moving.x, b.width, b.height, x + d.dx, y + d.dy, 1), sampleGrid(moving.y, b.width, b.height, x + d.dx, y + d.dy, 1)];
        if (Number.isNaN(along + down)) continue;
        [hx[count], hy[count]] = [along, down];
      }
      gx[count] = (a.grey[i + 1]! - a.grey[i - 1]!) / 2;
      gy[count] = (a.grey[i + a.width]! - a.grey[i - a.width]!) / 2;
      r[count] = moved - a.grey[i]! - light.offset;
      at[count] = i;
      count++;
    }
  }
  return { gx, gy, hx, hy, r, at, count, scale: residualScale(gx, gy, r, count) };
}

/** Residuals beyond this scale count less: from textured pixels only, as a flat sky's zeros would make every edge an outlier. */
function residualScale(gx: Float32Array, gy: Float32Array, r: Float32Array, count: number): number {
  const textured = new Float32Array(count);
  let n = 0;
  for (let k = 0; k < count; k++) if (Math.abs(gx[k]!) + Math.abs(gy[k]!) > PICTURE.noiseFloor) textured[n++] = r[k]!;
  return Math.max(PICTURE.noiseFloor, PICTURE.robustScale * 1.4826 * medianAbs(textured, n));
}

/**
 * A comparison read in unchanged light, put in the light that fits it best (bestOffset): the same as
 * comparing again in that light, without sampling the pictures twice.
 */
export function inBestLight(c: Comparison): Comparison {
  const offset = bestOffset(c.r, c.count, c.scale);
  for (let k = 0; k < c.count; k++) c.r[k] = c.r[k]! - offset;
  return { ...c, scale: residualScale(c.gx, c.gy, c.r, c.count) };
}

export type Comparison = ReturnType<typeof compare>;

/** Huber's weight of a residual: 1 within `scale`, less beyond it (someone walking by counts little). */
export const huber = (e: number, scale: number) => (Math.abs(e) <= scale ? 1 : scale / Math.abs(e));

/** The light's offset that best fits residuals read in unchanged light: their weighted mean. */
export function bestOffset(r: Float32Array, count: number, scale: number): number {
  let [sum, weights] = [0, 0];
  for (let k = 0; k < count; k++) {
    const w = huber(r[k]!, scale);
    sum += w * r[k]!;
    weights += w;
  }
  return weights > 0 ? sum / weights : 0;
}

