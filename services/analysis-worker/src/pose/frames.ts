/*
 * Frames as small RGBA: straight from ffmpeg over a pipe, or from the raw frame file the playback
 * transcode wrote on the side. No image files, no full-size copies in memory.
 */
import { spawn } from 'node:child_process';
import { open, type FileHandle } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { RawFrame } from './runtime/protocol.js';

/** Long side of the frames the search pass looks at. */
export const SEARCH_LONG_SIDE = 256;

export interface FrameSize {
  width: number;
  height: number;
}

/** Scales (width, height) so the long side is at most `longSide`, keeping even dimensions. */
export function scaledSize(width: number, height: number, longSide: number): FrameSize {
  const scale = Math.min(1, longSide / Math.max(width, height));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

export interface DecodeOptions {
  videoPath: string;
  size: FrameSize;
  fps: number;
  /** Keep every `stride`-th frame (frame indices 0, stride, 2·stride…). */
  stride?: number;
  /** Or keep exactly these frame indices (sorted ascending). */
  indices?: number[];
  signal?: AbortSignal;
}

export function decodeFrames(options: DecodeOptions): Promise<RawFrame[]> {
  const { width, height } = options.size;
  const frameBytes = width * height * 4;
  // Exact frames from a constant-rate video: seek to just before the first one (ffmpeg decodes from the
  // keyframe before it and drops what comes earlier), so frame numbers count from there.
  const first = options.indices?.[0] ?? 0;
  const seek = first > 0 ? ['-ss', ((first - 0.5) / options.fps).toFixed(6)] : [];
  const select = options.indices
    ? options.indices.map((n) => `eq(n\\,${n - first})`).join('+')
    : `not(mod(n\\,${options.stride ?? 1}))`;
  const wanted = options.indices ?? null;
  const args = [
    '-nostdin', '-loglevel', 'error', ...seek, '-i', options.videoPath, '-map', '0:v:0',
    '-vf', `select='${select}',scale=${width}:${height}:flags=bilinear`,
    '-fps_mode', 'passthrough', '-an', '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const frames: RawFrame[] = [];
    let current = new Uint8Array(frameBytes);
    let filled = 0;
    let stderr = '';
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      let offset = 0;
      while (offset < chunk.length) {
        const take = Math.min(frameBytes - filled, chunk.length - offset);
        current.set(chunk.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === frameBytes) {
          const k = frames.length;
          const index = wanted ? (wanted[k] ?? k) : k * (options.stride ?? 1);
          frames.push({ index, timeMs: (index / options.fps) * 1000, width, height, data: current });
          current = new Uint8Array(frameBytes);
          filled = 0;
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) reject(new Error('decode aborted'));
      else if (code !== 0) reject(new Error(`ffmpeg decode failed (${code}): ${stderr.trim()}`));
      else resolve(frames);
    });
  });
}

/** Every playback frame as raw RGBA at `size`, written by the playback transcode (one decode feeds both). */
export interface FrameFile {
  path: string;
  size: FrameSize;
}

const POLL_MS = 25;

/**
 * Every `stride`-th frame of a frame file, as soon as it is on disk: the transcode may still be writing
 * the file (`written` settles when it is done, or fails with the transcode's error). Read frame by
 * frame, so the file (~100 MB for a 10 s 60 fps clip) is never held whole.
 */
export async function* streamFrameFile(file: FrameFile, fps: number, stride: number, written: Promise<unknown> = Promise.resolve(), signal?: AbortSignal): AsyncGenerator<RawFrame> {
  const { width, height } = file.size;
  const frameBytes = width * height * 4;
  let state: { done: false } | { done: true; error?: unknown } = { done: false };
  written.then(
    () => (state = { done: true }),
    (error: unknown) => (state = { done: true, error }),
  );
  let handle: FileHandle | null = null;
  try {
    let n = 0;
    for (;;) {
      if (signal?.aborted) throw new Error('frame reading aborted');
      const settled = state; // taken before looking at the file: once settled, the file is complete
      if (settled.done && 'error' in settled) throw settled.error;
      handle ??= await open(file.path, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' && !settled.done) return null; // ffmpeg has not created it yet
        throw error;
      });
      const size = handle ? (await handle.stat()).size : 0;
      while (handle && (n + 1) * frameBytes <= size) {
        const data = new Uint8Array(frameBytes);
        await handle.read(data, 0, frameBytes, n * frameBytes);
        yield { index: n, timeMs: (n / fps) * 1000, width, height, data };
        n += stride;
      }
      if (settled.done) return;
      await delay(POLL_MS);
    }
  } finally {
    await handle?.close();
  }
}
