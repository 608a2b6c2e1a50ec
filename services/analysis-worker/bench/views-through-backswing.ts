/*
 * The same golfer's two views through the backswing, side by side: each paired clip's shoulder reading
 * at the same share of its labelled address-to-top time. The agreement table compares the two figures
 * only; this shows where in the backswing the views part. Face-on it also prints how high the lead
 * elbow is against the lead shoulder (in half shoulder widths, positive above), because the face-on
 * reading stops following the turn once the lead arm is raised in front of the shoulder (stop 33's
 * finding). Printed by bench/replay.ts with BENCH_PHASES=1.
 */
import type { Pose } from '../src/pose/landmarks.js';
import { LM, imagePoint } from '../src/pose/landmarks.js';
import { median } from '../src/pose/geometry.js';
import { leadTrail } from '../src/pose/turn.js';
import { turnReaderOf, type Dump } from './replay.js';

/** Shares of the address-to-top time the two views are compared at. */
const PHASES = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

interface Sample {
  phase: number;
  value: number;
}

/** The reading at `phase`, straight between the two frames either side; null outside the measured frames. */
function readingAt(samples: Sample[], phase: number): number | null {
  const usable = samples.filter((s) => Number.isFinite(s.value));
  for (let i = 0; i + 1 < usable.length; i++) {
    const [a, b] = [usable[i]!, usable[i + 1]!];
    if (a.phase <= phase && phase <= b.phase) return b.phase === a.phase ? a.value : a.value + ((b.value - a.value) * (phase - a.phase)) / (b.phase - a.phase);
  }
  return null;
}

/** Each backswing frame's share of the labelled address-to-top time (frames past the top are left out). */
function phases(d: Dump): { phase: number; pose: Pose }[] {
  const { address, top } = d.label;
  if (address === null || top === null) return [];
  return d.measured.backswing.filter((f) => !f.afterTop).map((f) => ({ phase: (f.timeSec * d.fps - address) / (top - address), pose: f.pose }));
}

function shoulderSamples(d: Dump): Sample[] {
  const reference = turnReaderOf(d);
  return phases(d).map((f) => ({ phase: f.phase, value: reference.read(f.pose, 'shoulders') }));
}

/** Face-on: the lead elbow's height over the lead shoulder, in half shoulder widths at address. */
function elbowSamples(d: Dump): Sample[] {
  const [lead, trail] = leadTrail('shoulders', d.handedness);
  const elbow = d.handedness === 'right' ? LM.leftElbow : LM.rightElbow;
  const at = (p: Pose, i: number) => imagePoint(p, i, d.measureSize.width, d.measureSize.height);
  const half = median(d.measured.address.map((p) => Math.abs(at(p, lead)[0] - at(p, trail)[0]) / 2));
  return phases(d).map((f) => ({ phase: f.phase, value: (at(f.pose, lead)[1] - at(f.pose, elbow)[1]) / half }));
}

export function printViewsThroughBackswing(dumps: Dump[]): void {
  const originals = dumps.filter((d) => d.variant === 'original');
  const cell = (v: number | null, digits = 0) => (v === null ? '—' : v.toFixed(digits)).padStart(6);
  console.log(`\n== the two views through the backswing (shoulder turn, degrees, at shares of address to top)`);
  console.log(`  ${''.padEnd(34)}${PHASES.map((p) => p.toFixed(1).padStart(6)).join('')}`);
  for (const faceOn of originals.filter((d) => d.view === 'face-on' && d.label.pairedWith)) {
    const behind = originals.find((d) => d.label.file === faceOn.label.pairedWith);
    if (!behind) continue;
    const row = (title: string, samples: Sample[], digits = 0) => console.log(`  ${title.padEnd(34)}${PHASES.map((p) => cell(readingAt(samples, p), digits)).join('')}`);
    row(`${faceOn.label.golfer}, face-on`, shoulderSamples(faceOn));
    row(`${faceOn.label.golfer}, down the line`, shoulderSamples(behind));
    row(`  face-on lead elbow above shoulder`, elbowSamples(faceOn), 2);
  }
}
