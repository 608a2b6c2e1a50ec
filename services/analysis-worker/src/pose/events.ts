/*
 * Swing events from the hands' path. Everything is measured relative to the hip centre and in torso
 * lengths, so camera pans, zooms and the golfer's size do not matter:
 *   up(t)    = height of the hands above the hip centre, in torso lengths;
 *   speed(t) = hand speed, torso lengths per second.
 * A swing is: hands still and low (address) → high (top) → fast and low again (impact) → high (finish).
 *
 * Slow motion is read from the motion itself. A real downswing, top to impact, lasts about 0.25–0.35 s
 * for every golfer who makes a full swing; one that lasts longer in the clip means the clip plays slower
 * than real time, by about that many times. Everything timed is then judged in the clip's own time
 * scale (windows stretched, speeds compared in real time), and the swing's shape decides what a swing
 * is: whatever the speed of the clip, a downswing is faster than its backswing. Of several full swings
 * in one clip (a practice swing, then the shot), the fastest is measured.
 */
import { REAL_DOWNSWING_SEC } from '@swingfit/contracts';
import { median, robustSpread } from './geometry.js';
import type { Vec2 } from './landmarks.js';

export interface TrackPoint {
  frame: number;
  timeSec: number;
  /** Both wrists' midpoint, pixels, or null when no golfer was found in this frame. */
  hands: Vec2 | null;
  /**
   * The hands on the grip coming down to impact (geometry.gripPx), pixels; the wrists' midpoint when
   * absent. Impact is the lowest point of this path.
   */
  grip?: Vec2 | null;
  hips: Vec2 | null;
  /** Centre of the shoulders (pixels): the upper body settling tells the finish. */
  shoulders?: Vec2 | null;
  torsoPx: number | null;
}

export interface SwingEventAt {
  frame: number;
  timeSec: number;
}

export interface SwingEvents {
  /** The first moment the hands move away from address. */
  takeaway: SwingEventAt;
  /** The last still moment before the backswing. */
  address: SwingEventAt;
  top: SwingEventAt;
  impact: SwingEventAt;
  finish: SwingEventAt;
  multipleSwings: boolean;
  swingCount: number;
  /** Hands' rise from impact to top, torso lengths. */
  amplitude: number;
  /** Peak hand speed in the downswing, torso lengths per real second. */
  peakHandSpeed: number;
  /** How many times slower than real time the clip plays (1 for real time), from the downswing's length. */
  timeScale: number;
  /** The clip stops in the follow-through, before any finish (FOLLOW_THROUGH_SEC): `finish` is a look in it. */
  endsBeforeFinish: boolean;
}

/** No real full downswing lasts longer than this, seconds: a longer one in the clip is slow motion. */
const MAX_REAL_DOWNSWING_SEC = 0.5;
/** Phones film slow motion at up to 240 frames a second and play it at 30: 8 times slower. */
const PHONE_SLOWEST_MOTION = 8;

export const EVENT_THRESHOLDS = {
  /** Hands this far above the hips (torso lengths) count as "high" (top or finish). */
  high: 0.8,
  /** …and below this as "low" (address, impact). */
  low: 0.35,
  /** A downswing moves the hands at least this fast (torso lengths per real second). */
  minSwingSpeed: 4,
  /** Hands slower than this (torso lengths per real second) are still. */
  still: 0.8,
  /** Gaps without a golfer shorter than this (clip seconds) are interpolated. */
  maxGapSec: 0.5,
  /** A nominal real downswing, seconds (top to impact): a slow-motion clip's factor is its downswing over this (contracts REAL_DOWNSWING_SEC). */
  nominalDownswingSec: REAL_DOWNSWING_SEC.nominal,
  /** No real full downswing lasts longer than this: a longer one in the clip is slow motion. */
  maxRealDownswingSec: MAX_REAL_DOWNSWING_SEC,
  /**
   * The slowest a clip can play, as the downswing reads it: the slowest real downswing at a phone's slowest
   * slow motion (13.3 times a nominal downswing). The factor is read against a nominal 0.3 s downswing, so
   * an amateur's 0.4-0.5 s downswing filmed at 240 fps and played at 30 reads 10.7-13.3 times slower: at
   * 10, the limit before stop 57, a phone's default slow motion of such a golfer was refused as holding no
   * swing.
   */
  maxSlowFactor: (PHONE_SLOWEST_MOTION * MAX_REAL_DOWNSWING_SEC) / REAL_DOWNSWING_SEC.nominal,
  /**
   * The backswing takes at least this many times as long as the downswing (tour players about 3:1,
   * golfers 2–4:1). It does not depend on the clip's speed, so it tells a swing from a slow rehearsal,
   * or a finish followed by a slow return to the next address, in slow motion as in real time.
   */
  minTempoRatio: 1.5,
  /** Hands this far (torso lengths) from where they rested have left address: a few landmark jitters. */
  onsetTorso: 0.05,
  /**
   * The finish is held: hands, hips and shoulders all nearly stopped (torso lengths per real second)
   * for SETTLE_SEC. Hands still drift a little as the club settles; the hips and shoulders stop turning.
   * Their centres, not their ends: a turn moves the ends, but read at the ends with these speeds the
   * finish came 10-18 frames late on tour pro A's face-on clip and its copies (tried at stop 29), as the
   * labelled finish is where the body has arrived while the shoulders still turn a little.
   * Against the picture, not the feet or the hips (tried at stop 30): against the ankles the trail foot
   * rolling onto its toe keeps the hips moving (events within tolerance 19 -> 14 of 28 runs); shoulders
   * against the hips keep the slow-motion driver swing's trunk straightening up, and its finish, +10
   * frames, came 12 early (tolerance 10), for a gain of two copies.
   */
  settle: { hands: 1.2, hips: 0.25, shoulders: 0.4 },
  settleSec: 0.1,
  /** The finish comes within this long (real seconds) after impact, or the clip ends first. */
  maxFinishSec: 1.5,
};

interface Series {
  frame: number[];
  time: number[];
  x: number[];
  up: number[];
  speed: number[];
  /** Height of the hands on the grip above the hip centre (torso lengths): impact is its lowest point. */
  gripUp: number[];
  /**
   * The lowest unsmoothed height of the hands on the grip among the samples smoothed into each sample of
   * `gripUp`: how low the hands really came. At 15 looks a second the smoothing takes in samples a
   * fifteenth of a second either side of the bottom, half a torso higher, and lifts it above "low".
   */
  gripLowest: number[];
  /** Paths of the hip and shoulder centres (torso lengths), NaN where unknown. */
  hips: [number[], number[]];
  shoulders: [number[], number[]];
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

/** Central-difference speed of a 2D path (NaN where unknown). */
function pathSpeed(x: number[], y: number[], time: number[]): number[] {
  return x.map((_, i) => {
    const a = Math.max(0, i - 1);
    const b = Math.min(x.length - 1, i + 1);
    const dt = time[b]! - time[a]!;
    return dt > 0 ? Math.hypot(x[b]! - x[a]!, y[b]! - y[a]!) / dt : Number.NaN;
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
  // ±0.04 s: one sample either side at 15–30 fps; none at 10 fps, where it would flatten the impact dip.
  const half = Math.round(rate * 0.04);
  const raw = (point: (p: TrackPoint) => Vec2 | null | undefined, origin: (p: TrackPoint) => Vec2 | null | undefined, axis: 0 | 1) =>
    interpolateGaps(points.map((p, i) => {
      const a = point(p);
      const o = origin(p);
      return a && o && torso[i]! > 0 ? (a[axis] - o[axis]) / torso[i]! : null;
    }), time, gap);
  const rel: typeof raw = (point, origin, axis) => smooth(raw(point, origin, axis), half);
  const x = rel((p) => p.hands, (p) => p.hips, 0);
  const up = rel((p) => p.hands, (p) => p.hips, 1).map((v) => -v);
  const grip = (p: TrackPoint) => (p.grip === undefined ? p.hands : p.grip);
  const gripUp = rel(grip, (p) => p.hips, 1).map((v) => -v);
  const gripRaw = raw(grip, (p) => p.hips, 1).map((v) => -v);
  const gripLowest = gripRaw.map((_, i) => Math.min(...gripRaw.slice(Math.max(0, i - half), i + half + 1).filter((v) => !Number.isNaN(v))));
  // Hips and shoulders against the first frame where the golfer was seen: only their motion is used.
  const anchor = points.find((p) => p.hips)?.hips ?? null;
  const still = () => anchor;
  const path = (part: (p: TrackPoint) => Vec2 | null | undefined): [number[], number[]] => [rel(part, still, 0), rel(part, still, 1)];
  const speed = pathSpeed(x, up, time).map((s) => (Number.isNaN(s) ? 0 : s));
  return { frame: points.map((p) => p.frame), time, x, up, speed, gripUp, gripLowest, hips: path((p) => p.hips), shoulders: path((p) => p.shoulders) };
}

/**
 * Speed of a path at each sample (per clip second, 0 where unknown), read between the samples `span` clip
 * seconds apart around it (at least its neighbours on either side).
 */
function spanSpeeds([x, y]: [number[], number[]], time: number[], span: number): number[] {
  const n = x.length;
  return x.map((_, i) => {
    let a = Math.max(0, i - 1);
    let b = Math.min(n - 1, i + 1);
    while (a > 0 && time[i]! - time[a - 1]! <= span / 2) a--;
    while (b < n - 1 && time[b + 1]! - time[i]! <= span / 2) b++;
    const v = Math.hypot(x[b]! - x[a]!, y[b]! - y[a]!) / (time[b]! - time[a]!);
    return Number.isFinite(v) ? v : 0;
  });
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
  address: number;
  amplitude: number;
  /** Peak downswing hand speed, torso lengths per real second. */
  peakSpeed: number;
  timeScale: number;
  /** The index of the next high run (the finish's), if any. */
  nextRun: [number, number] | undefined;
  /** How its follow-through was recognised: 'risen' stops under "high" (lowFinishes). */
  finish: FollowThrough;
}

/** The hands have left address once they are this many jitters (of their rest) away from it. */
const ONSET_JITTERS = 4;
/** Hands slower than this (torso lengths per real second) are at rest, not starting the takeaway. */
const REST_SPEED = 0.4;
/** Hands resting at least this long (real seconds) are set up to swing. */
const SET_UP_SEC = 0.2;
/** The finish is held at least this share of the follow-through's highest hands. */
const FINISH_HEIGHT_SHARE = 0.7;
/**
 * Speeds for the finish are read over this long (real seconds): the model's frame-to-frame jitter does not
 * slow down with the clip, so read from one frame to the next of a 3× slow-motion clip it counts three
 * times over as real speed (a small golfer's settled hands read 1-3 torso lengths a second); over a
 * fifth of a second it is a few hundredths.
 */
const SETTLE_SPAN_SEC = 0.2;
/** Hands faster than this (torso lengths per real second) after the top have started down. */
const DOWNSWING_START = 4;
/**
 * A clip that ends within this long (real seconds) after impact stops inside the follow-through, before
 * any finish: the labelled finishes of the shared clips come 0.47-0.67 s after impact. The hands may not
 * be high yet: tour pro A's face-on hands are not 0.17 s after impact, tour pro B's from behind are 0.2 s
 * after it (bench:robustness 'stops just after impact').
 */
const FOLLOW_THROUGH_SEC = 0.4;
/** The golfer rests at address within this long (real seconds) before the top. */
const ADDRESS_SEARCH_SEC = 3;

/** How many times slower than real time a downswing of `downswingSec` (clip seconds) plays. */
export function timeScaleOf(downswingSec: number): number {
  const t = EVENT_THRESHOLDS;
  return downswingSec > t.maxRealDownswingSec ? downswingSec / t.nominalDownswingSec : 1;
}

/** Runs of consecutive indices where the hands are high: each swing has two (top, finish). */
function highRuns(s: Series): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < s.up.length; i++) {
    if (!(s.up[i]! > EVENT_THRESHOLDS.high)) continue;
    const start = i;
    while (i + 1 < s.up.length && s.up[i + 1]! > EVENT_THRESHOLDS.high) i++;
    runs.push([start, i]);
  }
  return runs;
}

/**
 * Where the downswing starts: walking on from the hands' highest point, the last moment before they
 * move faster than a downswing's start (torso lengths per real second).
 */
function pauseEnd(s: Series, highest: number, impact: number, timeScale: number): number {
  let i = highest;
  while (i + 1 < impact && s.speed[i + 1]! * timeScale < DOWNSWING_START) i++;
  return i;
}

/**
 * Whether the clip stops before a follow-through could lift the hands high: a golfer who stops the phone
 * as the ball leaves. The hands pass chest height about a fifth of a second after impact and reach the
 * finish in about a second, so a clip that ends sooner than FOLLOW_THROUGH_SEC after impact cannot show the
 * rise, and its absence is no evidence against a swing; one that runs on with the hands low (a finish
 * lowered to the next address) still is.
 */
function endsInFollowThrough(s: Series, impact: number, timeScale: number): boolean {
  return (s.time[s.time.length - 1]! - s.time[impact]!) / timeScale < FOLLOW_THROUGH_SEC;
}

/**
 * How a swing's follow-through is recognised: 'high', the hands rise high again after impact, as nearly
 * every golfer's do; 'risen', they rise at least a stroke's length (PART_SWING_TORSO) from the ball within
 * the time a finish takes (lowFinishes).
 */
type FollowThrough = 'high' | 'risen';

function followsThrough(s: Series, impact: number, timeScale: number, finish: FollowThrough): boolean {
  if (finish === 'high') return s.up.slice(impact + 1).some((v) => v > EVENT_THRESHOLDS.high);
  const until = s.time[impact]! + EVENT_THRESHOLDS.maxFinishSec * timeScale;
  return s.up.some((v, i) => i > impact && s.time[i]! <= until && v - s.gripUp[impact]! >= PART_SWING_TORSO);
}

/**
 * Swings whose follow-through stops with the hands under "high": a golfer who holds an abbreviated (punch)
 * finish at chest height (bench:robustness 'a finish held at chest height'). A follow-through carries the
 * hands up and past the body however far it goes on; a club lowered to the next address never rises from
 * the ball, so a rise of a stroke's length within a finish's time still tells a downswing from a finish
 * paired with the next address. Read only where no swing with a high finish is found.
 */
function lowFinishes(s: Series, runs: [number, number][]): Candidate[] {
  return runs.flatMap((run) => candidateAt(s, run, undefined, 'risen') ?? []);
}

/** The swing whose top lies in `run`, if the hands' path from there is a swing's. */
function candidateAt(s: Series, run: [number, number], next: [number, number] | undefined, finish: FollowThrough = 'high'): Candidate | null {
  const t = EVENT_THRESHOLDS;
  const n = s.up.length;
  const highest = argBest(s.up, run[0], run[1], (v, b) => v > b);
  const impact = argBest(s.gripUp, run[1], next ? next[0] : n - 1, (v, b) => v < b);
  if (impact < 0 || !(s.gripLowest[impact]! < t.low)) return null;
  // The top: halfway through the pause at the top, from the hands' highest point to the downswing's
  // start. In real time the pause is a frame or two; in slow motion it is long, and the club keeps
  // moving back through much of it.
  const top = Math.round((highest + pauseEnd(s, highest, impact, timeScaleOf(s.time[impact]! - s.time[highest]!))) / 2);
  const downswingSec = s.time[impact]! - s.time[top]!;
  const timeScale = timeScaleOf(downswingSec);
  if (timeScale > t.maxSlowFactor) return null;
  // A swing follows through: the hands rise high again after impact (a finish lowered to the next address
  // does not), unless the clip stops before they could.
  if (!followsThrough(s, impact, timeScale, finish) && !endsInFollowThrough(s, impact, timeScale)) return null;
  const peakSpeed = Math.max(...s.speed.slice(top, Math.min(n, impact + 2))) * timeScale;
  if (peakSpeed < t.minSwingSpeed) return null;
  const address = addressOf(s, top, timeScale);
  if (address === null || s.time[top]! - s.time[address]! < t.minTempoRatio * downswingSec) return null;
  return { top, impact, address, amplitude: s.up[top]! - s.gripUp[impact]!, peakSpeed, timeScale, nextRun: next, finish };
}

/** Where the hands rested before the swing, and how far from there counts as having left. */
interface Rest {
  /** The still stretch (indices). */
  stretch: [number, number];
  at: Vec2;
  /** Torso lengths: a few jitters of the hands at rest, never less than the onset threshold. */
  moved: number;
}

/**
 * The set-up: the latest stretch of low, nearly motionless hands in [from, to] that lasts a moment (a
 * pause in a forward press is shorter); failing that, the longest one. Null when the hands never rest.
 */
function restBefore(s: Series, from: number, to: number, k: number): Rest | null {
  const t = EVENT_THRESHOLDS;
  const resting = (i: number) => s.up[i]! < t.low && s.speed[i]! * k < REST_SPEED;
  const stretches: [number, number][] = [];
  for (let i = from; i <= to; i++) {
    if (!resting(i)) continue;
    const start = i;
    while (i + 1 <= to && resting(i + 1)) i++;
    stretches.push([start, i]);
  }
  const length = ([a, b]: [number, number]) => s.time[b]! - s.time[a]!;
  const best = stretches.findLast((r) => length(r) >= SET_UP_SEC * k) ?? stretches.reduce<[number, number] | null>((a, r) => (!a || length(r) >= length(a) ? r : a), null);
  if (!best) return null;
  const window = Array.from({ length: best[1] - best[0] + 1 }, (_, i) => best[0] + i).filter((i) => !Number.isNaN(s.x[i]!));
  const at: Vec2 = [median(window.map((i) => s.x[i]!)), median(window.map((i) => s.up[i]!))];
  // A few jitters of the hands at rest, and never less than the threshold: a small golfer's jitter is a
  // larger share of the torso.
  const jitter = robustSpread(window.map((i) => Math.hypot(s.x[i]! - at[0], s.up[i]! - at[1])));
  return { stretch: best, at, moved: Math.max(t.onsetTorso, ONSET_JITTERS * jitter) };
}

/** Walking back from `to`, the last frame whose hands are within `rest.moved` of where they rested. */
function lastAtRest(s: Series, rest: Rest, to: number): number {
  for (let i = to; i > rest.stretch[0]; i--) {
    if (Math.hypot(s.x[i]! - rest.at[0], s.up[i]! - rest.at[1]) < rest.moved) return i;
  }
  return rest.stretch[1];
}

/**
 * Address: walking back from the top, the last frame whose hands are still within a few jitters of where
 * they rested before the swing (restBefore), in the few seconds before the top. Null when the hands never
 * rest there: the turn is measured against the body at address, and a clip whose hands are already on
 * their way up when it starts (a phone started late) shows no address to measure it against. Taking the
 * clip's first frame instead, as until stop 65, read tour pro A from behind cut a third of the way up his
 * backswing at shoulders 53.5 and hips 9.0 (confidence 0.92), 33 and 25 degrees under his whole clip's
 * (bench:robustness 'cut: starts in the backswing'); no shared clip, copy or other case lacks a rest.
 */
function addressOf(s: Series, top: number, timeScale: number): number | null {
  const from = Math.max(0, s.time.findIndex((time) => time >= s.time[top]! - ADDRESS_SEARCH_SEC * timeScale));
  const rest = restBefore(s, from, top, timeScale);
  return rest ? lastAtRest(s, rest, top) : null;
}

/**
 * The address read again on a closer look at the hands (address.ts): the same rule on `points`, a stretch
 * of frames around the first reading of it. Null unless the stretch shows the hands resting and then
 * leaving their rest before its end.
 */
export function addressInWindow(points: TrackPoint[], timeScale: number): SwingEventAt | null {
  if (points.length < 5) return null;
  const s = buildSeries(points);
  const end = s.up.length - 1;
  const rest = restBefore(s, 0, end, timeScale);
  if (!rest || !(Math.hypot(s.x[end]! - rest.at[0], s.up[end]! - rest.at[1]) >= rest.moved)) return null;
  const i = lastAtRest(s, rest, end);
  return { frame: s.frame[i]!, timeSec: s.time[i]! };
}

/**
 * The finish: after impact, the first moment hands, hips and shoulders have all nearly stopped for a
 * short while (the held finish); else the first moment they read as stopped at all. Else, if the clip
 * ends or the camera moves on first, the hands' highest point in the follow-through.
 */
function finishOf(s: Series, c: Candidate): number {
  const t = EVENT_THRESHOLDS;
  const k = c.timeScale;
  const n = s.up.length;
  const limit = Math.min(n - 1, s.time.findLastIndex((time) => time <= s.time[c.impact]! + t.maxFinishSec * k));
  // The finish lasts until the hands come down again (to the next address, or a second swing). Not to
  // the end of the first high stretch: the hands passing in front of the body can dip the reading
  // below "high" for a moment, and the rest of the follow-through would be lost.
  // Hands that never rose (a clip stopped in the follow-through) were not lowered either.
  const risen = c.nextRun?.[0];
  const lowered = risen === undefined ? -1 : s.up.findIndex((v, i) => i > risen && v < t.low);
  const end = lowered > 0 ? Math.min(limit, lowered - 1) : limit;
  const over = (path: [number[], number[]]) => spanSpeeds(path, s.time, SETTLE_SPAN_SEC * k).map((v) => v * k);
  const [hands, hips, shoulders] = [over([s.x, s.up]), over(s.hips), over(s.shoulders)];
  // Held high: near the follow-through's highest point (a slow-motion follow-through slows on its way up).
  const held = FINISH_HEIGHT_SHARE * Math.max(...s.up.slice(c.impact + 1, end + 1).filter((v) => !Number.isNaN(v)));
  // A finish held low (lowFinishes) is held where it stopped, under "high".
  const settled = (i: number) => s.up[i]! > (c.finish === 'risen' ? held : Math.max(t.high, held)) && hands[i]! < t.settle.hands && hips[i]! < t.settle.hips && shoulders[i]! < t.settle.shoulders;
  for (let i = c.impact + 1; i <= end; i++) {
    let j = i;
    while (j <= end && settled(j) && s.time[j]! - s.time[i]! < t.settleSec * k) j++;
    if (j > i && (j > end || s.time[j]! - s.time[i]! >= t.settleSec * k)) return i;
  }
  // A stop too short to count as held is still the body arriving: a phone's slow motion that plays in
  // real time again from the finish, where the clip's one time scale overstates the speeds as many times.
  // The hands' highest point comes before it (while the body turns through) or after it (as they drift):
  // on bench:robustness's ramped 4x clip the finish went from 13.7 frames early to 5.3.
  // Nor the first stop held 0.3 s, else the longest (tried at stop 59, for golfml's mirror image, whose
  // finish this rule dates at the hands' turn at the top of the follow-through, 22 frames early): on the
  // shared clips' every-frame tracks it mended that and moved nothing else, but on the looks the analysis
  // takes it dated tour pro A's face-on finish 8 frames late and golfml's own 28 (bench:accuracy).
  const stopped = s.up.findIndex((_, i) => i > c.impact && i <= end && settled(i));
  if (stopped > 0) return stopped;
  const highest = argBest(s.up, c.impact + 1, end, (v, b) => v > b);
  return highest > c.impact ? highest : Math.min(n - 1, c.impact + 1);
}

/** A swing whose hands rise at least this share of the fullest swing's height counts as a full swing. */
const FULL_SWING_SHARE = 0.6;

/**
 * Of several full swings in one clip, the one made at speed: a golfer's practice swing rehearses the
 * motion more slowly, and the swing that strikes the ball is the fastest (hands rise about as high in
 * both, so the fullest was a coin toss: on tour pro B's down-the-line clip after a copy of itself at
 * 1/1.6 speed, the rehearsal was measured). Compared in the clip's own time, since one clip plays at one
 * speed: a rehearsal slow enough to pass for slow motion must not be sped up to match.
 */
function swingThatCounts(full: Candidate[]): Candidate {
  const clipSpeed = (c: Candidate) => c.peakSpeed / c.timeScale;
  return full.reduce((a, b) => (clipSpeed(b) > clipSpeed(a) ? b : a));
}

/** The full swings among the candidates (at least one: the fullest). */
function fullSwings(candidates: Candidate[]): Candidate[] {
  const fullest = Math.max(...candidates.map((c) => c.amplitude));
  return candidates.filter((c) => c.amplitude >= FULL_SWING_SHARE * fullest);
}

/**
 * What a clip that holds no whole swing shows instead, when its hands tell (a golfer told "no swing" about
 * a clip that does show most of one, or a short one, would not know what to change):
 * - 'starts-late': the hands are already up when the clip starts, or climb to the top from the first look
 *   without having rested low (there is no address), and come down again after: the phone started
 *   filming during the backswing or after it;
 * - 'ends-early': the hands rest low, rise to the top, and the clip ends before they come down to the
 *   ball again: the phone stopped filming before impact.
 * Read at real-time speeds: a slow-motion address reads slower still, so it is found more readily and a
 * clip that has one is never called late.
 */
export type ClipCut = 'starts-late' | 'ends-early';
/** A cut clip, or 'part-swing' (partSwingIn). */
export type NoSwingSign = ClipCut | 'part-swing';

function clipCutOf(s: Series, runs: [number, number][]): ClipCut | null {
  const first = s.up.findIndex((v) => !Number.isNaN(v));
  if (!runs.length || first < 0) return null;
  const low = (v: number) => v < EVENT_THRESHOLDS.low;
  const comesLowAfter = (r: number) => s.gripLowest.slice(runs[r]![1] + 1).some(low) || s.up.slice(runs[r]![1] + 1).some(low);
  // A rest since the previous high run ended: between a top and its finish the hands never rest, so a
  // finish whose impact the model missed is not taken for a backswing cut short.
  const restedBefore = (r: number) => {
    const from = r > 0 ? runs[r - 1]![1] + 1 : first;
    return runs[r]![0] > from && restBefore(s, from, runs[r]![0] - 1, 1) !== null;
  };
  if (!restedBefore(0) && comesLowAfter(0)) return 'starts-late';
  const closing = runs.length - 1;
  // Not when the hands came down to the ball before the closing run: that run is a finish, after a
  // backswing too short to reach "high" (a swing shortBackswings could not take is a part swing, not a cut).
  const struckBefore = () => strokeBefore(s, closing > 0 ? runs[closing - 1]![1] + 1 : first, runs[closing]![0]) !== null;
  if (restedBefore(closing) && !comesLowAfter(closing) && !struckBefore()) return 'ends-early';
  return null;
}

/**
 * Hands this far (torso lengths) from where they rested have made a stroke, not a waggle or a forward
 * press: a third of a torso is some 15-20 cm of the hands. A chip or a pitch moves them 0.6 torso lengths
 * up and back to the ball (bench:robustness 'no full swing: a chip', both views).
 */
const PART_SWING_TORSO = 0.4;

/**
 * A part swing (a chip, a pitch, a half swing): the hands leave their rest by a stroke's length and come
 * back down to the ball, but never rise high, as every full swing's do at the top. The turn of such a
 * stroke is not the one the product's ranges and workout are about, so it is refused, with that reason.
 * Read only where no swing was found, on the hands before the first high run (the whole clip if none). A
 * full swing whose top the model lost altogether would read so too; its golfer is then still told what a
 * measurable swing needs.
 */
function partSwingIn(s: Series, runs: [number, number][]): boolean {
  const first = s.up.findIndex((v) => !Number.isNaN(v));
  return first >= 0 && strokeBefore(s, first, runs.length ? runs[0]![0] : s.up.length) !== null;
}

/**
 * The top of a stroke made before index `until` (exclusive) and after `from`: the hands' highest point
 * before their last way down to the ball, where they had left a rest by a stroke's length (PART_SWING_TORSO).
 * Null when the hands made none: they never rested, never left the rest that far, or never came back low.
 * The way down is found walking back from the last low hands while the hands keep falling (a rise into the
 * follow-through, or the stillness after a chip, is passed over), so a follow-through rising towards `until`
 * is not taken for the top.
 */
function strokeBefore(s: Series, from: number, until: number): number | null {
  const lastLow = s.gripLowest.findLastIndex((v, i) => i >= from && i < until && v < EVENT_THRESHOLDS.low);
  let bottom = lastLow;
  while (bottom > from && s.up[bottom - 1]! <= s.up[bottom]! + EVENT_THRESHOLDS.onsetTorso) bottom--;
  if (bottom <= from) return null;
  const highest = argBest(s.up, from, bottom, (v, b) => v > b);
  const rest = highest > from ? restBefore(s, from, highest - 1, 1) : null;
  if (!rest || Math.hypot(s.x[highest]! - rest.at[0], s.up[highest]! - rest.at[1]) < PART_SWING_TORSO) return null;
  return highest;
}

/**
 * Swings whose top stays under "high": a golfer whose turn or shoulders stop the backswing with the hands
 * at chest height (bench:robustness 'a short backswing'). Such a swing still has what makes one: the hands
 * leave a rest by a stroke's length, come down through the ball at a downswing's speed and rise high in
 * the follow-through. Each high run is taken for a finish, and the hands' highest point between the rest
 * before it and the last low hands before it for the top; candidateAt then asks the rest of a swing of it
 * (impact low, speed, tempo, address). Read only where no swing has a high top: a chip's follow-through
 * never rises high, so it is still a part swing, and a clip cut at the top has no hands low after it.
 */
function shortBackswings(s: Series, runs: [number, number][]): Candidate[] {
  const first = s.up.findIndex((v) => !Number.isNaN(v));
  if (first < 0) return [];
  return runs.flatMap((run, r) => {
    const top = strokeBefore(s, r > 0 ? runs[r - 1]![1] + 1 : first, run[0]);
    const found = top === null ? null : candidateAt(s, [top, top], run);
    return found ? [found] : [];
  });
}

export type NoSwing = { ok: false; reason: 'no-swing'; sign: NoSwingSign | null };

export function detectSwingEvents(points: TrackPoint[]): { ok: true; events: SwingEvents } | NoSwing {
  if (points.length < 5) return { ok: false, reason: 'no-swing', sign: null };
  const s = buildSeries(points);
  const runs = highRuns(s);
  const candidates: Candidate[] = [];
  for (let r = 0; r < runs.length; r++) {
    const found = candidateAt(s, runs[r]!, runs[r + 1]);
    if (!found) continue;
    candidates.push(found);
    if (found.nextRun) r++; // the finish run belongs to this swing
  }
  if (candidates.length === 0) candidates.push(...shortBackswings(s, runs));
  if (candidates.length === 0) candidates.push(...lowFinishes(s, runs));
  if (candidates.length === 0) return { ok: false, reason: 'no-swing', sign: clipCutOf(s, runs) ?? (partSwingIn(s, runs) ? 'part-swing' : null) };
  const full = fullSwings(candidates);
  const main = swingThatCounts(full);
  const swings = full.length;
  const address = main.address;
  const finish = finishOf(s, main);
  const at = (i: number): SwingEventAt => ({ frame: s.frame[i]!, timeSec: s.time[i]! });
  return {
    ok: true,
    events: {
      takeaway: at(Math.min(address + 1, main.top)),
      address: at(address),
      top: at(main.top),
      impact: at(main.impact),
      finish: at(finish),
      multipleSwings: swings > 1,
      swingCount: swings,
      amplitude: main.amplitude,
      peakHandSpeed: main.peakSpeed,
      timeScale: main.timeScale,
      // Not a finish merely not found before the clip's end: the slow-motion driver swing ends while the
      // club still settles, and its labelled finish is a frame we read within tolerance.
      endsBeforeFinish: endsInFollowThrough(s, main.impact, main.timeScale),
    },
  };
}

export interface Tempo {
  /**
   * Backswing time over downswing time. Kept as read in slow motion too, where it is not shown: the
   * backswing may play at another speed than the downswing (contracts tempoSource).
   */
  ratio: number;
  /** Seconds in real time; null when the clip plays in slow motion, whose real speed is not known. */
  backswingSec: number | null;
  downswingSec: number | null;
}

export function tempoOf(events: Pick<SwingEvents, 'address' | 'top' | 'impact'> & { timeScale?: number }): Tempo {
  const backswingSec = Math.max(0, events.top.timeSec - events.address.timeSec);
  const downswingSec = Math.max(0, events.impact.timeSec - events.top.timeSec);
  const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
  const realTime = (events.timeScale ?? 1) <= 1;
  return {
    ratio: downswingSec > 0 ? round(backswingSec / downswingSec, 2) : 0,
    backswingSec: realTime ? round(backswingSec, 3) : null,
    downswingSec: realTime ? round(downswingSec, 3) : null,
  };
}
