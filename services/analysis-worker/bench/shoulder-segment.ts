/*
 * From behind, how much of the shoulder segment the pose model keeps at the top: each down-the-line
 * dump's 3D shoulder-to-shoulder length at the top frames as a share of its length at address, and the
 * turn each of the frame's four readings gives (picture, mirror, and their smaller copies). A rigid
 * shoulder girdle keeps most of its length (the lead shoulder blade reaching across the chest takes a
 * little); where the model keeps half of it, one shoulder point has lost the joint, and its direction is
 * no longer the shoulders'. Stop 34's finding: on tour pro A the readings that look left-handed (the
 * original's mirror, the mirrored copy's picture) keep 0.39-0.48 of the length and read 15-35° less than
 * the right-handed-looking ones (0.55-0.65); on tour pro C 0.65 against 0.72, and 17-20° less; on the
 * golfml driver 0.54-0.58 against 0.59-0.67, and 7-27° less; on tour pro B all keep 0.72-0.83 and agree
 * within 10°. The picture and its mirror are averaged, so a left-hander reads as the same golfer would
 * right-handed. Weighting each reading by its kept length squared (tried on the per-reading turns, not
 * kept): A's copies still part (original 90.4, 75% copy 75.8, 14.6 apart against 16.2 with the plain
 * mean), and A's down-the-line figure rises 5° further from his face-on one, whose lead shoulder the
 * raised arm hides; B and C move under 1°. Nor can a length constraint or the picture's width stand in
 * for the depth there: both shrink with the lost joint.
 */
import type { Pose } from '../src/pose/landmarks.js';
import { LM, worldPoint } from '../src/pose/landmarks.js';
import { median } from '../src/pose/geometry.js';
import { turnReaderOf, type Dump } from './replay.js';

const shoulderLength = (p: Pose): number => {
  const [a, b] = [worldPoint(p, LM.leftShoulder), worldPoint(p, LM.rightShoulder)];
  return Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
};

const READINGS = ['picture', 'mirror', 'picture, smaller', 'mirror, smaller'];

export function printShoulderSegment(dumps: Dump[]): void {
  console.log('\n== from behind at the top: shoulder length kept (share of address) and turn, per reading');
  for (const d of dumps.filter((x) => x.view === 'down-the-line')) {
    const address = median(d.measured.address.map(shoulderLength));
    const reference = turnReaderOf(d);
    const top = d.measured.backswing.filter((f) => f.atTop);
    const cells = READINGS.map((name, r) => {
      const poses = top.flatMap((f) => (f.readings[r] ? [f.readings[r]!] : []));
      if (poses.length === 0 || !(address > 0)) return `${name} —`;
      const kept = median(poses.map((p) => shoulderLength(p) / address));
      const turn = median(poses.map((p) => reference.read(p, 'shoulders')));
      return `${name} ${kept.toFixed(2)} / ${turn.toFixed(0)}°`;
    });
    console.log(`  ${d.name.padEnd(24)} ${d.variant.padEnd(9)} ${cells.join('  ')}`);
  }
}
