/*
 * The camera read against an anchor frame. A camera that drifts a few hundredths of a pixel a frame
 * (tour pro B's face-on camera tilts 4% of the picture's height over 80 frames) moves too little from
 * one frame to the next to tell from grain, so each step reads still and the steps add up to a tripod.
 * Read against a frame up to ANCHOR.anchorSteps back, the drift has grown past the grain.
 *
 * The background is read in parts (a grid of tiles), each only in the directions its texture fixes: a
 * rope across fixes up and down, an upright tree trunk left and right, a plain patch nothing. A part's
 * firmness is the texture both frames share: grain differs from frame to frame, so its gradients look
 * like texture in one frame but fix nothing, and read as firm they hold the reading wherever it started.
 * The parts are made to agree each by its firmness, and a part that disagrees (someone walking by, a
 * title fixed to the picture) is weighted down by how far off it is for its firmness. Where the parts
 * together do not fix a direction, the frame-to-frame steps are used in it.
 */
import type { Box } from './crowd.js';
import { PICTURE, SAME_LIGHT, backgroundMask, compare, huber, inBestLight, type Level, type Shift } from './camera-picture.js';

export const ANCHOR = {
  /** Each frame is read against an anchor frame up to this many steps back. */
  anchorSteps: 30,
  /**
   * Every this many frames: a drift this slow moves the frames between by a few hundredths of a pixel,
   * which their steps carry, and each reading costs as much as two steps.
   */
  readEvery: 3,
  /** Gauss–Newton steps of a reading, at most. */
  steps: 2,
  /** The background read in this grid of parts (columns, rows). */
  tiles: [4, 3] as const,
  /** A part is read when this share of it is background. */
  minTileShare: 0.25,
  /** Half-size pixels: no part is taken as firmer than this in any direction (its own pixels are not independent). */
  tileFloor: 0.1,
  /** Reweighting rounds when the parts are made to agree… */
  agreeIterations: 6,
  /** …each part weighted down beyond this many of its own standard errors from the agreed shift. */
  agreeScale: 2,
  /** Half-size pixels: an anchor's reading is used in a direction where its standard error is at most this. */
  anchorMaxError: 0.1,
  /** Standard errors: an anchor's reading nearer still than this is taken as still. */
  stillWithin: 1,
} as const;

/** A 2×2 symmetric matrix [xx, xy, yy]. */
type Sym = [number, number, number];

/** Eigen-directions of a 2×2 symmetric matrix, largest value first. */
function eigen([xx, xy, yy]: Sym): { values: [number, number]; vectors: [[number, number], [number, number]] } {
  const mid = (xx + yy) / 2;
  const half = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy);
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return { values: [mid + half, mid - half], vectors: [[c, s], [-s, c]] };
}

/** One part of the background's evidence: where it puts the shift, and how firmly in each direction (1/px²). */
export interface Evidence {
  d: [number, number];
  info: Sym;
}

/**
 * Each part of the background (a grid of tiles) read on its own: the shift its texture fixes, only in
 * the directions its texture runs across (a rope fixes up and down, a tree trunk left and right, a plain
 * patch nothing), each part with its own change of light.
 */
function tileEvidence(a: Level, b: Level, background: Uint8Array, d: Shift): Evidence[] {
  const { gx, gy, hx, hy, r, at, count, scale } = inBestLight(compare(a, b, background, d, SAME_LIGHT, true));
  const [cols, rows] = ANCHOR.tiles;
  const sums = Array.from({ length: cols * rows }, () => new Float64Array(TILE_SUMS));
  for (let k = 0; k < count; k++) {
    const [x, y] = [at[k]! % a.width, Math.floor(at[k]! / a.width)];
    const t = sums[Math.min(rows - 1, Math.floor((y * rows) / a.height)) * cols + Math.min(cols - 1, Math.floor((x * cols) / a.width))]!;
    const [ax, ay, bx, by, e] = [gx[k]!, gy[k]!, hx[k]!, hy[k]!, r[k]!];
    const w = huber(e, scale);
    const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
    t[0] = t[0]! + w * ax * bx;
    t[1] = t[1]! + (w * (ax * by + ay * bx)) / 2;
    t[2] = t[2]! + w * ay * by;
    t[3] = t[3]! + w * mx * e;
    t[4] = t[4]! + w * my * e;
    t[5] = t[5]! + w * e * e;
    t[6] = t[6]! + w;
    t[7] = t[7]! + w * e;
    t[8] = t[8]! + w * ax;
    t[9] = t[9]! + w * ay;
    t[10] = t[10]! + w * bx;
    t[11] = t[11]! + w * by;
  }
  const tileArea = (a.width * a.height) / (cols * rows);
  return sums.flatMap((t) => (t[6]! < tileArea * ANCHOR.minTileShare ? [] : [partEvidence(t, d)]));
}

/** Sums kept per part: ∇a∇bᵀ (3), mean gradient × residual (2), residual² , weight, residual, ∇a (2), ∇b (2). */
const TILE_SUMS = 12;

/**
 * One part's evidence from its sums, all about their means (the part's own change of light). Its
 * firmness is the texture both frames share (∇a∇bᵀ): grain differs from frame to frame, so its
 * gradients look like texture in one frame but fix nothing; the step along each firm direction is the
 * residual's regression on the mean gradient.
 */
function partEvidence(t: Float64Array, d: Shift): Evidence {
  const [sw, sr, sax, say, sbx, sby] = [t[6]!, t[7]!, t[8]!, t[9]!, t[10]!, t[11]!];
  const cross: Sym = [t[0]! - (sax * sbx) / sw, t[1]! - (sax * sby + say * sbx) / (2 * sw), t[2]! - (say * sby) / sw];
  const [smx, smy] = [(sax + sbx) / 2, (say + sby) / 2];
  const [gxr, gyr] = [t[3]! - (smx * sr) / sw, t[4]! - (smy * sr) / sw];
  const variance = Math.max(PICTURE.noiseFloor ** 2 / 4, (t[5]! - (sr * sr) / sw) / sw);
  const { values, vectors } = eigen(cross);
  let [ddx, ddy] = [0, 0];
  const info: Sym = [0, 0, 0];
  values.forEach((value, i) => {
    if (value <= 0) return;
    const [vx, vy] = vectors[i]!;
    // Along this direction: the step, and its firmness, no firmer than ANCHOR.tileFloor allows.
    const along = -(vx * gxr + vy * gyr) / value;
    [ddx, ddy] = [ddx + along * vx, ddy + along * vy];
    const firm = 1 / (variance / value + ANCHOR.tileFloor ** 2);
    info[0] += firm * vx * vx; info[1] += firm * vx * vy; info[2] += firm * vy * vy;
  });
  return { d: [d.dx + ddx, d.dy + ddy], info };
}

/**
 * The shift the parts agree on, each weighted by its firmness in each direction, and parts that
 * disagree (someone walking by) weighted down by how far off they are for their firmness (Cauchy).
 */
function agree(parts: Evidence[], start: [number, number]): Evidence | null {
  let d = start;
  let total: Sym = [0, 0, 0];
  for (let iteration = 0; iteration < ANCHOR.agreeIterations; iteration++) {
    total = [0, 0, 0];
    let [bx, by] = [0, 0];
    for (const p of parts) {
      const [ex, ey] = [d[0] - p.d[0], d[1] - p.d[1]];
      const m2 = p.info[0] * ex * ex + 2 * p.info[1] * ex * ey + p.info[2] * ey * ey;
      const w = 1 / (1 + m2 / ANCHOR.agreeScale ** 2);
      total = [total[0] + w * p.info[0], total[1] + w * p.info[1], total[2] + w * p.info[2]];
      bx += w * (p.info[0] * p.d[0] + p.info[1] * p.d[1]);
      by += w * (p.info[1] * p.d[0] + p.info[2] * p.d[1]);
    }
    const det = total[0] * total[2] - total[1] ** 2;
    if (!(det > 0)) return null;
    d = [(total[2] * bx - total[1] * by) / det, (total[0] * by - total[1] * bx) / det];
  }
  return { d, info: total };
}

/**
 * Frame `b` registered against the anchor `a` (half-size pixels), starting from `guess`: the shift
 * and its firmness, or null where the background cannot be read.
 */
export function anchorShift(a: Level[], b: Level[], golfers: Box[], guess: [number, number]): Evidence | null {
  // On the half-size picture only: the frame-to-frame steps bring the guess near the answer.
  const [from, to] = [a[0]!, b[0]!];
  const background = backgroundMask(from.width, from.height, golfers);
  let found: Evidence | null = null;
  for (let s = 0; s < ANCHOR.steps; s++) {
    const d: [number, number] = found?.d ?? guess;
    const parts = tileEvidence(from, to, background, { dx: d[0], dy: d[1] });
    found = parts.length ? agree(parts, d) : null;
    if (!found) return null;
    if (Math.hypot(found.d[0] - d[0], found.d[1] - d[1]) < PICTURE.converged) break;
  }
  // A reading that fixes no direction (a black frame, a plain wall) is none.
  if (!found || !(eigen(found.info).values[0] >= ANCHOR.anchorMaxError ** -2)) return null;
  // Still, unless the background shows a move beyond the reading's own error: a tripod's frames the codec
  // kept identical read exactly still though a passer-by pulls a little.
  const [[x, y], [xx, xy, yy]] = [found.d, found.info];
  return xx * x * x + 2 * xy * x * y + yy * y * y <= ANCHOR.stillWithin ** 2 ? { d: [0, 0], info: found.info } : found;
}

/** `read` in the directions its firmness fixes to ANCHOR.anchorMaxError, `fallback` in the others. */
export function blend(read: Evidence, fallback: [number, number]): [number, number] {
  const { values, vectors } = eigen(read.info);
  let out: [number, number] = [0, 0];
  values.forEach((value, i) => {
    const [vx, vy] = vectors[i]!;
    const use = value > 0 && 1 / Math.sqrt(value) <= ANCHOR.anchorMaxError ? read.d : fallback;
    const along = vx * use[0] + vy * use[1];
    out = [out[0] + along * vx, out[1] + along * vy];
  });
  return out;
}

