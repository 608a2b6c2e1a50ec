/*
 * The two model passes. Search: the lite model over the whole clip (at most ~30 analysed frames per
 * second, small frames, VIDEO-mode tracking, one contiguous chunk per worker). Measure: the heavy model
 * on the few frames the metrics need, larger frames, IMAGE mode (each frame independent, spread over
 * the workers).
 */
import type { Pose } from './landmarks.js';
import type { PosePool } from './runtime/pool.js';
import type { FrameLandmarks, RawFrame } from './runtime/protocol.js';
import type { ModelVariant } from './runtime/landmarker.js';

export interface PassFrame {
  index: number;
  poses: number;
  pose: Pose | null;
}

const toPassFrame = (r: FrameLandmarks): PassFrame => ({
  index: r.index,
  poses: r.poses,
  pose: r.image && r.world ? { image: r.image, world: r.world } : null,
});

function chunks<T>(items: T[], count: number): T[][] {
  const size = Math.ceil(items.length / Math.max(1, count));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function guard(signal?: AbortSignal): void {
  if (signal?.aborted) throw new Error('pose stage aborted');
}

export async function runPass(
  pool: PosePool,
  frames: RawFrame[],
  options: { variant: ModelVariant; numPoses: number; video: boolean; signal?: AbortSignal; chunkCount?: number; workers?: number },
): Promise<PassFrame[]> {
  guard(options.signal);
  const parts = chunks(frames, options.chunkCount ?? pool.size);
  const results = await Promise.all(
    parts.map((part, i) =>
      pool.run({
        variant: options.variant, numPoses: options.numPoses, video: options.video, frames: part,
        ...(options.workers !== undefined ? { worker: i % options.workers } : {}),
      }),
    ),
  );
  guard(options.signal);
  return results.flat().map(toPassFrame).sort((a, b) => a.index - b.index);
}
