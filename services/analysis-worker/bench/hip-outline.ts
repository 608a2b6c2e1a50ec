/*
 * Face-on, the hips' outline read from the pose model's person mask instead of its hip points: the
 * mask's width in a band across the hips, at address and through the backswing, put through the same
 * oval as the product's hip reading (turn.ts turnFromOutline). The landmark model computes the mask
 * anyway (tasks-vision's outputSegmentationMasks, from the same bundles, in Node: 64 ms a 640x360 frame
 * for the full model read as a still). Not kept (stop 46), for what this prints:
 *   - it is steady where the hip points are not: a clip's copies read within a few degrees of each
 *     other, and the HEVC phone clip, whose hip points fold in (the product withholds its hips), reads
 *     38-44° late in the backswing in a band at the hip points;
 *   - but the figure follows the band's height, which nothing in the picture fixes: at the first top
 *     frame, in a band at the hip points tour pro B reads 16-20°, 0.15 torso lengths higher 21-32°, 0.3
 *     higher 39-43° (44 from behind), and the HEVC clip 38-41, 45-46 and 64-66°. At the hip points the
 *     band takes in the tops of the thighs, which turn less than the pelvis; higher up, the elbows at
 *     address (the arms hang beside the waist), which widen the outline the top is read against ('arms
 *     in the band at address' below). A band holding the pelvis alone would be a few centimetres high,
 *     if there is one.
 * Every face-on dump (bench/pose-dump.ts; POSE_DUMP_DIR as for bench/replay.ts) and its copies; about
 * 1.5 minutes on 2 cores. Per backswing frame: the outline's width over its width at address, and the turn
 * it reads ('h' where a wrist or elbow is in the band, '—' where no turn gives that width).
 *   tsx bench/hip-outline.ts [band heights above the hip points, in torso lengths; default 0 0.15 0.3]
 */
import { LM, imagePoint, type Pose } from '../src/pose/landmarks.js';
import { hipCentrePx, torsoLengthPx } from '../src/pose/geometry.js';
import { decodeFrames } from '../src/pose/frames.js';
import { mirrorFrame } from '../src/pose/flip.js';
import { createLandmarker, packLandmarks } from '../src/pose/runtime/landmarker.js';
import type { RawFrame } from '../src/pose/runtime/protocol.js';
import { turnFromOutline } from '../src/pose/turn.js';
import { loadDumps, type Dump } from './replay.js';

/** Half the band's height, torso lengths: about 4 cm on an adult. */
const BAND_HALF = 0.08;
/** How far either side of the hip centre the band is read, torso lengths: past the hips, short of a neighbour. */
const BAND_REACH = 1.2;
const POSE_DUMP_DIR = process.env.POSE_DUMP_DIR ?? '/tmp/swingfit-pose-dump';
const ARMS = [LM.leftElbow, LM.rightElbow, LM.leftWrist, LM.rightWrist];

const landmarker = await createLandmarker('full', { numPoses: 1, video: false, masks: true });

interface Outline {
  width: number;
  armsInBand: boolean;
}

/** The person mask's width (pixels, the sum of its likelihood along each row) in the band `above` the hips. */
function outlineWidth(frame: RawFrame, above: number): Outline | null {
  const { width: W, height: H } = frame;
  const found = landmarker.detect(frame.data, W, H);
  const [image, world, mask] = [packLandmarks(found.image[0]), packLandmarks(found.world[0]), found.masks?.[0]];
  if (!image || !world || !mask) return null;
  const pose: Pose = { image, world };
  const at = (i: number) => imagePoint(pose, i, W, H);
  const hips = hipCentrePx(pose, W, H);
  const torso = torsoLengthPx(pose, W, H);
  const centre = hips[1] - above * torso;
  const [top, bottom] = [Math.max(0, Math.round(centre - BAND_HALF * torso)), Math.min(H - 1, Math.round(centre + BAND_HALF * torso))];
  const [from, to] = [Math.max(0, Math.round(hips[0] - BAND_REACH * torso)), Math.min(W - 1, Math.round(hips[0] + BAND_REACH * torso))];
  let sum = 0;
  for (let y = top; y <= bottom; y++) for (let x = from; x <= to; x++) sum += mask[y * W + x]!;
  const armsInBand = ARMS.some((i) => at(i)[1] >= top && at(i)[1] <= bottom);
  return { width: sum / Math.max(1, bottom - top + 1), armsInBand };
}

/** The frame and its mirror image, read alike and averaged (as the product reads every measured frame). */
function bothWays(frame: RawFrame, above: number): Outline | null {
  const read = [outlineWidth(frame, above), outlineWidth(mirrorFrame(frame), above)].filter((o): o is Outline => o !== null);
  if (read.length === 0) return null;
  return { width: read.reduce((s, o) => s + o.width, 0) / read.length, armsInBand: read.some((o) => o.armsInBand) };
}

async function printDump(d: Dump, bands: number[]): Promise<void> {
  const file = d.variant === 'original' ? (d.label as Dump['label'] & { path: string }).path : `${POSE_DUMP_DIR}/${d.name}-${d.variant}.mp4`;
  const address = d.measureAddress?.frame ?? Math.round(d.measured.backswing[0]!.timeSec * d.fps) - 1;
  const backswing = d.measured.backswing.map((f) => ({ frame: Math.round(f.timeSec * d.fps), top: f.atTop }));
  const indices = [...new Set([address - 2, address - 1, ...backswing.map((b) => b.frame)])].filter((i) => i >= 0).sort((a, b) => a - b);
  const frames = new Map((await decodeFrames({ videoPath: file, size: d.measureSize, fps: d.fps, indices })).map((f) => [f.index, f]));
  console.log(`  ${d.name} ${d.variant}`);
  for (const above of bands) {
    const at = (i: number) => (frames.has(i) ? bothWays(frames.get(i)!, above) : null);
    const rest = [at(address - 2), at(address - 1)].filter((o): o is Outline => o !== null);
    const square = rest.reduce((s, o) => s + o.width, 0) / Math.max(1, rest.length);
    const cells = backswing.map((b) => {
      const o = at(b.frame);
      const turn = o ? turnFromOutline(o.width / square) : Number.NaN;
      return `${b.frame}${b.top ? 't' : ''}:${o ? (o.width / square).toFixed(2) : '—'}/${Number.isFinite(turn) ? turn.toFixed(0) : '—'}${o?.armsInBand ? 'h' : ''}`;
    });
    console.log(`    ${above.toFixed(2)} above${rest.some((o) => o.armsInBand) ? ' (arms in the band at address)' : ''}: ${cells.join(' ')}`);
  }
}

const bands = process.argv.slice(2).map(Number).filter(Number.isFinite);
console.log('== face-on hips read from the person mask: outline width over address, and the oval turn it reads');
for (const d of loadDumps().filter((x) => x.view === 'face-on')) await printDump(d, bands.length ? bands : [0, 0.15, 0.3]);
landmarker.close();
