/*
 * Body metrics from the measure model's landmarks at the key events. Each metric says which view it
 * needs and how confident it is (landmark visibility × agreement between neighbouring frames); a metric
 * the view cannot support is reported as not measurable rather than as a wrong number.
 */
import type { CameraView, Metric, PoseSummary } from '@swingfit/contracts';
import {
  alignLabels, dist2, headPx, hipCentrePx, hipYaw, meanAngle, median, projectedTurn, shoulderYaw, spineSideBendImage, spineTiltImage, robustSpread, turnBetween, dist3,
  yawFromImagePlane,
} from './geometry.js';
import { LM, imagePoint, meanVisibility, worldPoint, type Pose } from './landmarks.js';

export type Metrics = PoseSummary['metrics'];

export interface EventPoses {
  address: Pose[];
  top: Pose[];
  impact: Pose[];
  /**
   * Every reading of the top frames behind `top` (flip.ts): both of a frame where they were averaged, the
   * one kept where the other was set aside. Their spread, picture against mirror as well as frame against
   * frame, is the turn figures' uncertainty. Without them, the spread of `top` is.
   */
  topReadings?: Pose[];
  /** Top frames whose one reading (picture or mirror image) broke the turn order and was set aside. */
  topReadingsSetAside?: number;
}

export interface MetricContext {
  view: CameraView;
  handedness: 'right' | 'left';
  /** Size of the frames the poses were measured on (pixels). */
  width: number;
  height: number;
}

const SHOULDERS = [LM.leftShoulder, LM.rightShoulder] as const;
const HIPS = [LM.leftHip, LM.rightHip] as const;
const TORSO = [...SHOULDERS, ...HIPS];
const HEAD = [LM.nose, LM.leftEar, LM.rightEar];

/** Below this confidence a number is withheld. */
export const MIN_CONFIDENCE = 0.3;

const round1 = (v: number) => Math.round(v * 10) / 10;

function confidence(poses: Pose[], indices: readonly number[], values: number[], tolerance: number): number {
  if (poses.length === 0 || values.length === 0) return 0;
  const vis = poses.reduce((s, p) => s + meanVisibility(p, indices), 0) / poses.length;
  // We report the median of the frames, so what matters is its uncertainty: the spread (judged the
  // median's way, so one mirrored or wild frame does not sink it) over √n.
  const agreement = Math.max(0, 1 - robustSpread(values) / Math.sqrt(values.length) / tolerance);
  return Math.round(Math.min(1, Math.max(0, vis * (values.length > 1 ? agreement : 0.8))) * 100) / 100;
}

function metric(value: number, unit: Metric['unit'], view: Metric['view'], conf: number, note?: string, bias?: Metric['bias']): Metric {
  if (!Number.isFinite(value) || conf < MIN_CONFIDENCE) {
    const why = `Too uncertain to give a figure (${Math.round(conf * 100)}% confidence): the pose model's readings of it disagreed, frame to frame or between the picture and its mirror image, or the body was hidden`;
    return notMeasurable(unit, view, why, 'uncertain', conf);
  }
  return { value: round1(value), unit, measurable: true, confidence: conf, view, ...(note ? { note } : {}), ...(bias ? { bias } : {}) };
}

export const notMeasurable = (unit: Metric['unit'], view: Metric['view'], note: string, withheld: NonNullable<Metric['withheld']> = 'view', conf = 0): Metric => ({
  value: null, unit, measurable: false, confidence: conf, view, note, withheld,
});

/** 3D turn of a body line at the top relative to address, per top frame (world landmarks). */
function worldTurns(poses: EventPoses, yaw: (p: Pose) => number): number[] {
  const address = meanAngle(poses.address.map(yaw));
  return poses.top.map((p) => turnBetween(address, yaw(p)));
}

/** A left/right landmark pair as lead end then trail end: the lead side is the left for a right-hander. */
const leadFirst = (ctx: MetricContext, [left, right]: readonly [number, number]): [number, number] =>
  ctx.handedness === 'right' ? [left, right] : [right, left];

/**
 * How far the camera is off square to the target line, degrees, positive when it sits toward the target
 * (the golfer's lead side nearer the lens). Read from the lines across the hips, the ankles and the heels
 * at address, which stand square to the target line (the shoulders are often set a little open or
 * closed, and the toes flare, so they are left out): their angle to the image plane in 3D. Each address
 * pose is already the mean of a direct and a mirrored reading (flip.ts), which cancels most of the
 * model's one-sided depth bias; on the fixture the hips and ankles read within 5° of square.
 */
export function cameraYawFaceOn(address: Pose[], ctx: MetricContext): number {
  const lines = [HIPS, [LM.leftAnkle, LM.rightAnkle], [LM.leftHeel, LM.rightHeel]] as const;
  const yaw = (p: Pose) => lines.reduce((sum, pair) => sum + yawFromImagePlane(p, ...leadFirst(ctx, pair)), 0) / lines.length;
  return address.length ? median(address.map(yaw)) : 0;
}

/**
 * Face-on turn from projected widths, per top frame, against each address pose: the line's angle to
 * the image plane at the top, less the camera's angle to the target line. So the turn is read against
 * the target line, as motion-capture systems report it, and a camera off square by 10–25° no longer
 * shifts every figure by that much.
 */
function widthTurns(poses: EventPoses, line: readonly [number, number], cameraYaw: number, ctx: MetricContext): number[] {
  const [lead, trail] = leadFirst(ctx, line);
  return poses.top.flatMap((top) => {
    const values = poses.address
      .map((address) => {
        const aligned = alignLabels(top, address, ctx.width, ctx.height);
        return projectedTurn(address, aligned, lead, trail, ctx.width, ctx.height, yawFromImagePlane(address, lead, trail)) - cameraYaw;
      })
      .filter(Number.isFinite);
    return values.length ? [median(values)] : [];
  });
}

/**
 * Shoulder turn and hip rotation per top frame, each the way this view reads a turn: face-on from the
 * projected widths (rotation of the image landmarks against the target line), down the line from the 3D
 * landmarks (their depth is where that view sees a turn).
 */
function topTurns(poses: EventPoses, ctx: MetricContext, cameraYaw: number): { shoulder: number[]; hip: number[] } {
  return ctx.view === 'face-on'
    ? { shoulder: widthTurns(poses, SHOULDERS, cameraYaw, ctx), hip: widthTurns(poses, HIPS, cameraYaw, ctx) }
    : { shoulder: worldTurns(poses, shoulderYaw), hip: worldTurns(poses, hipYaw) };
}

/**
 * The turn order at the top of the backswing: the thorax rides on the pelvis and turns on past it, so the
 * shoulders are turned at least as far as the hips (an X-factor below zero is not a golfer's). A top pose
 * that breaks it is a failed reading. False only when both turns can be read and the order is broken.
 */
export function turnOrderHolds(address: Pose[], top: Pose, ctx: MetricContext): boolean {
  // The camera's angle to the target line shifts both turns alike, so it cannot change their order.
  const { shoulder, hip } = readTurns(address, top, ctx, 0);
  return shoulder === null || hip === null || shoulder >= hip;
}

/**
 * One top pose's shoulder turn and hip rotation against the address poses, degrees, as the metrics read
 * them (null where a line cannot be read): what technicalDetails shows of each reading of a frame.
 */
export function readTurns(address: Pose[], top: Pose, ctx: MetricContext, cameraYaw = ctx.view === 'face-on' ? cameraYawFaceOn(address, ctx) : 0): { shoulder: number | null; hip: number | null } {
  const { shoulder, hip } = topTurns({ address, top: [top], impact: [] }, ctx, cameraYaw);
  const value = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? round1(v) : null);
  return { shoulder: value(shoulder[0]), hip: value(hip[0]) };
}

/** Metres per pixel at the golfer in a face-on frame: hip and shoulder widths, 3D against 2D. */
function metresPerPixelFaceOn(p: Pose, ctx: MetricContext): number {
  const px = (a: number, b: number) => dist2(imagePoint(p, a, ctx.width, ctx.height), imagePoint(p, b, ctx.width, ctx.height));
  const m = (a: number, b: number) => dist3(worldPoint(p, a), worldPoint(p, b));
  const pixels = px(LM.leftShoulder, LM.rightShoulder) + px(LM.leftHip, LM.rightHip);
  return pixels > 0 ? (m(LM.leftShoulder, LM.rightShoulder) + m(LM.leftHip, LM.rightHip)) / pixels : Number.NaN;
}

export function computeMetrics(poses: EventPoses, ctx: MetricContext): Metrics {
  const enough = poses.address.length > 0 && poses.top.length > 0;
  const nothing = (unit: Metric['unit'], view: Metric['view']) => notMeasurable(unit, view, 'The golfer was not found clearly at address and top', 'uncertain');
  if (!enough) {
    return {
      shoulderTurn: nothing('deg', 'any'), hipRotation: nothing('deg', 'any'), xFactor: nothing('deg', 'any'),
      spineAngleAddress: nothing('deg', 'down-the-line'), spineAngleChange: nothing('deg', 'down-the-line'),
      headSway: nothing('cm', 'face-on'), hipSway: nothing('cm', 'face-on'),
    };
  }
  // Face-on, MediaPipe's image landmarks are far more faithful than its depth guess, so the turn comes
  // from the projected widths; down the line, the turn lies mostly in depth and only 3D can see it.
  const faceOn = ctx.view === 'face-on';
  const shoulder3d = worldTurns(poses, shoulderYaw);
  const hip3d = worldTurns(poses, hipYaw);
  const cameraYaw = faceOn ? cameraYawFaceOn(poses.address, ctx) : 0;
  const { shoulder, hip } = topTurns(poses, ctx, cameraYaw);
  const separation = shoulder.map((s, i) => s - (hip[i] ?? Number.NaN)).filter(Number.isFinite);
  const samples = poses.topReadings?.length ? topTurns({ ...poses, top: poses.topReadings }, ctx, cameraYaw) : { shoulder, hip };
  const depthPenalty = faceOn ? 1 : 0.75; // the 3D depth estimate is the weakest part of the model
  const shoulderConf = Math.round(confidence([...poses.address, ...poses.top], SHOULDERS, samples.shoulder, 12) * depthPenalty * 100) / 100;
  const hipConf = Math.round(confidence([...poses.address, ...poses.top], HIPS, samples.hip, 12) * depthPenalty * 100) / 100;
  // Face-on the pose model ties the shoulder and hip lines together (its prior is a person whose
  // shoulders and hips face the same way): the shoulders read low, the hips high, and so the X-factor
  // low. On the fixture's picture (not its mirror image) it turns the hips past the shoulders, which the
  // turn order catches. The notes say so where the golfer reads them.
  const setAside = poses.topReadingsSetAside ?? 0;
  const flipNote = setAside > 0
    ? ` At the top, ${setAside} of ${poses.top.length} frames had one of their two readings (the picture and its mirror image) turn the hips further than the shoulders, which no backswing does; that reading was set aside.`
    : '';
  const how = (estimate3d: number[], bias: string) =>
    (faceOn
      ? `Face-on: from the shrinking projected width of the line (top vs address), against the target line with the camera ${Math.abs(Math.round(cameraYaw))}° off square (address hips and feet); the 3D depth estimate reads ${Math.round(median(estimate3d))}°. ${bias}.`
      : '3D world landmarks (heavy model): rotation about the vertical axis, top vs address; depth is the least certain part of the estimate.') + flipNote;
  const biased = (direction: NonNullable<Metric['bias']>) => (faceOn ? direction : undefined);
  const shoulderTurn = metric(median(shoulder), 'deg', 'any', shoulderConf, how(shoulder3d, 'The pose model tends to under-read a big shoulder turn'), biased('low'));
  const hipRotation = metric(median(hip), 'deg', 'any', hipConf, how(hip3d, 'The pose model tends to turn the hips along with the shoulders, so this can read high'), biased('high'));
  const separationNote = faceOn
    ? 'Shoulder turn minus hip rotation at the top; from this view the pose model ties the two together, so it tends to read low'
    : 'Shoulder turn minus hip rotation at the top';
  const xFactor =
    shoulderTurn.measurable && hipRotation.measurable
      ? metric(median(separation), 'deg', 'any', Math.min(shoulderConf, hipConf), separationNote, biased('low'))
      : notMeasurable('deg', 'any', 'Needs both shoulder turn and hip rotation',
          shoulderTurn.withheld === 'uncertain' || hipRotation.withheld === 'uncertain' ? 'uncertain' : 'view');

  let spineAngleAddress: Metric;
  let spineAngleChange: Metric;
  if (ctx.view === 'down-the-line') {
    const tiltAddress = poses.address.map((p) => spineTiltImage(p, ctx.width, ctx.height));
    spineAngleAddress = metric(median(tiltAddress), 'deg', 'down-the-line', confidence(poses.address, TORSO, tiltAddress, 6), 'Forward tilt of the spine from vertical at address');
    if (poses.impact.length > 0) {
      const tiltImpact = poses.impact.map((p) => spineTiltImage(p, ctx.width, ctx.height));
      const change = median(tiltImpact) - median(tiltAddress);
      spineAngleChange = metric(change, 'deg', 'down-the-line', confidence([...poses.address, ...poses.impact], TORSO, tiltImpact, 6),
        'Spine tilt at impact minus address: negative means the golfer stood up (early extension)');
    } else {
      spineAngleChange = notMeasurable('deg', 'down-the-line', 'The golfer was not found clearly at impact', 'uncertain');
    }
  } else {
    const sideBend = median(poses.address.map((p) => spineSideBendImage(p, ctx.width, ctx.height)));
    spineAngleAddress = notMeasurable('deg', 'down-the-line',
      `Forward spine tilt is only visible down the line; side bend at address from this view: ${Math.round(Math.abs(sideBend))}°`);
    spineAngleChange = notMeasurable('deg', 'down-the-line', 'Loss of posture (early extension) is only visible down the line');
  }

  let headSway: Metric;
  let hipSway: Metric;
  if (ctx.view === 'face-on') {
    const scale = median(poses.address.map((p) => metresPerPixelFaceOn(p, ctx)));
    // Positive = away from the target (a sway); the target is image right for a right-hander face-on.
    const away = ctx.handedness === 'right' ? -1 : 1;
    const sway = (at: (p: Pose) => [number, number]) => {
      const x0 = median(poses.address.map((p) => at(p)[0]));
      return poses.top.map((p) => (at(p)[0] - x0) * away * scale * 100);
    };
    const head = sway((p) => headPx(p, ctx.width, ctx.height));
    const hips = sway((p) => hipCentrePx(p, ctx.width, ctx.height));
    const note = 'Lateral move from address to the top; positive = away from the target';
    headSway = metric(median(head), 'cm', 'face-on', confidence([...poses.address, ...poses.top], HEAD, head, 4), note);
    hipSway = metric(median(hips), 'cm', 'face-on', confidence([...poses.address, ...poses.top], HIPS, hips, 4), note);
  } else {
    headSway = notMeasurable('cm', 'face-on', 'Lateral movement is along the camera axis down the line');
    hipSway = notMeasurable('cm', 'face-on', 'Lateral movement is along the camera axis down the line');
  }
  return { shoulderTurn, hipRotation, xFactor, spineAngleAddress, spineAngleChange, headSway, hipSway };
}
