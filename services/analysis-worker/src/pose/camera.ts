/*
 * The camera's own movement, read from the background around the golfer.
 *
 * A phone held in the hand turns a little as it is held, and it is often lowered or walked away after
 * the finish. A turn of the camera moves every still thing in the picture by the same amount, the
 * golfer with the background (a rotation has no parallax), so the background's shift from one frame
 * to the next is the camera's, and a landmark's movement less that shift is the body's own. Without
 * this, a hand-held clip's finish never settles (the sway reads as the body still moving) and the
 * sway figures read the phone's drift as the golfer's.
 *
 * Method: the shift of the picture outside the golfer (and the club's reach) between consecutive
 * frames, by Lucas–Kanade least squares for one translation, coarse to fine, with outlying pixels
 * (someone walking behind) weighted down, and the light's change fitted with it as one offset of every
 * grey level (Light): lights on the mains flicker from frame to frame in a phone's slow motion and
 * indoors, and a phone's exposure follows the light, and neither moves anything. Read as unchanged
 * light, a brighter frame over sky and grass looks like the picture sliding down (bench:robustness
 * 'lights flickering' read a tripod as travelling a fifth of the picture). A shift is used only when it
 * matches the two pictures better than no shift at all (else the camera stood still), and only when its
 * own standard error is small (a plain sky or a grey wall gives none: a step that cannot be read is
 * filled in from the steps either side). So a camera on a tripod reads still (on the shared clips, every
 * figure is as it was without this; tour pro C's slow-motion phone clip wanders a third of a search-frame
 * pixel over its 412 frames, a tenth of one before the light was fitted), and only a camera that moved
 * moves the landmarks. What is left is mostly the model's
 * own jitter on a small golfer: on bench:robustness's hand-held fifth-height golfer the true camera
 * path (known there) dates the finish where this one does, 24 frames late, and on its left-handed
 * portrait clip 6 frames early, this one 10 late.
 */
import { bodyBox, boxHeight, grow, type Box } from './crowd.js';
import { LM, type Pose } from './landmarks.js';
import type { RawFrame } from './runtime/protocol.js';

export const CAMERA = {
  /** A club reaches up to about this share of the golfer's height from the hands (a driver ~1.1 m on a 1.8 m golfer). */
  clubReach: 0.65,
  /** Around the body's landmarks this share of its height is masked too (hair, clothes, the landmarks' own error). */
  bodyMargin: 0.12,
  /** Pyramid levels below the half-size picture (each halves it): shifts up to ~2³ half-size pixels a frame are followed… */
  levels: 2,
  /** …as long as a level keeps this many pixels on its short side (fewer leave too little background to read). */
  coarsestSide: 16,
  /** Gauss–Newton steps at each level, at most… */
  steps: 4,
  /** …stopping once a step moves the shift less than this (pixels of the level). */
  converged: 0.01,
  /** A step's shift is used when its standard error (half-size pixels) is below this. */
  maxStandardError: 0.05,
  /** Of the picture, at least this share must be background to read a shift from. */
  minBackgroundShare: 0.08,
  /** Residuals beyond this many times their median absolute size count less (Huber weights). */
  robustScale: 2.5,
  /** Grey levels: a pixel's difference counts at most this much when shifts are compared. */
  mismatchCap: 20,
  /** Grey levels: the residual floor below which a pixel always counts fully (compression noise). */
  noiseFloor: 2,
} as const;

/** Where the camera had moved the picture by each analysed frame, since the first (fractions of the width and height). */
export interface CameraPath {
  frames: number[];
  x: number[];
  y: number[];
  /** Steps whose shift (or stillness) was read; the rest were filled in between them. */
  readSteps: number;
}

export const STILL_CAMERA: CameraPath = { frames: [], x: [], y: [], readSteps: 0 };

/** One level of a grey picture (luminance). */
interface Level {
  width: number;
  height: number;
  grey: Float32Array;
}

/** The frame's luminance at half size (2×2 means: compression noise averaged), then each further level halved again. */
function pyramid(frame: RawFrame): Level[] {
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
  while (levels.length <= CAMERA.levels && Math.min(width, height) >> levels.length >= CAMERA.coarsestSide) levels.push(halve(levels[levels.length - 1]!));
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

/**
 * Where the golfer and the club may be in a frame (normalised boxes): the body's landmarks with a margin,
 * and the club's reach around the hands. `aspect` is the picture's height over its width.
 */
function golferBoxes(pose: Pose, aspect: number): Box[] {
  const body = bodyBox(pose);
  const at = (i: number) => [pose.image[i * 4]!, pose.image[i * 4 + 1]!] as const;
  const [[lx, ly], [rx, ry]] = [at(LM.leftWrist), at(LM.rightWrist)];
  const [hx, hy] = [(lx + rx) / 2, (ly + ry) / 2];
  const reach = boxHeight(body) * CAMERA.clubReach;
  const across = reach * aspect; // the same length as a share of the width
  return [grow(body, CAMERA.bodyMargin), { left: hx - across, right: hx + across, top: hy - reach, bottom: hy + reach }];
}

/** 1 where the background is, 0 inside any of the golfer's boxes (normalised). */
function backgroundMask(width: number, height: number, boxes: Box[]): Uint8Array {
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
  if (x < 0 || y < 0 || x > level.width - 1 || y > level.height - 1) return NaN;
  const x0 = Math.min(Math.floor(x), level.width - 2);
  const y0 = Math.min(Math.floor(y), level.height - 2);
  const fx = x - x0;
  const fy = y - y0;
  const g = level.grey;
  const o = y0 * level.width + x0;
  return (g[o]! * (1 - fx) + g[o + 1]! * fx) * (1 - fy) + (g[o + level.width]! * (1 - fx) + g[o + level.width + 1]! * fx) * fy;
}

interface Step {
  dx: number;
  dy: number;
  /** Standard error of the shift (pixels of the level), Infinity when the background gives no fix. */
  error: number;
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
interface Light {
  offset: number;
}

const SAME_LIGHT: Light = { offset: 0 };

/** The background pixels of `a` whose shifted place in `b` is background too: gradients of `a` and residuals, the light's change taken out. */
function compare(a: Level, b: Level, background: Uint8Array, d: { dx: number; dy: number }, light: Light) {
  const n = a.width * a.height;
  const [gx, gy, r, textured] = [new Float32Array(n), new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  let [count, texturedCount] = [0, 0];
  for (let y = 1; y < a.height - 1; y++) {
    for (let x = 1; x < a.width - 1; x++) {
      const i = y * a.width + x;
      if (!background[i]) continue;
      const bx = Math.round(x + d.dx);
      const by = Math.round(y + d.dy);
      if (bx < 0 || by < 0 || bx >= b.width || by >= b.height || !background[by * b.width + bx]) continue;
      const moved = sample(b, x + d.dx, y + d.dy);
      if (Number.isNaN(moved)) continue;
      gx[count] = (a.grey[i + 1]! - a.grey[i - 1]!) / 2;
      gy[count] = (a.grey[i + a.width]! - a.grey[i - a.width]!) / 2;
      r[count] = moved - a.grey[i]! - light.offset;
      // The residuals' scale from textured pixels only: a flat sky's zeros would make every edge an outlier.
      if (Math.abs(gx[count]!) + Math.abs(gy[count]!) > CAMERA.noiseFloor) textured[texturedCount++] = r[count]!;
      count++;
    }
  }
  return { gx, gy, r, count, scale: Math.max(CAMERA.noiseFloor, CAMERA.robustScale * 1.4826 * medianAbs(textured, texturedCount)) };
}

/** Huber's weight of a residual: 1 within `scale`, less beyond it (someone walking by counts little). */
const huber = (e: number, scale: number) => (Math.abs(e) <= scale ? 1 : scale / Math.abs(e));

/** The light's offset that best fits residuals read in unchanged light: their weighted mean. */
function bestOffset(r: Float32Array, count: number, scale: number): number {
  let [sum, weights] = [0, 0];
  for (let k = 0; k < count; k++) {
    const w = huber(r[k]!, scale);
    sum += w * r[k]!;
    weights += w;
  }
  return weights > 0 ? sum / weights : 0;
}

/**
 * One Gauss–Newton step of the shift that carries `a`'s background onto `b`, and of the light's change
 * with it: b(x + d) ≈ a(x) + offset, with a's gradients (fixed, so the normal matrix is a's texture
 * alone), residuals beyond `scale` weighted down. The offset is solved out in closed form: the shift is
 * fitted to the gradients and residuals about their weighted means.
 */
function refine(a: Level, b: Level, background: Uint8Array, d: { dx: number; dy: number }, light: Light): Step & { light: Light } {
  const { gx, gy, r, count, scale } = compare(a, b, background, d, light);
  const cannot = { ...d, light, error: Infinity };
  if (count < a.width * a.height * CAMERA.minBackgroundShare) return cannot;
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
function backgroundShift(a: Level[], b: Level[], golfers: Box[]): { dx: number; dy: number } | null {
  let d = { dx: 0, dy: 0 };
  let light = SAME_LIGHT;
  let last: Step = { ...d, error: Infinity };
  for (let l = a.length - 1; l >= 0; l--) {
    if (l < a.length - 1) d = { dx: d.dx * 2, dy: d.dy * 2 };
    const background = backgroundMask(a[l]!.width, a[l]!.height, golfers);
    for (let s = 0; s < CAMERA.steps; s++) {
      const next = refine(a[l]!, b[l]!, background, d, light);
      last = next;
      if (!Number.isFinite(last.error)) break;
      const moved = Math.hypot(last.dx - d.dx, last.dy - d.dy);
      [d, light] = [{ dx: last.dx, dy: last.dy }, next.light];
      if (moved < CAMERA.converged) break;
    }
  }
  if (!Number.isFinite(last.error) || last.error > CAMERA.maxStandardError) return null;
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
function mismatch(a: Level, b: Level, background: Uint8Array, d: { dx: number; dy: number }): number {
  // One pass over the background: the residuals in unchanged light, less the offset that fits them best.
  const { r, count, scale } = compare(a, b, background, d, SAME_LIGHT);
  const offset = bestOffset(r, count, scale);
  let sum = 0;
  for (let k = 0; k < count; k++) sum += Math.min(Math.abs(r[k]! - offset), CAMERA.mismatchCap);
  return count ? sum / count : Infinity;
}

/**
 * The camera's path through `frames` (in order), with the golfer masked where `poseAt` finds them.
 * Each step's shift is added to the last; a step that cannot be read is filled in (fillSteps).
 */
export function cameraPath(frames: RawFrame[], poseAt: (frame: number) => Pose | null): CameraPath {
  const steps: ({ dx: number; dy: number } | null)[] = [];
  let previous = null as { levels: Level[]; golfer: Box[] } | null;
  for (const frame of frames) {
    const pose = poseAt(frame.index);
    const golfer = pose ? golferBoxes(pose, frame.height / frame.width) : (previous?.golfer ?? []);
    const levels = pyramid(frame);
    if (previous) {
      const shift = backgroundShift(previous.levels, levels, [...previous.golfer, ...golfer]);
      steps.push(shift && { dx: shift.dx / levels[0]!.width, dy: shift.dy / levels[0]!.height });
    }
    previous = { levels, golfer };
  }
  const filled = fillSteps(steps);
  const path: CameraPath = { frames: frames.map((f) => f.index), x: [0], y: [0], readSteps: steps.filter((s) => s !== null).length };
  filled.forEach((step, k) => {
    path.x.push(path.x[k]! + step.dx);
    path.y.push(path.y[k]! + step.dy);
  });
  return frames.length ? path : STILL_CAMERA;
}

/**
 * Steps that could not be read (around the top, the club's reach can hide most of the background),
 * filled in between the read steps either side: a phone in the hand moves smoothly from one frame to
 * the next, and a camera read as still either side of a gap stays still through it. A gap at either
 * end of the clip, with a read step on one side only, is taken as still.
 */
export function fillSteps(steps: ({ dx: number; dy: number } | null)[]): { dx: number; dy: number }[] {
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

/** The camera's offset at `frame` (fractions of the picture), between its neighbours; 0 on a still path. */
export function cameraOffsetAt(path: CameraPath, frame: number): [number, number] {
  const n = path.frames.length;
  if (n === 0) return [0, 0];
  if (frame <= path.frames[0]!) return [path.x[0]!, path.y[0]!];
  if (frame >= path.frames[n - 1]!) return [path.x[n - 1]!, path.y[n - 1]!];
  const hi = path.frames.findIndex((f) => f >= frame);
  if (path.frames[hi] === frame) return [path.x[hi]!, path.y[hi]!];
  const t = (frame - path.frames[hi - 1]!) / (path.frames[hi]! - path.frames[hi - 1]!);
  return [path.x[hi - 1]! + (path.x[hi]! - path.x[hi - 1]!) * t, path.y[hi - 1]! + (path.y[hi]! - path.y[hi - 1]!) * t];
}

/** For the technical details: the share of steps read, and how far the camera wandered (fractions of the picture). */
export interface CameraSummary {
  readShare: number;
  travel: { x: number; y: number };
}

export function cameraSummary(path: CameraPath): CameraSummary {
  const range = (v: number[]) => (v.length ? Math.max(...v) - Math.min(...v) : 0);
  const round3 = (v: number) => Math.round(v * 1000) / 1000;
  const steps = Math.max(1, path.frames.length - 1);
  return { readShare: round3(path.readSteps / steps), travel: { x: round3(range(path.x)), y: round3(range(path.y)) } };
}

/** The pose as a still camera would have seen it: its picture landmarks less the camera's offset by then. */
export function steadyPose(pose: Pose, [dx, dy]: [number, number]): Pose {
  if (dx === 0 && dy === 0) return pose;
  const image = Float32Array.from(pose.image);
  for (let i = 0; i < image.length; i += 4) {
    image[i] = image[i]! - dx;
    image[i + 1] = image[i + 1]! - dy;
  }
  return { image, world: pose.world };
}
