/*
 * The pose stage of an analysis: finds the golfer and the swing with the fast model over the whole clip,
 * measures the body with the heavy model on the few frames that matter, and draws the key frames.
 * See ARCHITECTURE section 8. CPU work runs in worker threads (runtime/pool.ts).
 */
import type { AnalysisResults, MobilityAnalysis, PoseSummary, PoseTrack } from '@swingfit/contracts';
import { detectSwingEvents, tempoOf, type SwingEventAt, type TrackPoint } from './events.js';
import { decodeFrames, scaledSize } from './frames.js';
import { handsPx, hipCentrePx, torsoLengthPx } from './geometry.js';
import type { Pose } from './landmarks.js';
import { computeMetrics } from './metrics.js';
import { buildPoseTrack, renderKeyFrame } from './overlay.js';
import { runPass, type PassFrame } from './passes.js';
import { describeSwing } from './report.js';
import { heavyWorkers, sharedPosePool, type PosePool } from './runtime/pool.js';
import type { RawFrame } from './runtime/protocol.js';
import { detectHandedness, detectView } from './view.js';

export { closePosePool, heavyWorkers, sharedPosePool, PosePool } from './runtime/pool.js';

export const POSE_FAILURE_REASONS = {
  noPerson: 'No golfer was found in the video. Film the whole body in good light, with the golfer filling most of the frame height.',
  severalPeople: 'More than one person was found in the video. Film the golfer alone in the frame.',
  noSwing: 'No golf swing was detected in the video. Make sure the clip shows one full swing, from address to finish.',
} as const;

/** Share of analysed frames that must show the golfer. */
export const MIN_PERSON_RATIO = 0.5;
/** Share of sampled frames with a second person that makes the clip ambiguous. */
export const MAX_CROWD_SHARE = 0.3;
const SEARCH_LONG_SIDE = 256;
const MEASURE_LONG_SIDE = 640;
const CROWD_SAMPLES = 10;
const MODELS = { search: 'pose_landmarker_lite', measure: 'pose_landmarker_heavy' } as const;

type KeyFrameName = 'address' | 'top' | 'impact' | 'finish';

export interface PoseStageInput {
  videoPath: string;
  slot: 'face-on' | 'down-the-line';
  workDir: string;
  fps: number;
  width: number;
  height: number;
  signal?: AbortSignal;
  /** Defaults to the process-wide pool (POSE_PROCESSES workers). */
  pool?: PosePool;
}

export type PoseStageResult =
  | {
      ok: true;
      summary: Omit<PoseSummary, 'keyframes' | 'poseUrl'>;
      keyframes: Partial<Record<KeyFrameName, Buffer>>;
      poseTrack: PoseTrack;
      fields: {
        mobilityAnalysis: MobilityAnalysis;
        analysisResults: AnalysisResults;
        technicalDetails: Record<string, unknown>;
        swingStrengths: string[];
        swingWeaknesses: string[];
        keyIssues: string[];
      };
    }
  | { ok: false; reason: string; technicalDetails?: Record<string, unknown> };

const shareWithSeveral = (frames: PassFrame[]): number =>
  frames.length ? frames.filter((f) => f.poses > 1).length / frames.length : 0;

/** Loads both models in every worker ahead of the first job (model loading takes a second or two). */
export async function warmPosePool(pool: PosePool = sharedPosePool()): Promise<void> {
  await Promise.all([
    ...Array.from({ length: pool.size }, (_, worker) => pool.run({ variant: 'lite', numPoses: 1, video: true, frames: [], worker })),
    ...Array.from({ length: heavyWorkers(pool) }, (_, worker) => pool.run({ variant: 'heavy', numPoses: 2, video: false, frames: [], worker })),
  ]);
}

const copyFrame = (f: RawFrame): RawFrame => ({ ...f, data: new Uint8Array(f.data) });

function trackPoints(frames: PassFrame[], fps: number, width: number, height: number): TrackPoint[] {
  return frames.map((f) => ({
    frame: f.index,
    timeSec: f.index / fps,
    hands: f.pose ? handsPx(f.pose, width, height) : null,
    hips: f.pose ? hipCentrePx(f.pose, width, height) : null,
    torsoPx: f.pose ? torsoLengthPx(f.pose, width, height) : null,
  }));
}

/** Frame indices around an event, `step` apart, clamped to the clip. */
const around = (frame: number, offsets: number[], step: number, last: number): number[] =>
  offsets.map((o) => Math.min(last, Math.max(0, frame + o * step)));

export async function runPoseStage(input: PoseStageInput): Promise<PoseStageResult> {
  const started = performance.now();
  const timings: Record<string, number> = {};
  const lap = (name: string, since: number) => {
    timings[name] = Math.round(performance.now() - since);
    return performance.now();
  };
  const pool = input.pool ?? sharedPosePool();
  const stride = Math.max(1, Math.round(input.fps / 30));
  const searchSize = scaledSize(input.width, input.height, SEARCH_LONG_SIDE);

  let t = performance.now();
  const frames = await decodeFrames({ videoPath: input.videoPath, size: searchSize, fps: input.fps, stride, signal: input.signal });
  t = lap('decodeMs', t);
  const lastFrame = frames.length ? frames[frames.length - 1]!.index : 0;
  const frameCount = lastFrame + 1;
  const sampleEvery = Math.max(1, Math.floor(frames.length / CROWD_SAMPLES));
  const crowdSample = frames.filter((_, i) => i % sampleEvery === 0).slice(0, CROWD_SAMPLES).map(copyFrame);

  const search = await runPass(pool, frames, { variant: 'lite', numPoses: 1, video: true, signal: input.signal });
  t = lap('searchMs', t);
  const found = search.filter((f) => f.pose !== null);
  const personFoundRatio = search.length ? found.length / search.length : 0;
  const basics = { personFoundRatio: Math.round(personFoundRatio * 1000) / 1000, analysedFrames: search.length, stride, timings };
  if (personFoundRatio < MIN_PERSON_RATIO) return { ok: false, reason: POSE_FAILURE_REASONS.noPerson, technicalDetails: basics };

  const detected = detectSwingEvents(trackPoints(search, input.fps, searchSize.width, searchSize.height));
  if (!detected.ok) {
    // Two people moving about can hide a swing: say which problem it is.
    const crowd = await runPass(pool, crowdSample, { variant: 'heavy', numPoses: 2, video: false, signal: input.signal, workers: heavyWorkers(pool) });
    t = lap('crowdCheckMs', t);
    const crowdShare = shareWithSeveral(crowd);
    const reason = crowdShare > MAX_CROWD_SHARE ? POSE_FAILURE_REASONS.severalPeople : POSE_FAILURE_REASONS.noSwing;
    return { ok: false, reason, technicalDetails: { ...basics, crowdShare } };
  }
  const events = detected.events;
  const searchPose = new Map(search.map((f) => [f.index, f.pose]));
  const nearestSearchPose = (frame: number): Pose | null => {
    for (let d = 0; d <= 3 * stride; d++) {
      const p = searchPose.get(frame - d) ?? searchPose.get(frame + d);
      if (p) return p;
    }
    return null;
  };
  const addressSearchPoses = around(events.address.frame, [-2, -1, 0], stride, lastFrame).flatMap((i) => nearestSearchPose(i) ?? []);
  const viewInfo = detectView(addressSearchPoses, searchSize.width, searchSize.height);
  const addressPose = nearestSearchPose(events.address.frame);
  const topPose = nearestSearchPose(events.top.frame);
  const handedness = addressPose && topPose ? detectHandedness(viewInfo.view, addressPose, topPose, searchSize.width, searchSize.height) : 'right';

  // Measure pass: the heavy model on the frames the metrics need, at a larger size.
  const step = Math.max(1, Math.round(input.fps / 30));
  const wanted = {
    address: around(events.address.frame, [-4, -2, 0], step, lastFrame),
    top: around(events.top.frame, [-3, -2, -1, 0, 1, 2, 3], step, lastFrame),
    impact: around(events.impact.frame, [-1, 0, 1], step, lastFrame),
    finish: around(events.finish.frame, [-1, 0], step, lastFrame),
  };
  const indices = [...new Set(Object.values(wanted).flat())].sort((a, b) => a - b);
  const measureSize = scaledSize(input.width, input.height, MEASURE_LONG_SIDE);
  const measureFrames = await decodeFrames({ videoPath: input.videoPath, size: measureSize, fps: input.fps, indices, signal: input.signal });
  const keyNames: KeyFrameName[] = ['address', 'top', 'impact', 'finish'];
  const keyFrames = new Map<KeyFrameName, RawFrame>();
  for (const name of keyNames) {
    const frame = measureFrames.find((f) => f.index === events[name].frame);
    if (frame) keyFrames.set(name, copyFrame(frame));
  }
  // numPoses 2: the same pass tells whether a second person shares the frame (one model instance).
  const measured = await runPass(pool, measureFrames, {
    variant: 'heavy', numPoses: 2, video: false, signal: input.signal, workers: heavyWorkers(pool),
    chunkCount: Math.min(measureFrames.length, heavyWorkers(pool) * 3),
  });
  t = lap('measureMs', t);
  const crowdShare = shareWithSeveral(measured);
  if (crowdShare > MAX_CROWD_SHARE) {
    return { ok: false, reason: POSE_FAILURE_REASONS.severalPeople, technicalDetails: { ...basics, crowdShare } };
  }
  const heavy = new Map(measured.map((f) => [f.index, f.pose]));
  const posesAt = (list: number[]) => [...new Set(list)].flatMap((i) => heavy.get(i) ?? []);
  const metrics = computeMetrics(
    { address: posesAt(wanted.address), top: posesAt(wanted.top), impact: posesAt(wanted.impact) },
    { view: viewInfo.view, handedness, width: measureSize.width, height: measureSize.height },
  );

  const keyframes: Partial<Record<KeyFrameName, Buffer>> = {};
  for (const [name, frame] of keyFrames) keyframes[name] = await renderKeyFrame(frame, heavy.get(frame.index) ?? nearestSearchPose(frame.index));
  lap('keyframesMs', t);

  const tempo = tempoOf(events);
  const at = (e: SwingEventAt) => ({ frame: e.frame, timeSec: Math.round(e.timeSec * 1000) / 1000 });
  const summary: Omit<PoseSummary, 'keyframes' | 'poseUrl'> = {
    view: viewInfo.view,
    viewMatchesSlot: viewInfo.view === input.slot,
    handedness,
    fps: input.fps,
    frameCount,
    personFoundRatio: basics.personFoundRatio,
    multipleSwings: events.multipleSwings,
    events: { takeaway: at(events.takeaway), address: at(events.address), top: at(events.top), impact: at(events.impact), finish: at(events.finish) },
    tempo,
    metrics,
    models: { ...MODELS },
  };
  const findings = describeSwing(summary, input.slot);
  const poseTrack = buildPoseTrack(search.map((f) => f.pose), input.fps / stride, input.width, input.height);
  timings.totalMs = Math.round(performance.now() - started);
  const technicalDetails: Record<string, unknown> = {
    view: summary.view,
    viewMatchesSlot: summary.viewMatchesSlot,
    handedness,
    events: summary.events,
    tempo,
    models: summary.models,
    personFoundRatio: summary.personFoundRatio,
    crowdShare,
    swingCount: events.swingCount,
    shoulderWidthRatio: Math.round(viewInfo.shoulderRatio * 100) / 100,
    analysedFps: input.fps / stride,
    searchSize,
    measureSize,
    measuredFrames: indices.length,
    timings,
  };
  return {
    ok: true,
    summary,
    keyframes,
    poseTrack,
    fields: {
      mobilityAnalysis: findings.mobilityAnalysis,
      analysisResults: findings.analysisResults,
      technicalDetails,
      swingStrengths: findings.swingStrengths,
      swingWeaknesses: findings.swingWeaknesses,
      keyIssues: findings.keyIssues,
    },
  };
}
