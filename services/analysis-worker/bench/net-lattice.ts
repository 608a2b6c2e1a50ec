/*
 * A net between the camera and the golfer, looked for in the picture's change through the swing: a
 * probe for bench/net.ts, tried at stop 61 and NOT in the product (why, with the figures, in bench/net.ts).
 *
 * The physical argument: a hitting net's strands stay where they are while the golfer moves behind them,
 * so wherever the body moved the picture changed everywhere except along the strands (an opaque strand
 * hides the change, a thin one dims it), and the change through the swing shows the net as a lattice, a
 * pattern repeating along two directions. The body's own patterns (a striped or checked shirt) move and
 * turn with it and smear across the change; the background stands still and does not change at all.
 *
 * Method: the mean absolute change of brightness between consecutive sampled frames from before the
 * address to the finish; over the pixels whose neighbourhood changed clearly, each pixel's change against
 * its neighbourhood's mean (a strand reads as a dip wherever the body passed); that ratio's
 * autocorrelation over shifts of a few to a few dozen pixels. A lattice correlates with itself a step
 * away and anti-correlates half a step away, along two directions, and again along the two steps' sum and
 * difference; a streak (the club's path) correlates along its length at every shift alike. The strength is
 * the least of the two steps' contrast (a step less half a step) and the sum's and difference's correlation.
 */
import type { RawFrame } from '../src/pose/runtime/protocol.js';

export const NET = {
  /** Grey levels of mean change over the swing: where less, the golfer did not move there. */
  minChange: 12,
  /** Radius (measure-frame pixels) of the neighbourhood a pixel's change is compared with: wider than a strand, a little under a mesh. */
  neighbourhood: 5,
  /** Lattice steps looked for (measure-frame pixels): a net 1-3 m from a phone's lens, its mesh 2-5 cm. */
  minStep: 4,
  maxStep: 24,
  /** Two lattice directions at least this far apart (degrees): one direction alone is a stripe, not a net. */
  minAngle: 30,
  /**
   * At least this many pixels changed clearly: over fewer, chance correlations are too large to tell a
   * net from (over n pixels a correlation's chance size is about 1/√n: 0.016 here).
   */
  minChangedPixels: 4000,
  /**
   * A lattice at least this strong would be a net: about ten times a correlation's chance size over the
   * fewest pixels read. Without a net bench/net.ts's copies read up to 0.126 (a grainy dusk copy), too
   * near it: one reason this is not in the product.
   */
  minStrength: 0.15,
} as const;

export interface NetReading {
  /** The lattice's strength: 0 with no net, up to 1 for opaque strands over plain motion. */
  strength: number;
  /** Its two steps (pixels), the strongest first; empty when too little of the picture changed. */
  steps: [number, number][];
  /** Pixels (of the measure frames) that changed clearly. */
  changed: number;
}

/** Brightness (BT.601 luma) of an RGBA frame. */
function luma(frame: RawFrame): Float32Array {
  const out = new Float32Array(frame.width * frame.height);
  const d = frame.data;
  for (let i = 0, p = 0; i < out.length; i++, p += 4) out[i] = 0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!;
  return out;
}

/** Mean absolute change between consecutive frames, per pixel. */
function meanChange(frames: RawFrame[]): Float32Array {
  const { width, height } = frames[0]!;
  const sum = new Float32Array(width * height);
  let previous = luma(frames[0]!);
  for (const frame of frames.slice(1)) {
    const now = luma(frame);
    for (let i = 0; i < sum.length; i++) sum[i]! += Math.abs(now[i]! - previous[i]!);
    previous = now;
  }
  const pairs = frames.length - 1;
  for (let i = 0; i < sum.length; i++) sum[i]! /= pairs;
  return sum;
}

/** Box mean of radius `r` (separable, edges clamped to the picture). */
function boxMean(values: Float32Array, width: number, height: number, r: number): Float32Array {
  const pass = (src: Float32Array, along: 'x' | 'y'): Float32Array => {
    const out = new Float32Array(src.length);
    const [n, lines] = along === 'x' ? [width, height] : [height, width];
    const at = (line: number, k: number) => (along === 'x' ? line * width + k : k * width + line);
    for (let line = 0; line < lines; line++) {
      for (let k = 0; k < n; k++) {
        let s = 0;
        let c = 0;
        for (let j = Math.max(0, k - r); j <= Math.min(n - 1, k + r); j++, c++) s += src[at(line, j)]!;
        out[at(line, k)] = s / c;
      }
    }
    return out;
  };
  return pass(pass(values, 'x'), 'y');
}

/** Normalised autocorrelation of `v` over the pixels `at` (indices into the picture, all inside) at shift (dx, dy). */
function correlation(v: Float32Array, inside: Uint8Array, at: Int32Array, width: number, height: number, dx: number, dy: number): number {
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  const shift = dy * width + dx;
  for (const i of at) {
    const x = (i % width) + dx;
    const y = Math.floor(i / width) + dy;
    if (x < 0 || x >= width || y < 0 || y >= height) continue;
    const j = i + shift;
    if (!inside[j]) continue;
    const a = v[i]!;
    const b = v[j]!;
    sab += a * b;
    saa += a * a;
    sbb += b * b;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
}

/** How strongly the change through `frames` (in frame order, the swing's) shows a net. */
export function netInPicture(frames: RawFrame[]): NetReading {
  const none: NetReading = { strength: 0, steps: [], changed: 0 };
  if (frames.length < 2) return none;
  const { width, height } = frames[0]!;
  const change = meanChange(frames);
  const local = boxMean(change, width, height, NET.neighbourhood);
  const inside = new Uint8Array(width * height);
  const ratio = new Float32Array(width * height);
  let count = 0;
  for (let i = 0; i < inside.length; i++) {
    if (local[i]! < NET.minChange) continue;
    inside[i] = 1;
    ratio[i] = change[i]! / local[i]! - 1;
    count++;
  }
  if (count < NET.minChangedPixels) return { ...none, changed: count };
  const at = new Int32Array(count);
  for (let i = 0, k = 0; i < inside.length; i++) if (inside[i]) at[k++] = i;
  return { ...latticeIn(ratio, inside, at, width, height), changed: count };
}

/** The two strongest lattice steps of `ratio` inside `inside`, and the weaker one's strength. */
function latticeIn(ratio: Float32Array, inside: Uint8Array, at: Int32Array, width: number, height: number): Omit<NetReading, 'changed'> {
  const cache = new Map<string, number>();
  const corr = (dx: number, dy: number) => {
    const key = `${dx},${dy}`;
    let c = cache.get(key);
    if (c === undefined) cache.set(key, (c = correlation(ratio, inside, at, width, height, dx, dy)));
    return c;
  };
  const candidates: { step: [number, number]; strength: number }[] = [];
  const max = NET.maxStep;
  // Half the shifts: a shift and its opposite correlate alike.
  for (let dy = 0; dy <= max; dy++) {
    for (let dx = -max; dx <= max; dx++) {
      const length = Math.hypot(dx, dy);
      if ((dy === 0 && dx <= 0) || length < NET.minStep || length > max) continue;
      const strength = corr(dx, dy) - corr(Math.round(dx / 2), Math.round(dy / 2));
      candidates.push({ step: [dx, dy], strength });
    }
  }
  candidates.sort((a, b) => b.strength - a.strength);
  const first = candidates[0];
  if (!first) return { strength: 0, steps: [] };
  const angle = (a: [number, number], b: [number, number]) => {
    const cos = Math.abs(a[0] * b[0] + a[1] * b[1]) / (Math.hypot(...a) * Math.hypot(...b));
    return (Math.acos(Math.min(1, cos)) * 180) / Math.PI;
  };
  const second = candidates.find((c) => angle(c.step, first.step) >= NET.minAngle);
  if (!second) return { strength: 0, steps: [first.step] };
  // A lattice repeats along the two steps' sum and difference too; peaks found by chance do not.
  const [a, b] = [first.step, second.step];
  // A step a fraction of a pixel off a whole one puts its multiples up to a pixel off the whole-pixel shifts.
  const near = (dx: number, dy: number) => Math.max(...[-1, 0, 1].flatMap((ex) => [-1, 0, 1].map((ey) => corr(dx + ex, dy + ey))));
  const strength = Math.min(first.strength, second.strength, near(a[0] + b[0], a[1] + b[1]), near(a[0] - b[0], a[1] - b[1]));
  return { strength: Math.max(0, strength), steps: [a, b] };
}

/** Whether a reading shows a net. */
export const isNet = (reading: NetReading): boolean => reading.strength >= NET.minStrength;
