/*
 * Where each hand label puts the address on the hands' own path: the measure model reads every frame
 * around the labelled address (the picture and its mirror, fused as address.ts does), and this prints how
 * far the hands are from where they rested (over the stretch's first REST_SEC), in torso lengths, frame by
 * frame, with the distance at the labelled frame beside the one at which the product's rule says they
 * have left (EVENT_THRESHOLDS.onsetTorso, or a few jitters of the hands at rest where those are larger).
 * A golfer who settles or waggles early in the stretch drifts from that rest before the takeaway: read
 * the series, not only the figure at the label.
 *
 * Why it exists: the labels are the only truth about the address, and a label is one person's reading
 * of when the club started back. Where the product and a label disagree, this shows whether the rule or
 * the label is the odd one out across all labelled clips. About 2 minutes on 2 cores.
 *   tsx bench/takeaway.ts                 every labelled clip
 *   BENCH_CLIPS=name,name tsx bench/takeaway.ts
 */
import { DEFAULT_TOOLS } from '../src/media/ffmpeg.js';
import { probeVideo } from '../src/media/probe.js';
import { fusedPoses } from '../src/pose/address.js';
import { EVENT_THRESHOLDS } from '../src/pose/events.js';
import { MEASURE_LONG_SIDE, decodeFrames, scaledSize } from '../src/pose/frames.js';
import { handsPx, hipCentrePx, median, torsoLengthPx } from '../src/pose/geometry.js';
import { closePosePool, sharedPosePool } from '../src/pose/index.js';
import type { Pose } from '../src/pose/landmarks.js';
import type { RawFrame } from '../src/pose/runtime/protocol.js';
import { loadLabels } from './real-clips.js';

/** Real seconds read before the labelled address, and after it. */
const BEFORE_SEC = 0.6;
const AFTER_SEC = 0.4;
/** The hands' rest: where they were over the first this-many real seconds of the stretch. */
const REST_SEC = 0.25;
/** Frames decoded per ffmpeg call (its select expression grows with every frame named). */
const DECODE_BATCH = 40;

/** "about 3x" → 3; real time → 1. */
const slowFactor = (slowMotion: string | null) => Number(/([\d.]+)\s*x/i.exec(slowMotion ?? '')?.[1] ?? 1);

async function readFrames(path: string, indices: number[], size: { width: number; height: number }, fps: number): Promise<RawFrame[]> {
  const frames: RawFrame[] = [];
  for (let i = 0; i < indices.length; i += DECODE_BATCH) frames.push(...(await decodeFrames({ videoPath: path, size, fps, indices: indices.slice(i, i + DECODE_BATCH) })));
  return frames;
}

/** The hands against the hips, in torso lengths (as the event rules read them). */
function handsFromHips(pose: Pose, width: number, height: number): [number, number] {
  const [hands, hips, torso] = [handsPx(pose, width, height), hipCentrePx(pose, width, height), torsoLengthPx(pose, width, height)];
  return [(hands[0] - hips[0]) / torso, (hands[1] - hips[1]) / torso];
}

for (const label of (loadLabels() ?? []).filter((l) => l.address !== null && (!process.env.BENCH_CLIPS || process.env.BENCH_CLIPS.split(',').includes(l.name)))) {
  const probe = await probeVideo(DEFAULT_TOOLS, label.path);
  const size = scaledSize(probe.width, probe.height, MEASURE_LONG_SIDE);
  const perReal = probe.fps * slowFactor(label.slowMotion);
  const from = Math.max(0, label.address! - Math.round(BEFORE_SEC * perReal));
  const indices = Array.from({ length: label.address! + Math.round(AFTER_SEC * perReal) - from + 1 }, (_, i) => from + i);
  const frames = await readFrames(label.path, indices, size, probe.fps);
  const fused = await fusedPoses({ pool: sharedPosePool(), variant: 'full', frames, toFrame: (p) => p, width: size.width, height: size.height, workers: [0, 1] });
  const hands = fused.map(({ pose }) => (pose ? handsFromHips(pose, size.width, size.height) : null));
  const rest = hands.slice(0, Math.max(2, Math.round(REST_SEC * perReal))).filter((h): h is [number, number] => h !== null);
  const at = [median(rest.map((h) => h[0])), median(rest.map((h) => h[1]))];
  const away = hands.map((h) => (h ? Math.hypot(h[0] - at[0]!, h[1] - at[1]!) : Number.NaN));
  const atLabel = away[indices.indexOf(label.address!)]!;
  console.log(`\n-- ${label.name}: ${label.golfer}, ${label.view}, ${probe.fps} fps${label.slowMotion ? `, slow motion ${label.slowMotion}` : ''}`);
  console.log(`   labelled address ${label.address} (±${label.tolerance.address}): hands ${atLabel.toFixed(3)} torso lengths from their rest there (the rule's onset: ${EVENT_THRESHOLDS.onsetTorso})`);
  const cells = indices.map((f, i) => `${f === label.address ? '*' : ''}${f}:${Number.isNaN(away[i]!) ? '—' : away[i]!.toFixed(3)}`);
  for (let i = 0; i < cells.length; i += 10) console.log(`   ${cells.slice(i, i + 10).join(' ')}`);
}
await closePosePool();
