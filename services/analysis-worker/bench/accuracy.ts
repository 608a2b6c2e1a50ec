/*
 * pnpm bench:accuracy — how close the measurements are to the truth.
 *  1. Synthetic golfers with known rotations, tilts, sways and camera yaw, through the backswing: worst
 *     and mean errors of every figure (target: within 3°).
 *  2. Every shared real clip and its copies (mirrored, re-encoded, 75%) through the product's path:
 *     events against the hand labels, view, hand, the turn figures, and their agreement (real-clips-report.ts).
 */
import { computeMetrics } from '../src/pose/metrics.js';
import { syntheticSwing, type SyntheticPoseSpec } from '../src/pose/synthetic.js';
import { realClips } from './real-clips-report.js';

const W = 720;
const H = 1280;

/** NOISE metres of landmark jitter per frame (1 cm ≈ what a good model does on a clear frame). */
const NOISE = Number(process.env.NOISE ?? 0.01);
let seed = 1;

const errors: Record<string, number[]> = {};
const record = (name: string, measured: number | null, truth: number) => {
  (errors[name] ??= []).push(measured === null ? Number.POSITIVE_INFINITY : Math.abs(measured - truth));
};

type Case = { pelvis: number; thorax: number; tilt: number; yaw: number; hipSway: number; headSway: number };
const swing = (view: SyntheticPoseSpec['view'], hand: 'right' | 'left', c: Case, tiltImpact = c.tilt) =>
  syntheticSwing({ view, handedness: hand, pelvisTurn: c.pelvis, thoraxTurn: c.thorax, forwardTilt: c.tilt, forwardTiltImpact: tiltImpact, cameraYaw: c.yaw, hipSway: c.hipSway, headSway: c.headSway, noise: NOISE, seed: (seed += 100) });

for (const hand of ['right', 'left'] as const) {
  for (const pelvis of [25, 40, 55]) {
    for (const thorax of [70, 90, 105]) {
      for (const tilt of [25, 35]) {
        const base = { pelvis, thorax, tilt, hipSway: 0.06, headSway: 0.02 };
        // Down the line: the 3D skeleton seen from above, any camera yaw.
        for (const yaw of [-25, 0, 25]) {
          const m = computeMetrics(swing('down-the-line', hand, { ...base, yaw }, tilt - 6), { view: 'down-the-line', handedness: hand, width: W, height: H });
          record('DTL shoulder turn (3D from above, camera yaw ±25°)', m.shoulderTurn.value, thorax);
          record('DTL hip rotation (3D from above, camera yaw ±25°)', m.hipRotation.value, pelvis);
          record('DTL X-factor', m.xFactor.value, thorax - pelvis);
          if (yaw === 0) {
            record('DTL spine angle at address (camera yaw 0°)', m.spineAngleAddress.value, tilt);
            record('DTL spine angle change at impact', m.spineAngleChange.value, -6);
          }
        }
        // Face-on: the lead shoulder against the spine, camera square.
        const f = computeMetrics(swing('face-on', hand, { ...base, yaw: 0 }), { view: 'face-on', handedness: hand, width: W, height: H });
        record('face-on shoulder turn (lead shoulder, camera square)', f.shoulderTurn.value, thorax);
        record('face-on hip turn (outline narrowing, camera square)', f.hipRotation.value, pelvis);
        record('face-on X-factor (camera square)', f.xFactor.value, thorax - pelvis);
        // The synthetic head is ~0.14 m wide (ears 0.07 m either side of the spine).
        record('face-on hip sway, head widths', f.hipSway.value, base.hipSway / 0.14);
        record('face-on head sway, head widths', f.headSway.value, (base.hipSway + base.headSway) / 0.14);
        // Face-on with the camera off square: the address hips and feet (3D) say by how much.
        for (const yaw of [-20, -10, 10, 20]) {
          const off = computeMetrics(swing('face-on', hand, { ...base, yaw }), { view: 'face-on', handedness: hand, width: W, height: H });
          record('face-on shoulder turn, camera ±10–20° off square', off.shoulderTurn.value, thorax);
          record('face-on hip turn, camera ±10–20° off square', off.hipRotation.value, pelvis);
        }
      }
    }
  }
}

console.log(`== synthetic swings (3 address frames, 8 backswing frames, 3 top and 3 impact frames; jitter ${NOISE * 100} cm per landmark): absolute error (deg or cm)`);
for (const [name, list] of Object.entries(errors)) {
  const withheld = list.filter((e) => e === Number.POSITIVE_INFINITY).length;
  const given = list.filter((e) => Number.isFinite(e));
  const mean = given.length ? given.reduce((a, b) => a + b, 0) / given.length : Number.NaN;
  const max = given.length ? Math.max(...given) : Number.NaN;
  console.log(`  ${name.padEnd(60)} n=${String(list.length).padStart(3)}  mean ${mean.toFixed(2)}  max ${max.toFixed(2)}${withheld ? `  withheld ${withheld}` : ''}`);
}

/**
 * Why a face-on shoulder turn past about 70° is only a lower limit (contracts FACE_ON_SHOULDER_LIMIT_DEG):
 * once the lead arm lies across the lead shoulder the model puts that shoulder on the outline of the upper
 * back. Seen from above the upper trunk is an oval about 40 cm across the shoulder joints and 25 cm deep
 * (adult means), turning about a spine 6 cm inside the back; the reading is its lead edge's distance from
 * the spine over half the shoulder width, through the same arc cosine as the joint's.
 */
const OUTLINE = { halfWidth: 0.203, halfDepth: 0.127, spineInsideBack: 0.06 };
const outlineReading = (turnDeg: number): number => {
  const [c, s] = [Math.cos((turnDeg * Math.PI) / 180), Math.sin((turnDeg * Math.PI) / 180)];
  const { halfWidth: a, halfDepth: b, spineInsideBack } = OUTLINE;
  const edge = -(b - spineInsideBack) * s + Math.sqrt(a * a * c * c + b * b * s * s);
  return (Math.acos(Math.min(1, edge / a)) * 180) / Math.PI;
};
console.log('\n== face-on, the lead shoulder read on the upper back\'s outline (the top of a full swing): reading for each true turn');
console.log(`  ${[50, 60, 70, 80, 90, 100].map((t) => `${t}° reads ${outlineReading(t).toFixed(0)}°`).join(', ')}`);

await realClips();
