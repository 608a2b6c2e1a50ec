/*
 * Frames straight from ffmpeg as small RGBA over a pipe: no image files, no full-size copies in memory.
 */
import { spawn } from 'node:child_process';
import type { RawFrame } from './runtime/protocol.js';

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
  const select = options.indices
    ? options.indices.map((n) => `eq(n\\,${n})`).join('+')
    : `not(mod(n\\,${options.stride ?? 1}))`;
  const wanted = options.indices ?? null;
  const args = [
    '-nostdin', '-loglevel', 'error', '-i', options.videoPath, '-map', '0:v:0',
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
