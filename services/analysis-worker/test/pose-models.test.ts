import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { LM } from '../src/pose/landmarks.js';
import { createLandmarker } from '../src/pose/runtime/landmarker.js';
import { PosePool } from '../src/pose/runtime/pool.js';
import { swingFixture } from './support/clips.js';

const serviceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const poseDir = dirname(createRequire(join(serviceRoot, 'package.json')).resolve('@mediapipe/pose/package.json'));

/** Entries of a zip (local headers only), enough to check a STORED bundle. */
function entries(zip: Buffer): { name: string; method: number; data: Buffer }[] {
  const out = [];
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extra = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extra;
    out.push({ name, method, data: zip.subarray(start, start + size) });
    at = start + size;
  }
  return out;
}

describe('model bundles built from the npm files', () => {
  beforeAll(() => {
    execFileSync('node', [join(serviceRoot, 'scripts/build-models.mjs')]);
  });

  it.each(['lite', 'full', 'heavy'])('%s: STORED detector + landmarker, original bytes untouched, normalization metadata added', (variant) => {
    const bundle = readFileSync(join(serviceRoot, 'models', `pose_landmarker_${variant}.task`));
    const files = entries(bundle);
    expect(files.map((f) => [f.name, f.method])).toEqual([['pose_detector.tflite', 0], ['pose_landmarks_detector.tflite', 0]]);
    const originals = [readFileSync(join(poseDir, 'pose_solution_packed_assets.data')), readFileSync(join(poseDir, `pose_landmark_${variant}.tflite`))];
    files.forEach((file, i) => {
      const original = originals[i]!;
      const prefix = file.data.subarray(0, file.data.length - original.length);
      expect(file.data.subarray(prefix.length).equals(original)).toBe(true);
      expect(prefix.length % 64).toBe(0);
      expect(prefix.toString('latin1', 4, 8)).toBe('TFL3');
      expect(file.data.readUInt32LE(0)).toBeLessThan(prefix.length);
      expect(prefix.includes('TFLITE_METADATA')).toBe(true);
      expect(prefix.includes('M001')).toBe(true);
    });
  });

  it('is idempotent: a second run leaves up-to-date bundles alone', () => {
    const path = join(serviceRoot, 'models', 'pose_landmarker_heavy.task');
    const before = statSync(path).mtimeMs;
    execFileSync('node', [join(serviceRoot, 'scripts/build-models.mjs')]);
    expect(statSync(path).mtimeMs).toBe(before);
  });
});

const fixture = swingFixture();
if (!fixture) console.warn('pose-models: the shared swing fixture is absent — the person-mask test is skipped (set SWINGFIT_FIXTURES)');

describe.skipIf(!fixture)('the person mask (bench/hip-outline.ts reads the hips from it)', () => {
  it('comes with the landmarks when asked: the golfer in it, the frame around them out of it', { timeout: 60_000 }, async () => {
    const [width, height] = [240, 426];
    const rgba = execFileSync('ffmpeg', ['-v', 'error', '-i', fixture!, '-vf', `select=eq(n\\,10),scale=${width}:${height}`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { maxBuffer: 1 << 24 });
    const landmarker = await createLandmarker('full', { numPoses: 1, video: false, masks: true });
    try {
      const found = landmarker.detect(new Uint8Array(rgba), width, height);
      const mask = found.masks?.[0];
      expect(mask?.length).toBe(width * height);
      const at = (i: number) => [Math.round(found.image[0]![i]!.x * width), Math.round(found.image[0]![i]!.y * height)] as const;
      const likelihood = ([x, y]: readonly [number, number]) => mask![y * width + x]!;
      // The hips' centre is on the golfer; the frame's top corners are sky and course.
      const hips = [Math.round((at(LM.leftHip)[0] + at(LM.rightHip)[0]) / 2), Math.round((at(LM.leftHip)[1] + at(LM.rightHip)[1]) / 2)] as const;
      expect(likelihood(hips)).toBeGreaterThan(0.9);
      expect(likelihood([2, 2])).toBeLessThan(0.1);
      expect(likelihood([width - 3, 2])).toBeLessThan(0.1);
      // Without the option no mask is copied out.
      const plain = await createLandmarker('full', { numPoses: 1, video: false });
      const unmasked = plain.detect(new Uint8Array(rgba), width, height);
      plain.close();
      expect(unmasked.masks).toBeUndefined();
    } finally {
      landmarker.close();
    }
  });

  it('crosses from a pose worker with its frame when asked for (the net check, net.ts), and only then', { timeout: 60_000 }, async () => {
    const [width, height] = [240, 426];
    const rgba = execFileSync('ffmpeg', ['-v', 'error', '-i', fixture!, '-vf', `select=eq(n\\,10),scale=${width}:${height}`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { maxBuffer: 1 << 24 });
    const frame = () => ({ index: 10, timeMs: 0, width, height, data: new Uint8Array(rgba) });
    const pool = new PosePool(1);
    try {
      const [masked] = await pool.run({ variant: 'full', numPoses: 1, video: false, masks: true, frames: [frame()] });
      expect(masked?.mask?.length).toBe(width * height);
      expect(masked?.image).not.toBeNull();
      expect(masked!.mask![2 * width + 2]).toBeLessThan(0.1);
      const [plain] = await pool.run({ variant: 'full', numPoses: 1, video: false, frames: [frame()] });
      expect(plain?.mask).toBeUndefined();
    } finally {
      await pool.close();
    }
  });
});
