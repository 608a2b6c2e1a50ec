/*
 * Body geometry from landmarks. Conventions: world landmarks are camera-aligned (x right, y down,
 * z away from the camera), so "vertical" is the camera's y axis — the video is upright and the camera
 * roughly level. A 2D image angle of the shoulder line is tilt, not turn: turn is measured in the
 * horizontal (x, z) plane of the 3D landmarks.
 */
import { LM, MIRROR_PAIRS, imagePoint, worldPoint, type Pose, type Vec2 } from './landmarks.js';

const DEG = 180 / Math.PI;

export const mid2 = (a: Vec2, b: Vec2): Vec2 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
export const dist2 = (a: Vec2, b: Vec2): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Wraps an angle in degrees to (-180, 180]. */
export function wrapDeg(a: number): number {
  let x = a % 360;
  if (x <= -180) x += 360;
  if (x > 180) x -= 360;
  return x;
}

/** Direction (degrees) of the line a→b seen from above: its angle in the horizontal x–z plane. */
function lineYaw(pose: Pose, a: number, b: number): number {
  const p = worldPoint(pose, a);
  const q = worldPoint(pose, b);
  return Math.atan2(q[2] - p[2], q[0] - p[0]) * DEG;
}

export const shoulderYaw = (pose: Pose): number => lineYaw(pose, LM.leftShoulder, LM.rightShoulder);
export const hipYaw = (pose: Pose): number => lineYaw(pose, LM.leftHip, LM.rightHip);

/** Circular mean of angles in degrees. */
export function meanAngle(angles: number[]): number {
  const s = angles.reduce((acc, a) => acc + Math.sin(a / DEG), 0);
  const c = angles.reduce((acc, a) => acc + Math.cos(a / DEG), 0);
  return Math.atan2(s, c) * DEG;
}

/** Rotation about the vertical axis from `from` to `to`, in degrees (absolute). */
export const turnBetween = (from: number, to: number): number => Math.abs(wrapDeg(to - from));

/**
 * Forward tilt of the spine in the image (hip centre → shoulder centre against the image vertical),
 * degrees. Only meaningful down the line, where forward bend lies in the image plane.
 */
export function spineTiltImage(pose: Pose, width: number, height: number): number {
  const hip = mid2(imagePoint(pose, LM.leftHip, width, height), imagePoint(pose, LM.rightHip, width, height));
  const sh = mid2(imagePoint(pose, LM.leftShoulder, width, height), imagePoint(pose, LM.rightShoulder, width, height));
  return Math.abs(Math.atan2(sh[0] - hip[0], hip[1] - sh[1]) * DEG);
}

/** Torso length in pixels (hip centre to shoulder centre): the body's own yardstick in the image. */
export function torsoLengthPx(pose: Pose, width: number, height: number): number {
  const hip = mid2(imagePoint(pose, LM.leftHip, width, height), imagePoint(pose, LM.rightHip, width, height));
  const sh = mid2(imagePoint(pose, LM.leftShoulder, width, height), imagePoint(pose, LM.rightShoulder, width, height));
  return dist2(hip, sh);
}

export const hipCentrePx = (pose: Pose, width: number, height: number): Vec2 =>
  mid2(imagePoint(pose, LM.leftHip, width, height), imagePoint(pose, LM.rightHip, width, height));

export const shoulderCentrePx = (pose: Pose, width: number, height: number): Vec2 =>
  mid2(imagePoint(pose, LM.leftShoulder, width, height), imagePoint(pose, LM.rightShoulder, width, height));

/** Head position in pixels: nose and both ears averaged (steadier than the nose alone). */
export function headPx(pose: Pose, width: number, height: number): Vec2 {
  const pts = [LM.nose, LM.leftEar, LM.rightEar].map((i) => imagePoint(pose, i, width, height));
  return [pts.reduce((s, p) => s + p[0], 0) / 3, pts.reduce((s, p) => s + p[1], 0) / 3];
}

export const handsPx = (pose: Pose, width: number, height: number): Vec2 =>
  mid2(imagePoint(pose, LM.leftWrist, width, height), imagePoint(pose, LM.rightWrist, width, height));

/**
 * Both hands hold the grip, so the wrists are never further apart than a hand's breadth or two: about
 * 10-15 cm, a quarter of the torso (hip centre to shoulder centre, ~50 cm). Further apart than this, the
 * model has misplaced one of them.
 */
export const GRIP_SPAN_TORSO = 0.35;

/**
 * Where the hands are on the grip coming down to impact: the wrists' midpoint, or, where the model puts
 * the wrists further apart than a grip allows, the lower wrist. The model follows each landmark on from
 * the frame before, and a wrist it cannot make out stays behind the hands: down the line the lead wrist
 * hidden behind the trail arm, face-on a blurred arm in a fast downswing. Coming down, the one left
 * behind is the higher one: on the slow-motion driver swing the hidden lead wrist rose half a torso above
 * the trail wrist for 10 frames, and the midpoint's lowest point came 9 frames before the club met the
 * ball; on the face-on HEVC clip's mirror image it was the trail wrist, and the midpoint never came down
 * to impact height. (Going up to the top the one behind is the lower one, so the top is read from the
 * midpoint: a lower wrist there dated a hand-held clip's top 2 frames early.)
 */
export function gripPx(pose: Pose, width: number, height: number): Vec2 {
  const left = imagePoint(pose, LM.leftWrist, width, height);
  const right = imagePoint(pose, LM.rightWrist, width, height);
  if (dist2(left, right) <= GRIP_SPAN_TORSO * torsoLengthPx(pose, width, height)) return mid2(left, right);
  return left[1] >= right[1] ? left : right;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Spread of values around their median, on the standard deviation's scale (1.4826 × the median absolute
 * deviation): one wild frame out of five does not inflate it, as it would a standard deviation.
 */
export function robustSpread(values: number[]): number {
  if (values.length < 2) return 0;
  const m = median(values);
  return 1.4826 * median(values.map((v) => Math.abs(v - m)));
}

/**
 * Face-on: how far a body line (lead end → trail end) is turned away from the camera's image plane,
 * degrees, positive when turned the way the backswing turns (the lead end nearer the camera). From the
 * 3D landmarks, so it rests on the model's depth guess: used only for the small angle at address.
 */
export function yawFromImagePlane(pose: Pose, lead: number, trail: number): number {
  const d = [worldPoint(pose, lead), worldPoint(pose, trail)] as const;
  const dx = d[0][0] - d[1][0];
  const dz = d[0][2] - d[1][2];
  // z grows away from the camera: the lead end coming closer is a negative dz.
  return Math.atan2(-dz, Math.abs(dx)) * DEG;
}

/** Left/right pairs below the hips: knees, ankles, heels, toes. */
const LEG_PAIRS = MIRROR_PAIRS.filter(([l]) => l >= LM.leftKnee);

/** The pose with the given left/right landmark pairs (default: all of them) exchanged, positions unchanged. */
export function swapSides(pose: Pose, pairs: [number, number][] = MIRROR_PAIRS): Pose {
  const image = pose.image.slice();
  const world = pose.world.slice();
  for (const [l, r] of pairs) {
    for (const [out, src] of [[image, pose.image], [world, pose.world]] as const) {
      out.set(src.subarray(r * 4, r * 4 + 4), l * 4);
      out.set(src.subarray(l * 4, l * 4 + 4), r * 4);
    }
  }
  return { image, world };
}

/**
 * The pose with left and right labelled as in `reference`. Once the golfer's back shows, the pose model
 * may decide it sees the person from behind and swap every left/right label; a real turn past 90°
 * reverses the shoulder line but not the legs or the hips (hips turn 25–65° at the top). So when the
 * hips, the knees and the ankles have all changed sides in the picture, the labels were swapped (feet
 * do not cross in a swing) and are put back. Knees and ankles swapped with the hips in place are the
 * model mixing up the legs alone: only the legs are put back, the torso's labels are right.
 */
export function alignLabels(pose: Pose, reference: Pose, width: number, height: number): Pose {
  const side = (p: Pose, a: number, b: number) => Math.sign(imagePoint(p, a, width, height)[0] - imagePoint(p, b, width, height)[0]);
  const flipped = (a: number, b: number) => side(pose, a, b) !== 0 && side(pose, a, b) === -side(reference, a, b);
  const legs = flipped(LM.leftKnee, LM.rightKnee) && flipped(LM.leftAnkle, LM.rightAnkle);
  if (!legs) return pose;
  return flipped(LM.leftHip, LM.rightHip) ? swapSides(pose) : swapSides(pose, LEG_PAIRS);
}
