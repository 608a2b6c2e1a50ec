/*
 * The camera's step from one frame to the next: the shift of the background between consecutive
 * frames, by Lucas–Kanade least squares for one translation, coarse to fine, with the light's change
 * fitted with it as one offset of every grey level. A step is used only when it matches the two
 * pictures better than no shift at all, and only when its own standard error is small; a step that
 * cannot be read is filled in from the steps either side (fillSteps).
 */
import type { Box } from './crowd.js';
import { PICTURE, SAME_LIGHT, backgroundMask, bestOffset, compare, huber, type Level, type Light, type Shift } from './camera-picture.js';

export const STEP = {
  /** A step's shift is used when its standard error (half-size pixels) is below this. */
  maxStandardError: 0.05,
  /** Grey levels: a pixel's difference counts at most this much when shifts are compared. */
  mismatchCap: 20,
} as const;

interface Step {
  dx: number;
  dy: number;
  /** Standard error of the shift (pixels of the level), Infinity when the background gives no fix. */
  error: number;
}

/**
 * One Gauss–Newton step of the shift that carries `a`'s background onto `b`, and of the light's change
 * with it: b(x + d) ≈ a(x) + offset, with a's gradients (fixed, so the normal matrix is a's texture
 * alone), residuals beyond `scale` weighted down. The offset is solved out in closed form: the shift is
 * fitted to the gradients and residuals about their weighted means.
 */
function refine(a: Level, b: Level, background: Uint8Array, d: Shift, light: Light): Step & { light: Light } {
  const { gx, gy, r, count, scale } = compare(a, b, background, d, light);
  const cannot = { ...d, light, error: Infinity };
  if (count < a.width * a.height * PICTURE.minBackgroundShare) return cannot;
  let [sxx, sxy, syy, sxr, syr, srr, sw, sx, sy, sr] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let k = 0; k < count; k++) {
    const [x, y, e] = [gx[k]!, gy[k]!, r[k]!];
    const w = huber(e, scale);
    sxx += w * x * x;
    sxy += w * x * y;
    syy += w * y * y;
    sxr += w * x * e;
    syr += w * y * e;
    srr += w * e * e;
    sw += w;
    sx += w * x;
    sy += w * y;
    sr += w * e;
  }
  // About the means: what an even change of light explains is no evidence of a shift.
  [sxx, sxy, syy, sxr, syr] = [sxx - (sx * sx) / sw, sxy - (sx * sy) / sw, syy - (sy * sy) / sw, sxr - (sx * sr) / sw, syr - (sy * sr) / sw];
  const det = sxx * syy - sxy * sxy;
  const smallest = (sxx + syy) / 2 - Math.sqrt(((sxx - syy) / 2) ** 2 + sxy * sxy);
  if (det <= 0 || smallest <= 0) return cannot;
  // Solve [sxx sxy; sxy syy]·Δ = −[sxr; syr]; then the offset that the shifted residuals leave on average.
  const ddx = -(syy * sxr - sxy * syr) / det;
  const ddy = -(sxx * syr - sxy * sxr) / det;
  const offset = light.offset + (sr + sx * ddx + sy * ddy) / sw;
  // The residual variance over the weakest direction's texture: the shift's own standard error.
  const error = Math.sqrt(srr / sw / smallest);
  return { dx: d.dx + ddx, dy: d.dy + ddy, light: { offset }, error };
}

/**
 * The background's shift from `a` to `b`, half-size pixels, coarse to fine, outside both frames'
 * golfers: no shift when none matches better (the camera stood still); null when it cannot be read.
 */
export function backgroundShift(a: Level[], b: Level[], golfers: Box[]): Shift | null {
  let d = { dx: 0, dy: 0 };
  let light = SAME_LIGHT;
  let last: Step = { ...d, error: Infinity };
  for (let l = a.length - 1; l >= 0; l--) {
    if (l < a.length - 1) d = { dx: d.dx * 2, dy: d.dy * 2 };
    const background = backgroundMask(a[l]!.width, a[l]!.height, golfers);
    for (let s = 0; s < PICTURE.steps; s++) {
      const next = refine(a[l]!, b[l]!, background, d, light);
      last = next;
      if (!Number.isFinite(last.error)) break;
      const moved = Math.hypot(last.dx - d.dx, last.dy - d.dy);
      [d, light] = [{ dx: last.dx, dy: last.dy }, next.light];
      if (moved < PICTURE.converged) break;
    }
  }
  if (!Number.isFinite(last.error) || last.error > STEP.maxStandardError) return null;
  // A shift must match the pictures better than none at all: a false match (a repeating fence, a
  // few textured pixels) can look precise and still be wrong. Each is judged in the light that suits it best.
  const background = backgroundMask(a[0]!.width, a[0]!.height, golfers);
  const still = { dx: 0, dy: 0 };
  return mismatch(a[0]!, b[0]!, background, d) <= mismatch(a[0]!, b[0]!, background, still) ? d : still;
}

/**
 * Mean absolute difference of the background under shift `d`, in the light that fits it best, each
 * pixel's capped (someone walking by counts little).
 */
function mismatch(a: Level, b: Level, background: Uint8Array, d: Shift): number {
  // One pass over the background: the residuals in unchanged light, less the offset that fits them best.
  const { r, count, scale } = compare(a, b, background, d, SAME_LIGHT);
  const offset = bestOffset(r, count, scale);
  let sum = 0;
  for (let k = 0; k < count; k++) sum += Math.min(Math.abs(r[k]! - offset), STEP.mismatchCap);
  return count ? sum / count : Infinity;
}

/**
 * Steps that could not be read (around the top, the club's reach can hide most of the background),
 * filled in between the read steps either side: a phone in the hand moves smoothly from one frame to
 * the next, and a camera read as still either side of a gap stays still through it. A gap at either
 * end of the clip, with a read step on one side only, is taken as still.
 */
export function fillSteps(steps: (Shift | null)[]): Shift[] {
  return steps.map((step, k) => {
    if (step) return step;
    let [before, after] = [k - 1, k + 1];
    while (before >= 0 && !steps[before]) before--;
    while (after < steps.length && !steps[after]) after++;
    if (before < 0 || after >= steps.length) return { dx: 0, dy: 0 };
    const [a, b] = [steps[before]!, steps[after]!];
    const t = (k - before) / (after - before);
    return { dx: a.dx + (b.dx - a.dx) * t, dy: a.dy + (b.dy - a.dy) * t };
  });
}

