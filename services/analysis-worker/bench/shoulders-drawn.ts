/*
 * Where the measure model puts the shoulders, drawn: for each original clip of a pose dump
 * (bench/pose-dump.ts), the upper body at address and on the last backswing frames, cut from the clip at
 * its own resolution, with the fused shoulders (lead red, trail blue), elbows (lead orange, trail cyan)
 * and ears (yellow). Face-on at the top the lead shoulder's point sits on the outline of the upper back,
 * not under the chin where the joint is: why a face-on shoulder turn past 70° is a lower limit (contracts
 * FACE_ON_SHOULDER_LIMIT_DEG). Writes bench/output/shoulders-<clip>.png (not committed).
 * With --hips, the lower body instead (hips lead red and trail blue, knees orange and cyan, ankles
 * yellow): face-on the hip points sit inside the hips' outline, near the joints (bench/face-on-alternatives.ts).
 * Writes bench/output/hips-<clip>.png.
 * Run: tsx bench/shoulders-drawn.ts [--hips] [clip-name ...]   (POSE_DUMP_DIR as for bench/replay.ts)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { LM, type Pose } from '../src/pose/landmarks.js';
import { loadDumps, type Dump } from './replay.js';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'output');
const TILE = 420;
/** Backswing frames drawn after the address: the last ones, where the lead arm crosses the shoulder. */
const LAST_FRAMES = 3;

type Mark = { landmark: number; colour: string };
type Part = 'shoulders' | 'hips';
const marks = (hand: 'right' | 'left', drawn: Part): Mark[] => {
  const [lead, trail] = hand === 'right' ? (['left', 'right'] as const) : (['right', 'left'] as const);
  const at = (side: 'left' | 'right', part: 'Shoulder' | 'Elbow' | 'Hip' | 'Knee' | 'Ankle') => LM[`${side}${part}`];
  if (drawn === 'hips') {
    return [
      { landmark: at(lead, 'Hip'), colour: 'red' },
      { landmark: at(trail, 'Hip'), colour: 'blue' },
      { landmark: at(lead, 'Knee'), colour: 'orange' },
      { landmark: at(trail, 'Knee'), colour: 'cyan' },
      { landmark: at(lead, 'Ankle'), colour: 'yellow' },
      { landmark: at(trail, 'Ankle'), colour: 'yellow' },
    ];
  }
  return [
    { landmark: at(lead, 'Shoulder'), colour: 'red' },
    { landmark: at(trail, 'Shoulder'), colour: 'blue' },
    { landmark: at(lead, 'Elbow'), colour: 'orange' },
    { landmark: at(trail, 'Elbow'), colour: 'cyan' },
    { landmark: LM.leftEar, colour: 'yellow' },
    { landmark: LM.rightEar, colour: 'yellow' },
  ];
};

/** One frame of the clip as PNG, at the clip's size. */
const framePng = (file: string, index: number): Buffer =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${index})`, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'], { maxBuffer: 1 << 28 });

/**
 * The body around the shoulders (or the hips) of `pose`, a square of ~1.8 torso lengths, marked and
 * scaled to TILE.
 */
async function tile(file: string, index: number, pose: Pose, hand: 'right' | 'left', caption: string, drawn: Part): Promise<Buffer> {
  const png = framePng(file, index);
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const at = (i: number): [number, number] => [pose.image[i * 4]! * width, pose.image[i * 4 + 1]! * height];
  const [ls, lh] = [at(LM.leftShoulder), at(LM.leftHip)];
  const [a, b] = drawn === 'hips' ? [lh, at(LM.rightHip)] : [ls, at(LM.rightShoulder)];
  const half = Math.max(20, Math.abs(lh[1] - ls[1]) * 0.9);
  const left = Math.max(0, Math.round((a[0] + b[0]) / 2 - half));
  const top = Math.max(0, Math.round((a[1] + b[1]) / 2 - half));
  const side = Math.round(Math.min(2 * half, width - left, height - top));
  const k = TILE / side;
  const dots = marks(hand, drawn).map(({ landmark, colour }) => {
    const [x, y] = at(landmark);
    return `<circle cx="${(x - left) * k}" cy="${(y - top) * k}" r="5" fill="${colour}" stroke="black" stroke-width="1"/>`;
  });
  const svg = `<svg width="${TILE}" height="${TILE}" xmlns="http://www.w3.org/2000/svg"><text x="6" y="26" font-size="22" fill="yellow" stroke="black" stroke-width="0.6">${caption}</text>${dots.join('')}</svg>`;
  const crop = await sharp(png).extract({ left, top, width: side, height: side }).resize(TILE, TILE).png().toBuffer();
  return sharp(crop).composite([{ input: Buffer.from(svg) }]).png().toBuffer();
}

async function sheet(d: Dump, drawn: Part): Promise<string> {
  // The dump keeps the label as loadLabels gave it, the clip's path included.
  const clip = (d.label as Dump['label'] & { path: string }).path;
  const frameOf = (timeSec: number) => Math.round(timeSec * d.fps);
  const address = d.measured.address[d.measured.address.length - 1];
  const last = d.measured.backswing.slice(-LAST_FRAMES);
  const addressFrame = d.measured.backswing.length ? frameOf(d.measured.backswing[0]!.timeSec) - 1 : 0;
  const tiles = [
    ...(address ? [await tile(clip, Math.max(0, addressFrame), address, d.handedness, 'address', drawn)] : []),
    ...(await Promise.all(last.map((f) => tile(clip, frameOf(f.timeSec), f.pose, d.handedness, `frame ${frameOf(f.timeSec)}${f.atTop ? ', top' : ''}`, drawn)))),
  ];
  const file = join(OUT, `${drawn}-${d.name}.png`);
  await sharp({ create: { width: TILE * tiles.length, height: TILE, channels: 3, background: 'black' } })
    .composite(tiles.map((input, i) => ({ input, left: i * TILE, top: 0 })))
    .png()
    .toFile(file);
  return file;
}

const args = process.argv.slice(2);
const drawn: Part = args.includes('--hips') ? 'hips' : 'shoulders';
const only = args.filter((a) => a !== '--hips');
mkdirSync(OUT, { recursive: true });
for (const d of loadDumps().filter((x) => x.variant === 'original' && (only.length === 0 || only.includes(x.name)))) {
  console.log(`${d.name} (${d.view}): ${await sheet(d, drawn)}`);
}
