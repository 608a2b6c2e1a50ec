/*
 * Records the search model's pose on EVERY frame of each shared clip and variant (bench/pose-dump.ts
 * keeps what the product looked at): the full-rate hands' path, to study event definitions offline.
 * TRACK_DUMP_DIR (default /tmp/swingfit-track-dump).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TOOLS } from '../src/media/ffmpeg.js';
import { probeVideo } from '../src/media/probe.js';
import { SEARCH_LONG_SIDE, decodeFrames, scaledSize } from '../src/pose/frames.js';
import { closePosePool, sharedPosePool } from '../src/pose/index.js';
import { runChunk } from '../src/pose/passes.js';
import { VARIANTS, frameTimes, loadLabels, makeVariant, type VariantName } from './real-clips.js';

const OUT = process.env.TRACK_DUMP_DIR ?? '/tmp/swingfit-track-dump';
mkdirSync(OUT, { recursive: true });
const only = process.env.BENCH_CLIPS?.split(',');
const pool = sharedPosePool();
for (const label of (loadLabels() ?? []).filter((l) => !only || only.includes(l.name))) {
  for (const variant of ['original', ...Object.keys(VARIANTS)] as (VariantName | 'original')[]) {
    const file = variant === 'original' ? label.path : makeVariant(label.path, variant, join(OUT, `${label.name}-${variant}.mp4`));
    const probe = await probeVideo(DEFAULT_TOOLS, file);
    const size = scaledSize(probe.width, probe.height, SEARCH_LONG_SIDE);
    const frames = await decodeFrames({ videoPath: file, size, fps: probe.fps });
    const found = await runChunk(pool, frames, { variant: 'lite', numPoses: 1, video: true });
    writeFileSync(join(OUT, `${label.name}-${variant}.json`), JSON.stringify({
      label, variant, times: frameTimes(label.path), fps: probe.fps, size,
      analysed: found.map((f) => ({ index: f.index, pose: f.pose ? { image: Array.from(f.pose.image), world: Array.from(f.pose.world) } : null })),
    }));
    console.log(`${label.name} ${variant}: ${found.length} frames`);
  }
}
await closePosePool();
