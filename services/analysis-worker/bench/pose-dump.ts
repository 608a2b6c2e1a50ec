/*
 * Records what the pose stage saw on every shared clip and variant (search track, measured poses), so
 * the event and turn rules can be replayed offline in seconds (bench/replay.ts) while a change is judged;
 * the verdict is always a full `pnpm bench:accuracy` run. POSE_DUMP_DIR (default /tmp/swingfit-pose-dump).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closePosePool, type PoseStageInspection } from '../src/pose/index.js';
import type { Pose } from '../src/pose/landmarks.js';
import { VARIANTS, analyseUpload, frameTimes, loadLabels, makeVariant, type VariantName } from './real-clips.js';

const OUT = process.env.POSE_DUMP_DIR ?? '/tmp/swingfit-pose-dump';
const pose = (p: Pose | null) => (p ? { image: Array.from(p.image), world: Array.from(p.world) } : null);

function serialise(seen: PoseStageInspection) {
  const m = seen.measured;
  return {
    fps: seen.fps, searchSize: seen.searchSize, measureSize: seen.measureSize, view: seen.view, handedness: seen.handedness,
    stride: seen.search.analysed.length > 1 ? seen.search.analysed[1]!.index - seen.search.analysed[0]!.index : 1,
    lastFrame: seen.search.lastFrame,
    camera: seen.search.camera,
    address: seen.address,
    analysed: seen.search.analysed.map((f) => ({ index: f.index, pose: pose(f.pose) })),
    measured: {
      address: m.address.map(pose),
      backswing: m.backswing.map((f) => ({ timeSec: f.timeSec, atTop: f.atTop, afterTop: f.afterTop, pose: pose(f.pose), readings: f.readings.map(pose) })),
      impact: m.impact.map(pose),
    },
  };
}

const labels = loadLabels() ?? [];
mkdirSync(OUT, { recursive: true });
const only = process.env.BENCH_CLIPS?.split(',');
for (const label of labels.filter((l) => !only || only.includes(l.name))) {
  for (const variant of ['original', ...Object.keys(VARIANTS)] as (VariantName | 'original')[]) {
    const upload = variant === 'original' ? label.path : makeVariant(label.path, variant, join(OUT, `${label.name}-${variant}.mp4`));
    let seen: PoseStageInspection | undefined;
    const { result } = await analyseUpload(upload, label.view, join(OUT, `work-${label.name}-${variant}`), (s) => (seen = s));
    const file = join(OUT, `${label.name}-${variant}.json`);
    writeFileSync(file, JSON.stringify({ label, variant, times: frameTimes(label.path), ok: result.ok, seen: seen ? serialise(seen) : null }));
    console.log(`${label.name} ${variant}: ${result.ok ? 'ok' : 'refused'} -> ${file}`);
  }
}
await closePosePool();
