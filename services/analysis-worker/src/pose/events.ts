/*
 * Swing events from the hands' path. Everything is measured relative to the hip centre and in torso
 * lengths, so camera pans, zooms and the golfer's size do not matter:
 *   up(t)    = height of the hands above the hip centre, in torso lengths;
 *   speed(t) = hand speed, torso lengths per second.
 * A swing is: hands still and low (address) → high (top) → fast and low again (impact) → high (finish).
 */
import { median } from './geometry.js';
import type { Vec2 } from './landmarks.js';

export interface TrackPoint {
  frame: number;
  timeSec: number;
  /** Pixels, or null when no golfer was found in this frame. */
  hands: Vec2 | null;
  hips: Vec2 | null;
  torsoPx: number | null;
}

export interface SwingEventAt {
  frame: number;
  timeSec: number;
}

export interface SwingEvents {
  takeaway: SwingEventAt;
  address: SwingEventAt;
  top: SwingEventAt;
  impact: SwingEventAt;
  finish: SwingEventAt;
  multipleSwings: boolean;
  swingCount: number;
  /** Hands' rise from impact to top, torso lengths. */
  amplitude: number;
  peakHandSpeed: number;
}

export const EVENT_THRESHOLDS = {
  /** Hands this far above the hips (torso lengths) count as "high" (top or finish). */
  high: 0.8,
  /** …and below this as "low" (address, impact). */
  low: 0.35,
  /** A downswing moves the hands at least this fast (torso lengths per second). */
  minSwingSpeed: 4,
  /** Hands slower than this are still (address). */
  still: 0.8,
  /** Gaps without a golfer shorter than this are interpolated. */
  maxGapSec: 0.5,
  /** Top to impact takes 0.25–0.5 s even in slow swings: a longer "downswing" is a finish followed by the next address. */
  maxDownswingSec: 0.8,
};

interface Series {
  frame: number[];
  time: number[];
  x: number[];
  up: number[];
  speed: number[];
}

function interpolateGaps(values: (number | null)[], times: number[], maxGap: number): number[] {
  const out = values.map((v) => (v === null ? Number.NaN : v));
  let last = -1;
  for (let i = 0; i < out.length; i++) {
    if (Number.isNaN(out[i]!)) continue;
    if (last >= 0 && i - last > 1 && times[i]! - times[last]! <= maxGap) {
      for (let k = last + 1; k < i; k++) out[k] = out[last]! + ((out[i]! - out[last]!) * (k - last)) / (i - last);
    }
    last = i;
  }
  return out;
}

function smooth(values: number[], half: number): number[] {
  return values.map((_, i) => {
    let sum = 0;
    let n = 0;
    for (let k = i - half; k <= i + half; k++) {
      const v = values[k];
      if (v !== undefined && !Number.isNaN(v)) {
        sum += v;
        n++;
      }
    }
    return n ? sum / n : Number.NaN;
  });
}

function buildSeries(points: TrackPoint[]): Series {
  const time = points.map((p) => p.timeSec);
  const rate = points.length > 1 ? (points.length - 1) / Math.max(1e-6, time[time.length - 1]! - time[0]!) : 30;
  // Torso length changes with turn and bend; a rolling median over ±0.5 s follows zooms, not poses.
  const torsoWindow = Math.max(1, Math.round(rate * 0.5));
  const torso = points.map((_, i) => {
    const win = points.slice(Math.max(0, i - torsoWindow), i + torsoWindow + 1).flatMap((p) => (p.torsoPx ? [p.torsoPx] : []));
    return win.length ? median(win) : Number.NaN;
  });
  const gap = EVENT_THRESHOLDS.maxGapSec;
  const rel = (axis: 0 | 1) =>
    interpolateGaps(
      points.map((p, i) => (p.hands && p.hips && torso[i]! > 0 ? (p.hands[axis] - p.hips[axis]) / torso[i]! : null)),
      time,
      gap,
    );
  // ±0.04 s: one sample either side at 15–30 fps; none at 10 fps, where it would flatten the impact dip.
  const half = Math.round(rate * 0.04);
  const x = smooth(rel(0), half);
  const up = smooth(rel(1), half).map((v) => -v);
  const speed = x.map((_, i) => {
    const a = Math.max(0, i - 1);
    const b = Math.min(x.length - 1, i + 1);
    const dt = time[b]! - time[a]!;
    return dt > 0 ? Math.hypot(x[b]! - x[a]!, up[b]! - up[a]!) / dt : 0;
  });
  return { frame: points.map((p) => p.frame), time, x, up, speed: speed.map((s) => (Number.isNaN(s) ? 0 : s)) };
}

const argBest = (values: number[], from: number, to: number, better: (a: number, b: number) => boolean): number => {
  let best = -1;
  for (let i = Math.max(0, from); i <= Math.min(values.length - 1, to); i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    if (best < 0 || better(v, values[best]!)) best = i;
  }
  return best;
};

interface Candidate {
  top: number;
  impact: number;
  finish: number;
  amplitude: number;
  peakSpeed: number;
}

export function detectSwingEvents(points: TrackPoint[]): { ok: true; events: SwingEvents } | { ok: false; reason: 'no-swing' } {
  const t = EVENT_THRESHOLDS;
  if (points.length < 5) return { ok: false, reason: 'no-swing' };
  const s = buildSeries(points);
  const n = s.up.length;
  // Runs where the hands are high: each swing has two (top, finish) separated by a low, fast valley.
  const runs: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    if (!(s.up[i]! > t.high)) continue;
    const start = i;
    while (i + 1 < n && s.up[i + 1]! > t.high) i++;
    runs.push([start, i]);
  }
  const candidates: Candidate[] = [];
  for (let r = 0; r < runs.length; r++) {
    const [a0, a1] = runs[r]!;
    const top = argBest(s.up, a0, a1, (v, b) => v > b);
    const next = runs[r + 1];
    const end = next ? next[1] : n - 1;
    const valleyEnd = next ? next[0] : n - 1;
    const impact = argBest(s.up, a1, valleyEnd, (v, b) => v < b);
    if (impact < 0 || !(s.up[impact]! < t.low)) continue;
    if (s.time[impact]! - s.time[top]! > t.maxDownswingSec) continue;
    const peakSpeed = Math.max(...s.speed.slice(top, Math.min(n, impact + 2)));
    if (peakSpeed < t.minSwingSpeed) continue;
    // The finish: the highest point of the follow-through (or the clip's end when it stops early).
    const finishLimit = s.time.findLastIndex((time) => time <= s.time[impact]! + 1.5);
    const highest = next ? argBest(s.up, next[0], Math.min(end, finishLimit), (v, b) => v > b) : argBest(s.up, impact, Math.min(n - 1, finishLimit), (v, b) => v > b);
    // The finish is held: the first moment the hands are high and nearly stopped, else the highest point.
    let finish = highest;
    for (let i = impact + 1; i < highest; i++) {
      if (s.up[i]! > t.high && s.speed[i]! < 0.25 * peakSpeed) {
        finish = i;
        break;
      }
    }
    if (finish <= impact) continue;
    candidates.push({ top, impact, finish, amplitude: s.up[top]! - s.up[impact]!, peakSpeed });
    if (next) r++; // the finish run belongs to this swing
  }
  if (candidates.length === 0) return { ok: false, reason: 'no-swing' };
  const main = candidates.reduce((a, b) => (b.amplitude > a.amplitude ? b : a));
  const swings = candidates.filter((c) => c.amplitude >= 0.6 * main.amplitude).length;

  // Takeaway: walking back from the top, the last moment the hands were low and still.
  let takeaway = 0;
  for (let i = main.top; i >= 0; i--) {
    if (s.up[i]! < t.low && s.speed[i]! < t.still) {
      takeaway = i;
      break;
    }
  }
  const addressFrom = s.time.findIndex((time) => time >= s.time[takeaway]! - 0.3);
  const address = argBest(s.speed, addressFrom, takeaway, (v, b) => v < b);
  const at = (i: number): SwingEventAt => ({ frame: s.frame[i]!, timeSec: s.time[i]! });
  return {
    ok: true,
    events: {
      takeaway: at(takeaway),
      address: at(address < 0 ? takeaway : address),
      top: at(main.top),
      impact: at(main.impact),
      finish: at(main.finish),
      multipleSwings: swings > 1,
      swingCount: swings,
      amplitude: main.amplitude,
      peakHandSpeed: main.peakSpeed,
    },
  };
}

export function tempoOf(events: Pick<SwingEvents, 'takeaway' | 'top' | 'impact'>): { backswingSec: number; downswingSec: number; ratio: number } {
  const backswingSec = Math.max(0, events.top.timeSec - events.takeaway.timeSec);
  const downswingSec = Math.max(0, events.impact.timeSec - events.top.timeSec);
  const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
  return { backswingSec: round(backswingSec, 3), downswingSec: round(downswingSec, 3), ratio: downswingSec > 0 ? round(backswingSec / downswingSec, 2) : 0 };
}
