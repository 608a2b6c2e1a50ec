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
 * Method: two readings of the background outside the golfer (and the club's reach), with the light's
 * change fitted as it is read (camera-picture.ts Light: lights on the mains flicker in a phone's slow
 * motion, and a phone's exposure follows the light, and neither moves anything).
 * - From one frame to the next (camera-step.ts): a step is used only when it matches the two pictures
 *   better than no shift at all, so a tripod reads exactly still. But a camera that drifts a few
 *   hundredths of a pixel a frame then reads still too: tour pro B's face-on camera tilts about 4% of
 *   the picture's height and pans 3% of its width (phase correlation on the scene beside the golfer
 *   agrees in every strip), and the steps added up to 0.4% × 0.4%; his camera from behind bobs 2
 *   search pixels, read as still.
 * - Every third frame, against an anchor frame up to 30 frames back (camera-anchor.ts), read in
 *   parts, each part only in the directions its texture fixes: the drift has grown past the grain by
 *   then. Tour pro B face-on now reads 2.8% × 3.8%, within a search pixel of the phase correlation at
 *   frames 30-125; tour pro C's slow-motion camera 1.3% sideways over 412 frames, as measured (1.4%);
 *   tour pro A's cameras, which move about a search pixel, 0.2-0.7%; the tour range clip's tripod 0.1%.
 * Where the anchor reading does not fix a direction to a tenth of a half-size pixel (a plain sky, a
 * background the club hides), the steps are used in it. What is left is mostly the model's own jitter
 * on a small golfer: bench:robustness's hand-held fifth-height golfer's finish reads 24 frames late with
 * this path, as it did with the true camera path (known there) at stop 31.
 */
import { bodyBox, boxHeight, grow, type Box } from './crowd.js';
import { LM, type Pose } from './landmarks.js';
import type { RawFrame } from './runtime/protocol.js';
import { pyramid, type Level, type Shift } from './camera-picture.js';
import { backgroundShift, fillSteps } from './camera-step.js';
import { ANCHOR, anchorShift, blend, type Evidence } from './camera-anchor.js';

export { fillSteps } from './camera-step.js';

export const CAMERA = {
  /** A club reaches up to about this share of the golfer's height from the hands (a driver ~1.1 m on a 1.8 m golfer). */
  clubReach: 0.65,
  /** Around the body's landmarks this share of its height is masked too (hair, clothes, the landmarks' own error). */
  bodyMargin: 0.12,
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

/** What one pass over the frames read: each step from the frame before, and each frame against its anchor. */
interface Readings {
  /** Frame k's step from frame k−1 (fractions of the picture), null where it could not be read. */
  steps: (Shift | null)[];
  /**
   * Frame k's anchor (an earlier frame's place in the list) and its reading against it (half-size pixels);
   * null on the frames between readings (ANCHOR.readEvery), which follow the frame before by their step.
   */
  anchored: ({ anchor: number; read: Evidence | null } | null)[];
}

/**
 * One pass over `frames`: each frame read from the one before and against its anchor, the anchor moving
 * on every ANCHOR.anchorSteps frames, or to a frame it cannot be read against (a black first frame, a
 * background the club hides). `guess` follows the camera (half-size pixels) as the readings are made,
 * so each anchor reading starts near its answer.
 */
function readFrames(frames: RawFrame[], poseAt: (frame: number) => Pose | null): Readings {
  const readings: Readings = { steps: [], anchored: [{ anchor: 0, read: null }] };
  let previous = null as { levels: Level[]; golfer: Box[] } | null;
  let anchor = null as { k: number; levels: Level[]; golfer: Box[]; guess: [number, number] } | null;
  let guess: [number, number] = [0, 0];
  frames.forEach((frame, k) => {
    const pose = poseAt(frame.index);
    const golfer = pose ? golferBoxes(pose, frame.height / frame.width) : (previous?.golfer ?? []);
    const levels = pyramid(frame);
    if (previous && anchor) {
      const shift = backgroundShift(previous.levels, levels, [...previous.golfer, ...golfer]);
      readings.steps.push(shift && { dx: shift.dx / levels[0]!.width, dy: shift.dy / levels[0]!.height });
      if (shift) guess = [guess[0] + shift.dx, guess[1] + shift.dy];
      const due = (k - anchor.k) % ANCHOR.readEvery === 0 || k - anchor.k >= ANCHOR.anchorSteps;
      if (!due) {
        readings.anchored.push(null);
        previous = { levels, golfer };
        return;
      }
      const sinceAnchor: [number, number] = [guess[0] - anchor.guess[0], guess[1] - anchor.guess[1]];
      const read = anchorShift(anchor.levels, levels, [...anchor.golfer, ...golfer], sinceAnchor);
      if (read) {
        const fixed = blend(read, sinceAnchor);
        guess = [anchor.guess[0] + fixed[0], anchor.guess[1] + fixed[1]];
      }
      readings.anchored.push({ anchor: anchor.k, read });
    }
    if (!anchor || k - anchor.k >= ANCHOR.anchorSteps || !readings.anchored[k]!.read) anchor = { k, levels, golfer, guess };
    previous = { levels, golfer };
  });
  return readings;
}

/**
 * The camera's path through `frames` (in order), with the golfer masked where `poseAt` finds them: each
 * frame where its anchor was, plus its reading against the anchor in the directions that reading fixes,
 * and the frame-to-frame steps since the anchor in the others (a gap in the steps filled by fillSteps).
 */
export function cameraPath(frames: RawFrame[], poseAt: (frame: number) => Pose | null): CameraPath {
  if (!frames.length) return STILL_CAMERA;
  const { steps, anchored } = readFrames(frames, poseAt);
  const stepped = { x: [0], y: [0] };
  fillSteps(steps).forEach((step, k) => {
    stepped.x.push(stepped.x[k]! + step.dx);
    stepped.y.push(stepped.y[k]! + step.dy);
  });
  const [w, h] = [Math.floor(frames[0]!.width / 2), Math.floor(frames[0]!.height / 2)];
  const path: CameraPath = { frames: frames.map((f) => f.index), x: [0], y: [0], readSteps: steps.filter((s) => s !== null).length };
  for (let k = 1; k < frames.length; k++) {
    const reading = anchored[k];
    if (!reading) {
      path.x.push(path.x[k - 1]! + stepped.x[k]! - stepped.x[k - 1]!);
      path.y.push(path.y[k - 1]! + stepped.y[k]! - stepped.y[k - 1]!);
      continue;
    }
    const { anchor: a, read } = reading;
    const sinceAnchor: [number, number] = [(stepped.x[k]! - stepped.x[a]!) * w, (stepped.y[k]! - stepped.y[a]!) * h];
    const [dx, dy] = read ? blend(read, sinceAnchor) : sinceAnchor;
    path.x.push(path.x[a]! + dx / w);
    path.y.push(path.y[a]! + dy / h);
  }
  return path;
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
