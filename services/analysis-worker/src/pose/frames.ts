/*
 * Frames as small RGBA: straight from ffmpeg over a pipe, or from the raw frame file the playback
 * transcode wrote on the side. No image files, no full-size copies in memory.
 */
import { spawn } from 'node:child_process';
import { open, type FileHandle } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { cropFrame, type PixelBox } from './crop.js';
import type { RawFrame } from './runtime/protocol.js';

/** Long side of the frames the search pass looks at. */
export const SEARCH_LONG_SIDE = 256;
/** Long side of the frames the measure pass reads (and the key frames are drawn on). */
export const MEASURE_LONG_SIDE = 640;

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
  /** Only this box of the video (its own pixels), scaled to `size`. */
  crop?: { x: number; y: number; width: number; height: number };
  signal?: AbortSignal;
}

const cropFilter = (box: DecodeOptions['crop']): string => (box ? `crop=${box.width}:${box.height}:${box.x}:${box.y},` : '');

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
    '-vf', `select='${select}',${cropFilter(options.crop)}scale=${width}:${height}:flags=bilinear`,
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

/** Every playback frame, raw, at `size`, written by the playback transcode (one decode feeds all outputs). */
export interface FrameFile {
  path: string;
  size: FrameSize;
  /** Pixel layout of each frame: RGBA (default), or yuv420p with BT.709 limited-range colours. */
  format?: 'rgba' | 'yuv420p';
}

export const frameBytes = (file: FrameFile): number =>
  file.format === 'yuv420p' ? (file.size.width * file.size.height * 3) / 2 : file.size.width * file.size.height * 4;

const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/**
 * One yuv420p picture (BT.709, limited range — as the transcode writes it) as RGBA: the whole picture,
 * or only the `crop` box of it (converting only what is used: a small golfer's crop is a tenth of it).
 */
export function yuv420pToRgba(yuv: Uint8Array, width: number, height: number, crop: PixelBox = { x: 0, y: 0, width, height }): Uint8Array {
  const out = new Uint8Array(crop.width * crop.height * 4);
  const chromaWidth = width / 2;
  const uPlane = width * height;
  const vPlane = uPlane + (width * height) / 4;
  for (let y = crop.y; y < crop.y + crop.height; y++) {
    const chromaRow = (y >> 1) * chromaWidth;
    for (let x = crop.x; x < crop.x + crop.width; x++) {
      const c = chromaRow + (x >> 1);
      const luma = (yuv[y * width + x]! - 16) * (255 / 219);
      const cb = (yuv[uPlane + c]! - 128) * (255 / 224);
      const cr = (yuv[vPlane + c]! - 128) * (255 / 224);
      const o = ((y - crop.y) * crop.width + (x - crop.x)) * 4;
      out[o] = clampByte(luma + 1.5748 * cr);
      out[o + 1] = clampByte(luma - 0.1873 * cb - 0.4681 * cr);
      out[o + 2] = clampByte(luma + 1.8556 * cb);
      out[o + 3] = 255;
    }
  }
  return out;
}

/**
 * The given frames of a complete frame file, as RGBA (indices past its end are left out, as a decode
 * would). Each is read at its own offset: a 10 s 60 fps file of measure frames is ~200 MB.
 */
export async function readFrameFile(file: FrameFile, fps: number, indices: number[], crop?: PixelBox): Promise<RawFrame[]> {
  const { width, height } = file.size;
  const bytes = frameBytes(file);
  const handle = await open(file.path, 'r');
  try {
    const frames: RawFrame[] = [];
    const available = Math.floor((await handle.stat()).size / bytes);
    for (const index of indices) {
      if (index >= available) continue;
      const raw = new Uint8Array(bytes);
      await handle.read(raw, 0, bytes, index * bytes);
      const data = file.format === 'yuv420p' ? yuv420pToRgba(raw, width, height, crop) : raw;
      const frame = { index, timeMs: (index / fps) * 1000, width, height, data };
      frames.push(crop && file.format !== 'yuv420p' ? cropFrame(frame, crop) : crop ? { ...frame, width: crop.width, height: crop.height } : frame);
    }
    return frames;
  } finally {
    await handle.close();
  }
}

const POLL_MS = 25;

/**
 * Every `stride`-th frame of a frame file, as soon as it is on disk: the transcode may still be writing
 * the file (`written` settles when it is done, or fails with the transcode's error). Read frame by
 * frame, so the file (~100 MB for a 10 s 60 fps clip) is never held whole.
 */
export async function* streamFrameFile(file: FrameFile, fps: number, stride: number, written: Promise<unknown> = Promise.resolve(), signal?: AbortSignal): AsyncGenerator<RawFrame> {
  if (file.format === 'yuv420p') throw new Error('streamFrameFile reads RGBA frame files only');
  const { width, height } = file.size;
  const bytes = frameBytes(file);
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
      while (handle && (n + 1) * bytes <= size) {
        const data = new Uint8Array(bytes);
        await handle.read(data, 0, bytes, n * bytes);
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
