/*
 * Running a model over frames on the worker pool. Search: the lite model in VIDEO mode (tracking from
 * frame to frame) over stretches of the clip. Measure: the full or heavy model, also tracking, on the few
 * frames the metrics need. Looking for other people: the lite model, one frame per call (crowd.ts).
 */
import type { Pose } from './landmarks.js';
import type { PosePool } from './runtime/pool.js';
import type { FrameLandmarks, RawFrame } from './runtime/protocol.js';
import type { ModelVariant } from './runtime/landmarker.js';

export interface PassFrame {
  index: number;
  pose: Pose | null;
  /** With PassOptions.masks: how likely each pixel shows the person. */
  mask?: Float32Array | null;
}

const toPassFrame = (r: FrameLandmarks): PassFrame => ({
  index: r.index,
  pose: r.image && r.world ? { image: r.image, world: r.world } : null,
  ...(r.mask !== undefined ? { mask: r.mask } : {}),
});

export interface PassOptions {
  variant: ModelVariant;
  numPoses: number;
  video: boolean;
  signal?: AbortSignal;
  /** Run on this pool slot (default: whichever slot is free). */
  worker?: number;
  /** Also the person's mask (IMAGE mode only). */
  masks?: boolean;
}

/** Frames a VIDEO-mode chunk tracks before its own (0.2 s at 30 analysed frames per second). */
export const TRACKING_WARM_UP = 6;

export const copyFrame = (f: RawFrame): RawFrame => ({ ...f, data: new Uint8Array(f.data) });

function guard(signal?: AbortSignal): void {
  if (signal?.aborted) throw new Error('pose stage aborted');
}

/**
 * One call on one worker. `warmUp` frames go first and only lock the tracker on (their results are
 * dropped): a fresh detection in the middle of a swing (arms up at the top) can be badly off for a few
 * frames. The pool takes over the frames' buffers, so pass copies of anything still needed.
 */
export async function runChunk(pool: PosePool, frames: RawFrame[], options: PassOptions & { warmUp?: RawFrame[] }): Promise<PassFrame[]> {
  guard(options.signal);
  if (frames.length === 0) return [];
  const warmUp = options.video ? (options.warmUp ?? []) : [];
  const results = await pool.run({
    variant: options.variant, numPoses: options.numPoses, video: options.video, frames: [...warmUp, ...frames],
    ...(options.masks ? { masks: true } : {}),
    ...(options.worker !== undefined ? { worker: options.worker } : {}),
  });
  guard(options.signal);
  return results.slice(warmUp.length).map(toPassFrame);
}

/** Contiguous chunks of `frames` in parallel, each after the previous chunk's last frames as warm-up. */
export async function runPass(pool: PosePool, frames: RawFrame[], options: PassOptions & { chunkCount?: number }): Promise<PassFrame[]> {
  const count = Math.max(1, options.chunkCount ?? pool.size);
  const size = Math.ceil(frames.length / count);
  // Every chunk is cut (warm-up copies included) before the first is sent and its buffers move away.
  const chunks: { frames: RawFrame[]; warmUp: RawFrame[] }[] = [];
  for (let i = 0; i < frames.length; i += size) {
    const warmUp = options.video ? frames.slice(Math.max(0, i - TRACKING_WARM_UP), i).map(copyFrame) : [];
    chunks.push({ frames: frames.slice(i, i + size), warmUp });
  }
  // Chunk i on worker i: the same frames meet the same model state on every run (see PoseRequest.fresh).
  const results = await Promise.all(chunks.map((c, i) => runChunk(pool, c.frames, { ...options, warmUp: c.warmUp, worker: options.worker ?? i % pool.size })));
  return results.flat().sort((a, b) => a.index - b.index);
}
