/*
 * Body turn, one method per camera view, and the turn followed through the backswing.
 *
 * Face-on, shoulders: from the front the trail shoulder hides behind the neck as the back turns to the
 * target, so the pose model only guesses where it is (its guess keeps the shoulders wide: every tour
 * player read 55–61° from both shoulders); the lead shoulder stays in sight. It swings about the spine on
 * a circle whose radius is half the shoulder width at address, so its sideways distance from the spine,
 * over that half width, is the cosine of the turn. The spine keeps its sideways place over the pelvis,
 * so the pelvis centre's sideways move carries it along. The distance is read across the picture, not
 * along the shoulder line's slope at address: for a rigid turn about a spine bent toward the camera the
 * slope would be the exact axis, and the lead shoulder would drop about half its half width by the top,
 * but the model's lead shoulder rises there instead (about a quarter of the half width on both tour
 * players), and read along the slope tour pro A's face-on shoulders fell 1.5° and his two views moved
 * from 13° to 14.5° apart (tried at stop 29).
 * Past about 70° the lead arm lies across the lead shoulder and the model's point for it moves onto the
 * outline of the upper back, which the camera does see and which all but stops moving from there to a
 * full turn (drawn on the shared clips' top frames: the point sits on the back's edge, behind the joint
 * under the chin). So a face-on shoulder reading from there up is a lower limit, and says so (contracts
 * FACE_ON_SHOULDER_LIMIT_DEG): read through the backswing beside the same golfer's down-the-line clip,
 * the face-on reading stalls at 63-79° while the one from behind goes on to 86-95°. Nor does anything
 * else the model gives face-on stand in for the hidden joint (stop 46, bench/face-on-alternatives.ts):
 * its 3D skeleton puts the turn at the top in a depth it guesses short (39-48° and 31-42° on the two
 * tour players, the heavy model alike), and a straight lead arm extended past the elbow misses because
 * the model's lead elbow under the raised arm is off the arm too.
 *
 * Face-on, hips: as the hips turn, the model's two hip points come together far less than the joints do
 * (read as joints, through the arc cosine, every tour player's hips read 10-30°; at stop 46 the two tour
 * players' reached 21 and 25°, against 34 and 44 from behind). Drawn on the pictures
 * (bench/shoulders-drawn.ts --hips) they sit inside the hips' outline, near the joints, so the model
 * places them as if the hips had turned about as far as their visible outline narrowed: seen from above
 * the hips are an oval about PELVIS_DEPTH_RATIO as deep as they are wide, and a turn θ narrows that
 * outline only to √(cos²θ + k²·sin²θ) of its square-on width. Their narrowing is read through that oval:
 * an anatomical reading of how the points behave, which puts both tour players' face-on hips within 5-7°
 * of their down-the-line figure, not a claim of where the points sit. The outline itself, read from the
 * model's person mask, depends on the height it is read at more than on the turn (bench/hip-outline.ts).
 * The width at address is the golfer's own yardstick, corrected for a camera off square like the
 * shoulders. A width the oval cannot have (narrower than its depth) is no reading at all: on the shared
 * HEVC clip the model's whole lower body folds in through the backswing (knees 35 pixels apart at
 * address, 14-29 later; the ankles, which stay planted, at 12-95% of their address width), so its hips
 * are withheld.
 *
 * Down the line, shoulders and hips: from behind the turn happens in depth (toward and away from the
 * camera) early in the backswing and across the picture near the top. The pose model's 3D skeleton holds
 * both: the direction of each body line seen from above, against its direction at address, is the turn.
 *
 * In both views the turn is read on every measured frame from address to just past the top, and the
 * figure is the highest point of the smooth, never-decreasing curve through those readings (the trunk
 * winds up steadily to the top, where the turn is greatest): one frame's misreading moves the curve, not
 * the figure, and a stretch of them shows as scatter. The hips have stopped turning by the time the hands
 * reach the top, so the top frames are one flat stretch of their curve (flatTopOfCurve): a misreading on
 * the last frame would otherwise be the figure (on synthetic swings jittered a centimetre a landmark, the
 * face-on hips' mean error 6.5 -> 3.6°, the worst 24.6 -> 9.7°). Frames read just past the hands' top
 * may raise the curve (the shoulders still finishing their turn) but not lower it: a lower reading there
 * is the downswing beginning, or from behind the arms hiding the shoulders (metrics.ts pastTopCannotLower).
 */
import { HIP_WIDTH_RESOLUTION, PELVIS_DEPTH_RATIO, faceOnHipResolution, outlineWidth, turnFromOutline, type CameraView } from '@swingfit/contracts';

// The hips' outline from the front is one rule for the worker and the page (contracts hip-outline.ts).
export { HIP_WIDTH_RESOLUTION, PELVIS_DEPTH_RATIO, faceOnHipResolution, outlineWidth, turnFromOutline };
import { hipCentrePx, hipYaw, meanAngle, median, shoulderYaw, turnBetween, yawFromImagePlane } from './geometry.js';
import { LM, imagePoint, type Pose } from './landmarks.js';

const DEG = 180 / Math.PI;

export interface TurnContext {
  view: CameraView;
  handedness: 'right' | 'left';
  /** Size of the frames the poses were measured on (pixels). */
  width: number;
  height: number;
}

export type BodyLine = 'shoulders' | 'hips';

/** Lead and trail landmark of a body line: the lead side is the golfer's left for a right-hander. */
export function leadTrail(line: BodyLine, handedness: 'right' | 'left'): [number, number] {
  const [left, right] = line === 'shoulders' ? [LM.leftShoulder, LM.rightShoulder] : [LM.leftHip, LM.rightHip];
  return handedness === 'right' ? [left, right] : [right, left];
}

/**
 * The face-on hip turn whose outline is HIP_WIDTH_RESOLUTION narrower than square (21°): a figure under it
 * is within one of the model's pixels of no turn at all, so the picture cannot tell it from hips that
 * stayed square, and it is withheld with that reason rather than given as a number.
 */
export const FACE_ON_HIPS_LEAST_DEG = turnFromOutline(1 - HIP_WIDTH_RESOLUTION);

/** The address poses' reference for a view's turn: computed once per swing. */
export interface TurnReference {
  read: (pose: Pose, line: BodyLine) => number;
}

/**
 * Face-on shoulder turn (degrees) of `pose` against the address poses: the lead shoulder's sideways
 * distance from the spine over half the shoulder width at address. Past 90° the lead shoulder crosses
 * the spine and the cosine turns negative.
 */
function faceOnShoulders(address: Pose[], ctx: TurnContext): (pose: Pose) => number {
  const [lead, trail] = leadTrail('shoulders', ctx.handedness);
  const camera = cameraYawFaceOn(address, ctx.handedness) / DEG;
  const x = (p: Pose, i: number) => imagePoint(p, i, ctx.width, ctx.height)[0];
  // Face-on a right-hander's lead side is image right.
  const towardTarget = ctx.handedness === 'right' ? 1 : -1;
  const half = median(address.map((p) => ((x(p, lead) - x(p, trail)) * towardTarget) / 2));
  const spine = median(address.map((p) => (x(p, lead) + x(p, trail)) / 2));
  const pelvis = median(address.map((p) => hipCentrePx(p, ctx.width, ctx.height)[0]));
  return (pose) => {
    if (!(half > 0)) return Number.NaN;
    const spineNow = spine + hipCentrePx(pose, ctx.width, ctx.height)[0] - pelvis;
    // Half the width at address is r·cos(camera); at the top the lead shoulder sits r·cos(turn + camera)
    // from the spine: the turn against the target line, not against the picture.
    const cos = (((x(pose, lead) - spineNow) * towardTarget) / half) * Math.cos(camera);
    return (Math.acos(Math.max(-1, Math.min(1, cos))) - camera) * DEG;
  };
}

/**
 * Face-on hip turn (degrees) of `pose` against the address poses: the width of the hips' outline over its
 * width at address (both corrected for the camera's yaw), through the oval's projection.
 */
function faceOnHips(address: Pose[], ctx: TurnContext): (pose: Pose) => number {
  const [lead, trail] = leadTrail('hips', ctx.handedness);
  const camera = cameraYawFaceOn(address, ctx.handedness);
  const towardTarget = ctx.handedness === 'right' ? 1 : -1;
  const width = (p: Pose) => (imagePoint(p, lead, ctx.width, ctx.height)[0] - imagePoint(p, trail, ctx.width, ctx.height)[0]) * towardTarget;
  // The outline's width square to the camera, from its width at address.
  const square = median(address.map(width)) / outlineWidth(camera);
  // The narrowing is the same whichever way the hips face the camera. The backswing turns them from
  // `camera` onward, so only a camera on the trail side leaves a doubt, and only while they are within
  // that angle of square: there the model's depth says which way they face.
  const facing = (p: Pose) => (yawFromImagePlane(p, lead, trail) < 0 ? -1 : 1);
  return (pose) => {
    const angle = turnFromOutline(width(pose) / square);
    if (!(square > 0) || !Number.isFinite(angle)) return Number.NaN;
    return (camera < 0 && angle < -camera ? facing(pose) * angle : angle) - camera;
  };
}

/**
 * How far a face-on camera is off square to the target line, degrees, positive when it sits toward the
 * target (the golfer's lead side nearer the lens). The hips, ankles and heels stand square to the target
 * line at address; their angle to the picture comes from the model's depth, which is why each address
 * pose is already the mean of a picture's and its mirror image's reading (their one-sided depth errors
 * cancel). A phone 10° off square would otherwise shift every face-on turn by about 10°.
 */
export function cameraYawFaceOn(address: Pose[], handedness: 'right' | 'left'): number {
  const pairs = [[LM.leftHip, LM.rightHip], [LM.leftAnkle, LM.rightAnkle], [LM.leftHeel, LM.rightHeel]] as const;
  const leadFirst = ([left, right]: readonly [number, number]) => (handedness === 'right' ? [left, right] : [right, left]) as [number, number];
  const yaw = (p: Pose) => pairs.reduce((sum, pair) => sum + yawFromImagePlane(p, ...leadFirst(pair)), 0) / pairs.length;
  return address.length ? median(address.map(yaw)) : 0;
}

/**
 * Down-the-line turn (degrees) of a body line: its direction seen from above, against address. (Face-on
 * the same reading rests on the model's depth guess: bench/face-on-alternatives.ts prints it.)
 */
export function fromAbove(address: Pose[], yaw: (p: Pose) => number): (pose: Pose) => number {
  const start = meanAngle(address.map(yaw));
  return (pose) => turnBetween(start, yaw(pose));
}

/** The turn reader for this swing's view, against its address poses (labelled like the golfer at address). */
export function turnReference(address: Pose[], ctx: TurnContext): TurnReference {
  if (ctx.view === 'face-on') {
    const shoulders = faceOnShoulders(address, ctx);
    const hips = faceOnHips(address, ctx);
    return { read: (pose, line) => (line === 'shoulders' ? shoulders(pose) : hips(pose)) };
  }
  const shoulders = fromAbove(address, shoulderYaw);
  const hips = fromAbove(address, hipYaw);
  return { read: (pose, line) => (line === 'shoulders' ? shoulders(pose) : hips(pose)) };
}

/**
 * The never-decreasing curve closest (least squares) to the readings, in time order: pool adjacent
 * violators. NaN readings are skipped and get the curve's value at their neighbour.
 */
export function monotoneFit(values: number[]): number[] {
  const blocks: { sum: number; n: number; from: number }[] = [];
  values.forEach((v, i) => {
    if (!Number.isFinite(v)) return;
    blocks.push({ sum: v, n: 1, from: i });
    while (blocks.length > 1 && blocks[blocks.length - 2]!.sum / blocks[blocks.length - 2]!.n > blocks[blocks.length - 1]!.sum / blocks[blocks.length - 1]!.n) {
      const last = blocks.pop()!;
      const prev = blocks[blocks.length - 1]!;
      prev.sum += last.sum;
      prev.n += last.n;
    }
  });
  const out = new Array<number>(values.length).fill(Number.NaN);
  for (let b = 0; b < blocks.length; b++) {
    const to = b + 1 < blocks.length ? blocks[b + 1]!.from : values.length;
    for (let i = blocks[b]!.from; i < to; i++) out[i] = blocks[b]!.sum / blocks[b]!.n;
  }
  const first = out.findIndex(Number.isFinite);
  for (let i = 0; i < first; i++) out[i] = out[first]!;
  return out;
}

/**
 * The top of the never-decreasing curve through `values` when the values from `flatFrom` on are one flat
 * stretch (they read one turn): the highest mean of the values from any point up to `flatFrom` through
 * the end. Unlike the free curve's top, which is the mean of the last values only as far back as they
 * keep rising, and so is the last value itself when that one reads highest, no single reading in the
 * flat stretch sets it.
 */
export function flatTopOfCurve(values: number[], flatFrom: number): number {
  let highest = Number.NaN;
  for (let from = 0; from <= flatFrom; from++) {
    const rest = values.slice(from).filter(Number.isFinite);
    if (rest.length === 0) continue;
    const mean = rest.reduce((a, b) => a + b, 0) / rest.length;
    if (!(mean <= highest)) highest = mean;
  }
  return highest;
}
