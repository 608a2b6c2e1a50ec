/*
 * Replays the event and turn rules on what bench/pose-dump.ts recorded: seconds instead of minutes per
 * try while a change is worked on. Prints per clip and variant the event errors and the turn figures,
 * then bench:accuracy's own agreement table and summary (the same figures, figure for figure, as the run
 * the dump was made in). BENCH_READINGS=1 also prints every backswing frame's turn as each of its four
 * readings reads it; BENCH_PHASES=1 prints the paired clips' two views through the backswing
 * (views-through-backswing.ts); BENCH_SEGMENTS=1 how much of the shoulder segment the model keeps at the
 * top from behind (shoulder-segment.ts); BENCH_ALTERNATIVES=1 (or =all for every copy) the other ways to
 * read the face-on turn that were tried, beside the product's (face-on-alternatives.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectSwingEvents } from '../src/pose/events.js';
import type { Pose } from '../src/pose/landmarks.js';
import { computeMetrics, type EventPoses } from '../src/pose/metrics.js';
import { turnReference, type BodyLine } from '../src/pose/turn.js';
import { agreement, summary, type ClipRun } from './real-clips-report.js';
import { trackPoints } from '../src/pose/search.js';
import { STILL_CAMERA, type CameraPath } from '../src/pose/camera.js';
import { readAsLabelled, scoreEvents, turnsOf, type ClipLabel } from './real-clips.js';
import { printViewsThroughBackswing } from './views-through-backswing.js';
import { printShoulderSegment } from './shoulder-segment.js';
import { printFaceOnAlternatives } from './face-on-alternatives.js';

const DIR = process.env.POSE_DUMP_DIR ?? '/tmp/swingfit-pose-dump';
type RawPose = { image: number[]; world: number[] } | null;
const pose = (p: RawPose): Pose | null => (p ? { image: Float32Array.from(p.image), world: Float32Array.from(p.world) } : null);

export interface Dump {
  name: string;
  label: ClipLabel;
  variant: string;
  times: number[];
  fps: number;
  searchSize: { width: number; height: number };
  measureSize: { width: number; height: number };
  view: 'face-on' | 'down-the-line';
  handedness: 'right' | 'left';
  analysed: { index: number; pose: Pose | null }[];
  measured: EventPoses;
  /** The address the measure model's hands read (address.ts), where the dump has it. */
  measureAddress: { frame: number; timeSec: number } | null;
  /** The camera's path the search read (camera.ts); still in dumps made before it was. */
  camera: CameraPath;
}

export function loadDumps(): Dump[] {
  return readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().flatMap((f) => {
    const d = JSON.parse(readFileSync(join(DIR, f), 'utf8'));
    if (!d.seen) return [];
    const s = d.seen;
    return [{
      name: f.replace(/-[a-z0-9]+\.json$/, ''), label: d.label, variant: d.variant, times: d.times, fps: s.fps, searchSize: s.searchSize, measureSize: s.measureSize,
      view: s.view, handedness: s.handedness, measureAddress: s.address?.measure ?? null, camera: s.camera ?? STILL_CAMERA,
      analysed: s.analysed.map((a: { index: number; pose: RawPose }) => ({ index: a.index, pose: pose(a.pose) })),
      measured: {
        address: s.measured.address.map(pose),
        backswing: s.measured.backswing.map((b: { timeSec: number; atTop: boolean; afterTop?: boolean; pose: RawPose; readings: RawPose[] }) => ({
          timeSec: b.timeSec, atTop: b.atTop, afterTop: b.afterTop ?? false, pose: pose(b.pose)!, readings: b.readings.map((r) => pose(r)!),
        })),
        impact: s.measured.impact.map(pose),
      },
    }];
  });
}

/** The turn reader for a dump, against its measured address poses, as the product builds it. */
export const turnReaderOf = (d: Dump) => turnReference(d.measured.address, { view: d.view, handedness: d.handedness, ...d.measureSize });

/**
 * Each backswing frame's turn as every one of its readings reads it (READING_VIEWS order: picture, mirror,
 * shrunk, shrunk mirror) beside the fused pose's: where the readings part, and whether by view.
 */
function printReadings(d: Dump): void {
  const reference = turnReaderOf(d);
  const read = (p: Pose, line: BodyLine) => reference.read(p, line).toFixed(0).padStart(3);
  for (const f of d.measured.backswing) {
    const each = (line: BodyLine) => `${read(f.pose, line)} [${f.readings.map((r) => read(r, line)).join(' ')}]`;
    console.log(`    frame ${String(Math.round(f.timeSec * d.fps)).padStart(4)}${f.atTop ? ' top' : '    '}  shoulders ${each('shoulders')}  hips ${each('hips')}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs: ClipRun[] = [];
  const dumps = loadDumps();
  for (const d of dumps) {
    const found = detectSwingEvents(trackPoints(d.analysed, d.fps, d.searchSize.width, d.searchSize.height, d.camera));
    // The address as the product dates it: read again on the measure model's hands where that succeeded.
    const ev = found.ok ? { ...found.events, ...(d.measureAddress ? { address: d.measureAddress } : {}) } : null;
    const scores = ev ? scoreEvents(d.label, { events: ev } as never, d.times) : [];
    const m = computeMetrics(d.measured, { view: d.view, handedness: d.handedness, ...d.measureSize });
    const eventsOk = readAsLabelled(d.label, d.variant === 'mirrored', d, scores);
    runs.push({ name: d.name, label: d.label, variant: d.variant as ClipRun['variant'], ok: true, view: d.view, hand: d.handedness, eventsOk, turns: turnsOf({ metrics: m, view: d.view }), cpuSec: 0, wallSec: 0 });
    const f = (v: { value: number | null; confidence: number }) => (v.value === null ? '—' : `${v.value.toFixed(1)}(${v.confidence.toFixed(2)})`);
    console.log(`${d.name.padEnd(24)} ${d.variant.padEnd(9)} ${scores.map((s) => `${s.name[0]}${s.error === null ? '—' : s.error >= 0 ? `+${s.error}` : s.error}${s.ok ? '' : '!'}`).join(' ').padEnd(30)} k=${ev?.timeScale.toFixed(1)} sh ${f(m.shoulderTurn)} hip ${f(m.hipRotation)} x ${f(m.xFactor)}`);
    if (process.env.BENCH_READINGS === '1') printReadings(d);
  }
  agreement(runs);
  summary(runs);
  if (process.env.BENCH_PHASES === '1') printViewsThroughBackswing(dumps);
  if (process.env.BENCH_SEGMENTS === '1') printShoulderSegment(dumps);
  if (process.env.BENCH_ALTERNATIVES) printFaceOnAlternatives(dumps, process.env.BENCH_ALTERNATIVES === 'all');
}
