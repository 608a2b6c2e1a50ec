/*
 * A fence behind the golfer, on real pixels: is it taken for a net in front (net.ts)? Each shared clip is
 * made anew with a lattice (1-pixel dark strands every 11 pixels at 640 pixels long, as bench/net.ts's sharp
 * net) laid only where the pose model's person mask says the golfer is not, frame by frame: the body hides
 * the fence, and the arms and club uncover it as they move, as a chain-link fence or a range's netting
 * behind a golfer would show. Then the same lattice over the whole picture (a net in front), made the
 * same way, for the contrast. Each copy is analysed end to end; printed: the net reading and the verdict.
 * Run: npx tsx bench/fence.ts (about 4 minutes; CLIPS=name,name narrows it). The mask is a model's, so
 * where it misses a part of the body (the club, a blurred hand) the fence is drawn over that part.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closePosePool } from '../src/pose/index.js';
import { decodeFrames } from '../src/pose/frames.js';
import type { NetReading } from '../src/pose/net.js';
import { createLandmarker } from '../src/pose/runtime/landmarker.js';
import type { RawFrame } from '../src/pose/runtime/protocol.js';
import { analyseUpload, loadLabels } from './real-clips.js';

const SPACING = 11;
const DARKEN = 0.55;
const LONG_SIDE = 640;
// The lite model's mask lays the fence; the product reads the body from the full model's (index.ts): two
// models' outlines disagree by a pixel or two, as a real body's outline and any model's do.
const landmarker = await createLandmarker('lite', { numPoses: 1, video: false, masks: true });
const onStrand = (x: number, y: number) => x % SPACING < 1 || y % SPACING < 1;

/** The frame with the lattice laid where `behind` (0..1 per pixel: how surely it is not the golfer) says. */
function laid(frame: RawFrame, behind: (i: number) => number): Uint8Array {
  const out = new Uint8Array(frame.data);
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      if (!onStrand(x, y)) continue;
      const i = y * frame.width + x;
      const keep = 1 - DARKEN * behind(i);
      for (let c = 0; c < 3; c++) out[i * 4 + c] = Math.round(out[i * 4 + c]! * keep);
    }
  }
  return out;
}

/** Encodes RGBA frames to an H.264 file at `fps`. */
function encode(frames: Uint8Array[], width: number, height: number, fps: number, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = ['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-r', String(fps), '-i', 'pipe:0', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', path];
    const child = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
    for (const f of frames) child.stdin.write(f);
    child.stdin.end();
  });
}

const labels = loadLabels() ?? [];
const only = process.env.CLIPS?.split(',');
// FENCE_KEEP=dir keeps the copies there (to look at them, or to analyse one again).
const dir = process.env.FENCE_KEEP ?? mkdtempSync(join(tmpdir(), 'fence-'));
try {
  for (const l of labels.filter((x) => !only || only.some((o) => x.name.includes(o)))) {
    const scale = LONG_SIDE / Math.max(l.width, l.height);
    const size = { width: Math.round((l.width * scale) / 2) * 2, height: Math.round((l.height * scale) / 2) * 2 };
    const frames = await decodeFrames({ videoPath: l.path, size, fps: l.fps });
    const masks = frames.map((f) => landmarker.detect(f.data, f.width, f.height).masks?.[0] ?? null);
    for (const [name, behind] of [
      ['fence behind', (mask: Float32Array | null) => (i: number) => 1 - (mask?.[i] ?? 0)],
      ['net in front', () => () => 1],
    ] as const) {
      const path = join(dir, `${l.name}-${name.replace(/ /g, '_')}.mp4`);
      await encode(frames.map((f, k) => laid(f, behind(masks[k]!))), size.width, size.height, l.fps, path);
      const { result } = await analyseUpload(path, l.view, join(dir, 'work'));
      if (!result.ok) {
        console.log(`${l.name.padEnd(28)} ${name.padEnd(13)} REFUSED ${result.reason}`);
        continue;
      }
      const r = result.fields.technicalDetails['net'] as NetReading;
      const found = result.summary.throughNet === true;
      const right = found === (name === 'net in front');
      console.log(`${l.name.padEnd(28)} ${name.padEnd(13)} change ${r.strength.toFixed(1).padStart(6)} body ${r.onBody.toFixed(1).padStart(6)} ${found ? 'net' : 'no net'}${right ? '' : ' WRONG'}`);
    }
  }
} finally {
  if (!process.env.FENCE_KEEP) rmSync(dir, { recursive: true, force: true });
  landmarker.close();
  await closePosePool();
}
