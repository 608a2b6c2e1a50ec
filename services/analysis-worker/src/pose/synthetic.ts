/*
 * Synthetic golfers with known geometry, for the accuracy tests and benchmark: a stick body posed by
 * pelvis and thorax rotation, forward tilt and sway, seen face-on or down the line through a camera
 * that may be yawed, expressed exactly as MediaPipe reports landmarks.
 */
import { LANDMARK_COUNT, LM, MIRROR_PAIRS, type Pose, type Vec3 } from './landmarks.js';
import { PELVIS_DEPTH_RATIO } from './turn.js';

export interface SyntheticPoseSpec {
  view: 'face-on' | 'down-the-line';
  handedness?: 'right' | 'left';
  /** Degrees toward the trail side (backswing), about the vertical. */
  pelvisTurn?: number;
  thoraxTurn?: number;
  /** Forward bend of the spine from vertical, degrees (a bend at the hips, about the target line). */
  forwardTilt?: number;
  /** Side bend away from the target (lead shoulder higher), degrees, before the forward bend. */
  sideBend?: number;
  /** What the thorax turns about: the vertical (default) or its own, bent spine. */
  turnAxis?: 'vertical' | 'spine';
  /** Lateral moves away from the target, metres (image only: world landmarks are hip-centred). */
  hipSway?: number;
  headSway?: number;
  /** Camera rotation about the vertical, degrees. */
  cameraYaw?: number;
  /** Hands in body coordinates (right, up, forward), metres from the hip centre. */
  hands?: Vec3;
  image?: { width: number; height: number; pxPerMetre: number };
  /** Landmark jitter: standard deviation in metres (image jitter follows through the projection). */
  noise?: number;
  seed?: number;
}

/** Small deterministic Gaussian generator, so noisy cases are reproducible. */
function gaussian(seed: number): () => number {
  let state = seed >>> 0 || 1;
  const uniform = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

const RAD = Math.PI / 180;
const turn = (p: Vec3, deg: number): Vec3 => {
  const c = Math.cos(deg * RAD);
  const s = Math.sin(deg * RAD);
  return [p[0] * c + p[2] * s, p[1], -p[0] * s + p[2] * c];
};
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
/** Rodrigues: `v` turned by `deg` about the unit `axis` (turning x toward −z about +y, as `turn`). */
const turnAbout = (v: Vec3, axis: Vec3, deg: number): Vec3 => {
  const c = Math.cos(deg * RAD);
  const s = Math.sin(deg * RAD);
  const along = axis[0] * v[0] + axis[1] * v[1] + axis[2] * v[2];
  return add(add(scale(v, c), scale(cross(axis, v), s)), scale(axis, along * (1 - c)));
};


export function syntheticPose(spec: SyntheticPoseSpec): Pose {
  const pelvis = spec.pelvisTurn ?? 0;
  const thorax = spec.thoraxTurn ?? 0;
  const tilt = (spec.forwardTilt ?? 30) * RAD;
  const hands: Vec3 = spec.hands ?? [0, -0.35, 0.35];
  // Body coordinates: x = golfer's right, y = up, z = forward (where the chest faces at address).
  const body: Vec3[] = new Array(LANDMARK_COUNT).fill([0, 0, 0]);
  const side = (spec.sideBend ?? 0) * RAD;
  // The spine and the line across the shoulders: side bend in the frontal plane, then the forward bend
  // about the target line (x), as a rigid torso.
  const spine: Vec3 = [Math.sin(side), Math.cos(side) * Math.cos(tilt), Math.cos(side) * Math.sin(tilt)];
  const across: Vec3 = [Math.cos(side), -Math.sin(side) * Math.cos(tilt), -Math.sin(side) * Math.sin(tilt)];
  const shoulderMid: Vec3 = scale(spine, 0.5);
  // The head keeps facing the ball while the thorax turns.
  const head = (p: Vec3): Vec3 => add(add(shoulderMid, p), [spec.headSway ?? 0, 0, 0]);
  body[0] = head([0, 0.2, 0.1]);
  for (const [i, x] of [[1, -0.02], [2, -0.035], [3, -0.05], [4, 0.02], [5, 0.035], [6, 0.05]] as const) body[i] = head([x, 0.23, 0.08]);
  body[7] = head([-0.07, 0.21, 0]);
  body[8] = head([0.07, 0.21, 0]);
  body[9] = head([-0.025, 0.16, 0.09]);
  body[10] = head([0.025, 0.16, 0.09]);
  const halfShoulders = (sign: number): Vec3 =>
    spec.turnAxis === 'spine' ? turnAbout(scale(across, sign * 0.19), spine, thorax) : turn(scale(across, sign * 0.19), thorax);
  body[11] = add(shoulderMid, halfShoulders(-1));
  body[12] = add(shoulderMid, halfShoulders(1));
  const wristL = add(hands, [-0.03, 0, 0]);
  const wristR = add(hands, [0.03, 0, 0]);
  body[15] = wristL;
  body[16] = wristR;
  body[13] = [(body[11][0] + wristL[0]) / 2, (body[11][1] + wristL[1]) / 2, (body[11][2] + wristL[2]) / 2];
  body[14] = [(body[12][0] + wristR[0]) / 2, (body[12][1] + wristR[1]) / 2, (body[12][2] + wristR[2]) / 2];
  for (const [i, w] of [[17, wristL], [19, wristL], [21, wristL], [18, wristR], [20, wristR], [22, wristR]] as const) body[i] = add(w, [0, -0.05, 0.02]);
  body[23] = turn([-0.15, 0, 0], pelvis);
  body[24] = turn([0.15, 0, 0], pelvis);
  body[25] = [-0.16, -0.45, 0.12];
  body[26] = [0.16, -0.45, 0.12];
  body[27] = [-0.18, -0.85, 0];
  body[28] = [0.18, -0.85, 0];
  body[29] = [-0.18, -0.88, -0.06];
  body[30] = [0.18, -0.88, -0.06];
  body[31] = [-0.2, -0.9, 0.15];
  body[32] = [0.2, -0.9, 0.15];
  const hipSway: Vec3 = [spec.hipSway ?? 0, 0, 0];

  // Body → camera-aligned world (x right, y down, z away). Face-on: the chest faces the camera.
  // Down the line (camera behind the hands, looking at the target): a right-hander faces image right.
  const mirror = spec.handedness === 'left' ? -1 : 1;
  const toWorld = (p: Vec3): Vec3 => {
    const w: Vec3 = spec.view === 'face-on' ? [-p[0], -p[1], -p[2]] : [p[2], -p[1], -p[0]];
    // A left-hander is the mirror image of a right-hander (labels swapped below).
    w[0] *= mirror;
    const c = Math.cos((spec.cameraYaw ?? 0) * RAD);
    const s = Math.sin((spec.cameraYaw ?? 0) * RAD);
    return [w[0] * c - w[2] * s, w[1], w[0] * s + w[2] * c];
  };
  const points = [...body];
  if (mirror < 0) for (const [a, b] of MIRROR_PAIRS) [points[a], points[b]] = [points[b]!, points[a]!];
  const img = spec.image ?? { width: 720, height: 1280, pxPerMetre: 500 };
  const world = new Float32Array(LANDMARK_COUNT * 4);
  const image = new Float32Array(LANDMARK_COUNT * 4);
  const swayWorld = toWorld(hipSway);
  const rand = gaussian(spec.seed ?? 1);
  const jitter = spec.noise ?? 0;
  const worldPoints = points.map((p) => toWorld(jitter > 0 ? add(p, [rand() * jitter, rand() * jitter, rand() * jitter]) : p));
  const outline = hipOutline(worldPoints[LM.leftHip]!, worldPoints[LM.rightHip]!);
  const seenX = (i: number, w: Vec3) => (i === LM.leftHip ? outline[0] : i === LM.rightHip ? outline[1] : w[0]);
  worldPoints.forEach((w, i) => {
    world.set([w[0], w[1], w[2], 0.99], i * 4);
    // Orthographic camera; the whole body (image only) carries the hip sway. The model puts the image's
    // hip points on the hips' outline (their sideways edges), the world's on the joints.
    const x = img.width / 2 + (seenX(i, w) + swayWorld[0]) * img.pxPerMetre;
    const y = img.height * 0.55 + (w[1] + swayWorld[1]) * img.pxPerMetre;
    image.set([x / img.width, y / img.height, w[2], 0.99], i * 4);
  });
  return { image, world };
}

/**
 * Where the hips' outline edges (left, right) sit across the picture, world x: the pelvis seen from
 * above as an oval as wide as the hip joints are apart and PELVIS_DEPTH_RATIO as deep, turned with them.
 */
function hipOutline(left: Vec3, right: Vec3): [number, number] {
  const centre = (left[0] + right[0]) / 2;
  const half = Math.hypot(right[0] - left[0], right[2] - left[2]) / 2;
  const across = half > 0 ? (right[0] - left[0]) / (2 * half) : 1; // x part of the unit vector across the hips
  const depth = Math.sqrt(Math.max(0, 1 - across * across)); // x part of the unit vector front to back
  const edge = Math.hypot(half * across, PELVIS_DEPTH_RATIO * half * depth);
  // Each hip point on the edge of its own side (seen exactly side-on, the left one first).
  const side = right[0] >= left[0] ? 1 : -1;
  return [centre - side * edge, centre + side * edge];
}

export interface SyntheticSwingSpec extends Omit<SyntheticPoseSpec, 'pelvisTurn' | 'thoraxTurn' | 'hands' | 'seed'> {
  pelvisTurn: number;
  thoraxTurn: number;
  /** Forward tilt at impact (posture), degrees. */
  forwardTiltImpact?: number;
  /** Backswing frames between address and the top. */
  backswingFrames?: number;
  seed?: number;
}

/** One measured frame of a synthetic backswing (the shape metrics.ts reads). */
export interface SyntheticSwingFrame {
  timeSec: number;
  pose: Pose;
  readings: Pose[];
  atTop: boolean;
}

/**
 * A whole synthetic backswing: three address frames, the turn and sway growing smoothly to the top over
 * `backswingFrames` frames, three top frames, and three impact frames; with `noise`, every frame jittered.
 */
export function syntheticSwing(spec: SyntheticSwingSpec): { address: Pose[]; backswing: SyntheticSwingFrame[]; impact: Pose[] } {
  let seed = spec.seed ?? 1;
  const base = { ...spec, pelvisTurn: 0, thoraxTurn: 0, hipSway: 0, headSway: 0 };
  const at = (u: number): Pose => syntheticPose({
    ...base, seed: seed++, pelvisTurn: spec.pelvisTurn * u, thoraxTurn: spec.thoraxTurn * u,
    hipSway: (spec.hipSway ?? 0) * u, headSway: (spec.headSway ?? 0) * u,
    hands: [0.3 * u, -0.35 + 0.9 * u, 0.35 - 0.25 * u],
  });
  const n = spec.backswingFrames ?? 8;
  const frame = (u: number, i: number, atTop: boolean): SyntheticSwingFrame => {
    const pose = at(u);
    return { timeSec: i / 30, pose, readings: [pose], atTop };
  };
  const address = [0, 0, 0].map(() => at(0));
  const backswing = [
    ...Array.from({ length: n }, (_, i) => frame((1 - Math.cos((Math.PI * (i + 1)) / (n + 1))) / 2, i + 1, false)),
    ...[0, 1, 2].map((i) => frame(1, n + 1 + i, true)),
  ];
  const impact = [0, 0, 0].map(() => syntheticPose({ ...base, seed: seed++, forwardTilt: spec.forwardTiltImpact ?? spec.forwardTilt, pelvisTurn: -20 }));
  return { address, backswing, impact };
}
