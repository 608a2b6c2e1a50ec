/*
 * The search pass, coarse to fine. The lite model first looks at every other analysed frame (15 per
 * second from 30 fps video; every frame of slower video) over the whole clip, segment by segment as
 * the frames arrive, which is enough to find the golfer and the swing. Then it goes over the stretch
 * from just before the top to just after impact at the full analysed rate (~30 per second), so the two
 * events that need it are timed as finely as a full-rate pass would. A 10 s clip costs ~55% of a
 * full-rate pass, most of it while the playback transcode is still running.
 */
import { STILL_CAMERA, cameraOffsetAt, cameraPath, type CameraPath } from './camera.js';
import { detectSwingEvents, type NoSwingSign, type SwingEvents, type TrackPoint } from './events.js';
import { gripPx, handsPx, hipCentrePx, shoulderCentrePx, torsoLengthPx } from './geometry.js';
import type { Pose, Vec2 } from './landmarks.js';
import { copyFrame, runChunk, runPass, type PassFrame } from './passes.js';
import type { PosePool } from './runtime/pool.js';
import type { RawFrame } from './runtime/protocol.js';

/**
 * The coarse pass looks at no fewer than this many frames per second: at 10 per second the hands'
 * dip at impact can fall between two looks and the swing goes unseen.
 */
export const COARSE_MIN_FPS = 15;
/**
 * The fine pass covers the stretch whose timing needs the full rate: from this long before the coarse
 * top (the hands slowing into it)…
 */
const BEFORE_TOP_SEC = 0.35;
/** …to this long after the coarse impact. */
const AFTER_IMPACT_SEC = 0.2;
/**
 * And this long either side of the coarse address: the takeaway's first few centimetres take two or
 * three frames, so every other frame smears the moment the hands leave address (up to 4 frames late or
 * early on the shared clips). The finish keeps the coarse pass's timing.
 */
const AROUND_ADDRESS_SEC = 0.25;

/** Looks per real second that time the top and impact finely enough (a frame at 30 fps). */
const FINE_REAL_FPS = 30;
/** Coarse frames per worker call: small enough to start while the transcode is still writing frames. */
const SEGMENT = 40;
/** Coarse frames (0.2 s) a segment tracks before its own. */
const SEGMENT_WARM_UP = 3;

export interface SearchInput {
  pool: PosePool;
  /** Every analysed frame (one in `stride` of the video), in order; may still be arriving. */
  frames: AsyncIterable<RawFrame> | Iterable<RawFrame>;
  fps: number;
  stride: number;
  width: number;
  height: number;
  signal?: AbortSignal;
}

export interface SearchResult {
  /** Every frame the lite model looked at, in order. */
  analysed: PassFrame[];
  personFoundRatio: number;
  /** Null when the clip holds no swing. */
  events: SwingEvents | null;
  /** What a clip holding no whole swing shows instead, when its hands tell (events.ts NoSwingSign). */
  noSwingSign?: NoSwingSign | null;
  /** Index of the last analysed frame. */
  lastFrame: number;
  /** Frames the fine pass looked at again. */
  fineFrames?: number;
  /** Where the camera moved the picture, from the background (camera.ts); still when not read. */
  camera: CameraPath;
  /** Coarse pass (it waits for the transcode's frames), camera path, fine pass. */
  timings: { coarseMs: number; cameraMs?: number; fineMs?: number };
}

/**
 * The landmarks the events are read from, in pixels, less the camera's own movement by then (so a
 * hand-held phone's sway is not read as the body moving).
 */
export function trackPoints(frames: PassFrame[], fps: number, width: number, height: number, camera: CameraPath = STILL_CAMERA): TrackPoint[] {
  return frames.map((f) => {
    const [cx, cy] = cameraOffsetAt(camera, f.index);
    const still = (p: Vec2): Vec2 => [p[0] - cx * width, p[1] - cy * height];
    return {
      frame: f.index,
      timeSec: f.index / fps,
      hands: f.pose ? still(handsPx(f.pose, width, height)) : null,
      grip: f.pose ? still(gripPx(f.pose, width, height)) : null,
      hips: f.pose ? still(hipCentrePx(f.pose, width, height)) : null,
      shoulders: f.pose ? still(shoulderCentrePx(f.pose, width, height)) : null,
      torsoPx: f.pose ? torsoLengthPx(f.pose, width, height) : null,
    };
  });
}

/**
 * The pose of the analysed frame nearest `frame`, however far (the coarse pass looks at every other frame
 * or fewer): where the golfer was last seen is the best guess of what to mask from the camera's reading.
 * Not index.ts's nearestPoseFinder, which gives none beyond three frames: a small golfer the model loses
 * for a while is then left in the background, and bench:robustness's fifth-height hand-held golfer read
 * its head sway 2.0 head widths from the still clip's instead of 0.08.
 */
function nearestPose(analysed: PassFrame[]): (frame: number) => Pose | null {
  const found = analysed.filter((f) => f.pose !== null);
  return (frame) => {
    // The first one at or after `frame` (they are in order), or the one before it if nearer.
    let [lo, hi] = [0, found.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (found[mid]!.index < frame) lo = mid + 1;
      else hi = mid;
    }
    const [before, after] = [found[lo - 1], found[lo]];
    const nearer = !after || (before && frame - before.index < after.index - frame) ? before : after;
    return nearer?.pose ?? null;
  };
}

const foundRatio = (frames: PassFrame[]): number => (frames.length ? frames.filter((f) => f.pose !== null).length / frames.length : 0);

/**
 * The coarse pass, started segment by segment as frames arrive, so it runs while the transcode is still
 * writing them. Returns its results and every analysed frame (kept for the fine pass).
 */
async function coarsePass(input: SearchInput): Promise<{ coarse: PassFrame[]; frames: RawFrame[] }> {
  const lite = { variant: 'lite', numPoses: 1, video: true, signal: input.signal } as const;
  const coarseEvery = Math.max(1, Math.floor(input.fps / input.stride / COARSE_MIN_FPS));
  const frames: RawFrame[] = [];
  const calls: Promise<PassFrame[]>[] = [];
  let segment: RawFrame[] = [];
  let previous: RawFrame[] = [];
  const send = (part: RawFrame[]) => {
    if (part.length === 0) return;
    // Copies: the pool takes the buffers over, and these frames are needed again (warm-up, fine pass).
    const warmUp = previous.slice(-SEGMENT_WARM_UP).map(copyFrame);
    // Segments take turns on the workers, in order: the same video meets the same model states every run.
    const worker = calls.length % input.pool.size;
    calls.push(runChunk(input.pool, part.map(copyFrame), { ...lite, warmUp, worker }));
    previous = part;
  };
  for await (const frame of input.frames) {
    if (frames.length % coarseEvery === 0) segment.push(frame);
    frames.push(frame);
    if (segment.length === SEGMENT) {
      send(segment);
      segment = [];
    }
  }
  // The last stretch is on the critical path (the transcode is done): both workers share it.
  const half = segment.length >= SEGMENT / 2 ? Math.ceil(segment.length / 2) : segment.length;
  send(segment.slice(0, half));
  send(segment.slice(half));
  const coarse = (await Promise.all(calls)).flat().sort((a, b) => a.index - b.index);
  return { coarse, frames };
}

export async function searchSwing(input: SearchInput, minPersonRatio: number): Promise<SearchResult> {
  const { pool, fps, width, height, signal } = input;
  const started = performance.now();
  const { coarse, frames } = await coarsePass(input);
  const lastFrame = frames.length ? frames[frames.length - 1]!.index : 0;
  const coarseMs = Math.round(performance.now() - started);
  const still = { analysed: coarse, personFoundRatio: foundRatio(coarse), events: null, lastFrame, camera: STILL_CAMERA, timings: { coarseMs } };
  if (foundRatio(coarse) < minPersonRatio) return still;
  const cameraStarted = performance.now();
  const camera = cameraPath(frames, nearestPose(coarse));
  const coarseOnly = { ...still, camera, timings: { coarseMs, cameraMs: Math.round(performance.now() - cameraStarted) } };
  const found = detectSwingEvents(trackPoints(coarse, fps, width, height, camera));
  if (!found.ok) return { ...coarseOnly, noSwingSign: found.sign };
  // Slow motion stretches the swing: so do the windows around it. And the coarse pass may already look
  // often enough in real time (a 5× slow clip looked at 21 times a second is 105 looks per real second).
  const k = found.events.timeScale;
  const coarseEvery = Math.max(1, Math.floor(fps / input.stride / COARSE_MIN_FPS));
  if ((fps / input.stride / coarseEvery) * k >= FINE_REAL_FPS) return { ...coarseOnly, events: found.events, fineFrames: 0 };

  // The address, and top to impact, again at the full rate, as unbroken stretches: interleaving a second
  // track with the coarse one frame by frame would zigzag (each track has its own small bias), so the
  // fine track replaces the coarse one there.
  const e = found.events;
  const windows: [number, number][] = [
    [e.address.timeSec - AROUND_ADDRESS_SEC * k, e.address.timeSec + AROUND_ADDRESS_SEC * k],
    [e.top.timeSec - BEFORE_TOP_SEC * k, e.impact.timeSec + AFTER_IMPACT_SEC * k],
  ];
  const inSwing = (index: number) => windows.some(([from, to]) => index / fps >= from && index / fps <= to);
  const fineStarted = performance.now();
  const fine = await runFine(pool, frames, inSwing, signal);
  const fineMs = Math.round(performance.now() - fineStarted);
  const analysed = [...coarse.filter((f) => !inSwing(f.index)), ...fine].sort((a, b) => a.index - b.index);
  // Top and impact timed at the full rate; the coarse pass still decides how many swings there were.
  const refined = detectSwingEvents(trackPoints(analysed, fps, width, height, camera));
  const events = refined.ok
    ? { ...refined.events, multipleSwings: found.events.multipleSwings, swingCount: found.events.swingCount }
    : found.events;
  return { analysed, personFoundRatio: foundRatio(analysed), events, lastFrame, camera, fineFrames: fine.length, timings: { ...coarseOnly.timings, fineMs } };
}

/** The frames `wanted` picks, run at the full rate as unbroken stretches (each its own tracking run). */
async function runFine(pool: PosePool, frames: RawFrame[], wanted: (index: number) => boolean, signal?: AbortSignal): Promise<PassFrame[]> {
  const stretches: RawFrame[][] = [];
  let previous = false;
  for (const frame of frames) {
    const take = wanted(frame.index);
    if (take && !previous) stretches.push([]);
    if (take) stretches[stretches.length - 1]!.push(frame);
    previous = take;
  }
  const lite = { variant: 'lite', numPoses: 1, video: true, signal } as const;
  // A short stretch in one call, each on its own worker (the address stretch and the top-to-impact one
  // side by side, not one after the other on the same core); a long one split across the pool.
  const runs = await Promise.all(stretches.map((part, i) => (part.length < SEGMENT ? runChunk(pool, part, { ...lite, worker: (stretches.length - 1 - i) % pool.size }) : runPass(pool, part, lite))));
  return runs.flat();
}

/**
 * One pose per analysed frame for the playback overlay: frames the search skipped (outside the swing,
 * where the golfer is nearly still) are interpolated between their analysed neighbours.
 */
export function fillTrack(analysed: PassFrame[], stride: number, frameCount: number): (Pose | null)[] {
  const slots = Math.ceil(frameCount / stride);
  const byIndex = new Map(analysed.map((f) => [f.index, f]));
  const out: (Pose | null)[] = new Array(slots).fill(null);
  let prev: { k: number; pose: Pose | null } | null = null;
  const pending: number[] = [];
  for (let k = 0; k < slots; k++) {
    const frame = byIndex.get(k * stride);
    if (!frame) {
      pending.push(k);
      continue;
    }
    out[k] = frame.pose;
    for (const gap of pending) out[gap] = prev ? blend(prev.pose, frame.pose, (gap - prev.k) / (k - prev.k)) : frame.pose;
    pending.length = 0;
    prev = { k, pose: frame.pose };
  }
  for (const gap of pending) out[gap] = prev?.pose ?? null;
  return out;
}

function blend(a: Pose | null, b: Pose | null, t: number): Pose | null {
  if (!a || !b) return t <= 0.5 ? a : b; // the nearer neighbour, the earlier one on a tie
  const mix = (x: Float32Array, y: Float32Array) => x.map((v, i) => v + (y[i]! - v) * t);
  return { image: mix(a.image, b.image), world: mix(a.world, b.world) };
}
