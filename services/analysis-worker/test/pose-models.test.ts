import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

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
