import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/* Synthetic test videos made by the real ffmpeg (lavfi test sources), never checked in. */

export interface ClipSpec {
  width: number;
  height: number;
  fps?: number;
  seconds?: number;
  codec?: 'libx264' | 'libx265' | 'prores_ks' | 'mpeg4';
  audio?: boolean;
  /** Clockwise display rotation stored as container metadata (phones recording sideways). */
  rotate?: 90 | 180 | 270;
  container?: 'mp4' | 'mov' | 'mkv';
  /** Tag the video as HDR HLG / BT.2020 (iPhone default recording). */
  hlg?: boolean;
  /** Interlaced H.264, top field first: `fps` frames a second, each of two fields filmed a field apart (1080i-style). */
  interlaced?: boolean;
  /** Stored pixels' width over height as ffmpeg's setsar takes it ('4/3': HDV's wide pixels). */
  pixelAspect?: string;
}

export async function makeClip(dir: string, name: string, spec: ClipSpec): Promise<string> {
  const ext = spec.container ?? (spec.codec === 'prores_ks' || spec.rotate ? 'mov' : 'mp4');
  const out = join(dir, `${name}.${ext}`);
  const fps = spec.fps ?? 30;
  const seconds = spec.seconds ?? 1;
  const codec = spec.codec ?? 'libx264';
  const codecArgs =
    codec === 'libx265'
      ? ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p10le', '-tag:v', 'hvc1']
      : codec === 'prores_ks'
        ? ['-c:v', 'prores_ks', '-profile:v', '0']
        : codec === 'mpeg4'
          ? ['-c:v', 'mpeg4']
          : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  // Interlaced: the source at the field rate, every two of its pictures woven into one frame's lines.
  const rate = spec.interlaced ? 2 * fps : fps;
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${spec.width}x${spec.height}:rate=${rate}:duration=${seconds}`];
  const filters = [...(spec.interlaced ? ['tinterlace=mode=interleave_top,setfield=tff'] : []), ...(spec.pixelAspect ? [`setsar=${spec.pixelAspect}`] : [])];
  if (filters.length) codecArgs.push('-vf', filters.join(','));
  if (spec.interlaced) codecArgs.push('-flags', '+ilme+ildct', '-x264opts', 'tff=1');
  if (spec.hlg) codecArgs.push('-color_primaries', 'bt2020', '-color_trc', 'arib-std-b67', '-colorspace', 'bt2020nc');
  if (spec.audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'aac', '-shortest');
  const plain = spec.rotate ? join(dir, `${name}.unrotated.${ext}`) : out;
  await run('ffmpeg', [...args, ...codecArgs, plain]);
  // Encoding drops a requested rotate tag; a stream copy writes it as the display matrix, as phones do.
  if (spec.rotate) await run('ffmpeg', ['-v', 'error', '-y', '-i', plain, '-c', 'copy', '-metadata:s:v:0', `rotate=${spec.rotate}`, out]);
  return out;
}

export async function ffprobeJson(file: string): Promise<{ streams: Record<string, any>[]; format: Record<string, any> }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file]);
  return JSON.parse(stdout);
}

/** Decodes every frame; resolves with the decoded frame count (proves the file is playable). */
export async function decodedFrames(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file]);
  return Number.parseInt(stdout.trim(), 10);
}

export async function hasEncoder(name: string): Promise<boolean> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-encoders']);
  return new RegExp(`\\s${name}\\s`).test(stdout);
}

/** The shared real-swing fixture (SWINGFIT_FIXTURES or ../shared/fixtures beside the repository), if present. */
export function swingFixture(): string | undefined {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  const dir = process.env.SWINGFIT_FIXTURES ?? join(repoRoot, '..', 'shared', 'fixtures');
  const file = join(dir, 'swing-face-on-hevc.mov');
  return existsSync(file) ? file : undefined;
}

/** Top-level MP4 box names in order (faststart puts moov before mdat). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const { open } = await import('node:fs/promises');
  const fh = await open(file, 'r');
  try {
    const names: string[] = [];
    const { size } = await fh.stat();
    let offset = 0;
    const header = Buffer.alloc(16);
    while (offset + 8 <= size) {
      await fh.read(header, 0, 16, offset);
      let boxSize = header.readUInt32BE(0);
      names.push(header.toString('latin1', 4, 8));
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      if (boxSize < 8) break;
      offset += boxSize;
    }
    return names;
  } finally {
    await fh.close();
  }
}

/** A copy whose container is intact but whose coded frames are noise: ffprobe reads it, no decoder can. */
export async function corruptFrames(file: string, out: string): Promise<string> {
  const { readFile, writeFile } = await import('node:fs/promises');
  const data = Buffer.from(await readFile(file));
  const at = data.indexOf('mdat');
  const end = at - 4 + data.readUInt32BE(at - 4);
  let seed = 7;
  for (let i = at + 4; i < end; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = seed >> 16;
  }
  await writeFile(out, data);
  return out;
}

/**
 * Share of a video's frames ffmpeg's interlace detector (idet, single-frame) finds combed: alternate lines
 * from two moments, top or bottom field first.
 */
export async function combedShare(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-i', file, '-vf', 'idet', '-an', '-f', 'null', '-']);
  const m = /Single frame detection: TFF:\s*(\d+) BFF:\s*(\d+) Progressive:\s*(\d+) Undetermined:\s*(\d+)/.exec(stderr);
  if (!m) throw new Error(`idet printed no verdict for ${file}`);
  const [tff, bff, progressive, undetermined] = m.slice(1).map(Number) as [number, number, number, number];
  return (tff + bff) / Math.max(1, tff + bff + progressive + undetermined);
}
