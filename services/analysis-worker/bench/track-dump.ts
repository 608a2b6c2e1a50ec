/*
 * Records the search model's pose on EVERY frame of each shared clip and variant (bench/pose-dump.ts
 * keeps what the product looked at): the full-rate hands' path, to study event definitions offline.
 * TRACK_DUMP_DIR (default /tmp/swingfit-track-dump). TRACK_MIRROR=1 also records the mirror image's
 * readings of every frame, put back into the picture (for bench/track-replay.ts FUSE=1); about 3 minutes
 * on a fast machine with it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TOOLS } from '../src/media/ffmpeg.js';
import { probeVideo } from '../src/media/probe.js';
import { SEARCH_LONG_SIDE, decodeFrames, scaledSize } from '../src/pose/frames.js';
import { closePosePool, sharedPosePool } from '../src/pose/index.js';
import { runChunk } from '../src/pose/passes.js';
import { mirrorFrame, unmirrorPose } from '../src/pose/flip.js';
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
    const lite = { variant: 'lite', numPoses: 1, video: true } as const;
    // TRACK_MIRROR=1: the mirror image of every frame too (its poses put back into the picture), run beside it.
    // Mirrored before either run: the pool takes the frames' buffers over.
    const mirror = process.env.TRACK_MIRROR ? frames.map(mirrorFrame) : null;
    const [found, mirrored] = await Promise.all([
      runChunk(pool, frames, { ...lite, worker: 0 }),
      mirror ? runChunk(pool, mirror, { ...lite, worker: 1 }) : Promise.resolve(null),
    ]);
    const plain = (pose: { image: Float32Array; world: Float32Array } | null) => (pose ? { image: Array.from(pose.image), world: Array.from(pose.world) } : null);
    writeFileSync(join(OUT, `${label.name}-${variant}.json`), JSON.stringify({
      label, variant, times: frameTimes(label.path), fps: probe.fps, size,
      analysed: found.map((f) => ({ index: f.index, pose: plain(f.pose) })),
      ...(mirrored ? { mirrored: mirrored.map((f) => ({ index: f.index, pose: plain(f.pose ? unmirrorPose(f.pose) : null) })) } : {}),
    }));
    console.log(`${label.name} ${variant}: ${found.length} frames`);
  }
}
await closePosePool();
