/*
 * Split screens (src/pose/split.ts): on four frames of each shared clip and of copies made to look like
 * one or not, the column near the middle cut on most rows in its worst frame, each frame's share of rows
 * cut there, and the verdict. Run: npx tsx bench/split-screen.ts (about 30 s). Stop 64: the face-on and
 * down-the-line clips side by side (either order) cut 0.42-0.73 of the rows in every frame; no
 * shared clip, nor a portrait clip over a blurred copy of itself, nor a landscape one across a 9:16 frame
 * over its blurred copy, cut more than 0.19 in any frame (the seam needs 0.3 in every frame).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEAM_BAND, cutRows, splitSeam } from '../src/pose/split.js';
import type { RawFrame } from '../src/pose/runtime/protocol.js';
import { fixturesDir, loadLabels } from './real-clips.js';

const PLAYBACK_LONG_SIDE = 1280;
const AT = [0.2, 0.4, 0.55, 0.7];

/** Four frames of `file` at the playback's size, as the key frames are. */
function framesOf(file: string): RawFrame[] {
  const j = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height:format=duration', '-of', 'json', file]).toString());
  const [w0, h0, duration] = [j.streams[0].width, j.streams[0].height, Number(j.format.duration)];
  const k = Math.min(1, PLAYBACK_LONG_SIDE / Math.max(w0, h0));
  const [width, height] = [Math.round((w0 * k) / 2) * 2, Math.round((h0 * k) / 2) * 2];
  return AT.map((share, index) => {
    const data = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(share * duration), '-i', file, '-frames:v', '1', '-vf', `scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { maxBuffer: 1 << 28 });
    return { index, timeMs: 0, width, height, data: new Uint8Array(data) };
  });
}

function report(name: string, file: string): void {
  const frames = framesOf(file);
  const width = frames[0]!.width;
  let best = { x: 0, worst: 0, each: [] as number[] };
  for (let x = Math.ceil(SEAM_BAND[0] * width); x <= Math.floor(SEAM_BAND[1] * width); x++) {
    const each = frames.map((f) => cutRows(f, x));
    if (Math.min(...each) > best.worst) best = { x, worst: Math.min(...each), each };
  }
  const seam = splitSeam(frames);
  console.log(`${name.padEnd(44)} most cut at ${(best.x / width).toFixed(3)}: ${best.each.map((r) => r.toFixed(2)).join(' ')}  -> ${seam === null ? 'one picture' : `seam at ${seam.toFixed(3)}`}`);
}

const labels = loadLabels();
if (!labels) {
  console.log('bench/split-screen: the shared fixtures are absent; nothing to read.');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'split-screen-'));
try {
  const path = (name: string) => labels.find((l) => l.name === name)!.path;
  const make = (name: string, args: string[]) => {
    const out = join(dir, `${name}.mp4`);
    execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-an', out]);
    return out;
  };
  const copies: [string, string][] = [
    ['side by side: face-on, then from behind', make('sbs', ['-i', path('adam_scott_iron_fo'), '-i', path('adam_scott_iron_dtl'), '-filter_complex', '[0:v][1:v]hstack=shortest=1,scale=1920:-2']) ],
    ['side by side: from behind, then face-on', make('sbs2', ['-i', path('morikawa_iron_dtl'), '-i', path('morikawa_iron_fo'), '-filter_complex', '[0:v][1:v]hstack=shortest=1,scale=1920:-2']) ],
    ['landscape over its blurred copy, 9:16', make('upright', ['-i', path('adam_scott_iron_fo'), '-filter_complex', '[0:v]split[a][b];[a]scale=-2:1920,crop=1080:1920,boxblur=30:3[bg];[b]scale=1080:-2[fg];[bg][fg]overlay=0:(H-h)/2']) ],
    ['portrait over its blurred copy, 16:9', make('pillar', ['-i', join(fixturesDir(), 'swing-face-on-hevc.mov'), '-filter_complex', '[0:v]split[a][b];[a]scale=1920:-2,crop=1920:1080,boxblur=30:3[bg];[b]scale=-2:1080[fg];[bg][fg]overlay=(W-w)/2:0']) ],
  ];
  for (const label of labels) report(label.name, label.path);
  for (const [name, file] of copies) report(name, file);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
