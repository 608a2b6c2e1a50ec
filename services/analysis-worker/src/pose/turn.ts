/*
 * Body turn, one method per camera view, and the turn followed through the backswing.
 *
 * Face-on, shoulders: from the front the trail shoulder hides behind the neck as the back turns to the
 * target, so the pose model only guesses where it is (its guess keeps the shoulders wide: every tour
 * player read 55–61° from both shoulders); the lead shoulder stays in sight. It swings about the spine on
 * a circle whose radius is half the shoulder width at address, so its sideways distance from the spine,
 * over that half width, is the cosine of the turn. The spine keeps its sideways place over the pelvis,
 * so the pelvis centre's sideways move carries it along.
 *
 * Face-on, hips: not measured. The hip joints sit about 20 cm apart; a 45° turn moves each only ~3 cm
 * sideways, and the outline of the hips, which is what the model sees from the front, hardly narrows at
 * all. The model reads tour players' 45° hip turns as 10–30°, so no figure is given from this view.
 *
 * Down the line, shoulders and hips: from behind the turn happens in depth (toward and away from the
 * camera) early in the backswing and across the picture near the top. The pose model's 3D skeleton holds
 * both: the direction of each body line seen from above, against its direction at address, is the turn.
 *
 * In both views the turn is read on every measured frame from address to just past the top, and the
 * figure is the highest point of the smooth, never-decreasing curve through those readings (the trunk
 * winds up steadily to the top, where the turn is greatest): one frame's misreading moves the curve, not
 * the figure, and a stretch of them shows as scatter.
 */
import type { CameraView } from '@swingfit/contracts';
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

/** Which lines a view measures the turn of. */
export const measuresTurn = (view: CameraView, line: BodyLine): boolean => view === 'down-the-line' || line === 'shoulders';

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

/** Down-the-line turn (degrees) of a body line: its direction seen from above, against address. */
function fromAbove(address: Pose[], yaw: (p: Pose) => number): (pose: Pose) => number {
  const start = meanAngle(address.map(yaw));
  return (pose) => turnBetween(start, yaw(pose));
}

/** The turn reader for this swing's view, against its address poses (labelled like the golfer at address). */
export function turnReference(address: Pose[], ctx: TurnContext): TurnReference {
  if (ctx.view === 'face-on') {
    const shoulders = faceOnShoulders(address, ctx);
    return { read: (pose, line) => (line === 'shoulders' ? shoulders(pose) : Number.NaN) };
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
