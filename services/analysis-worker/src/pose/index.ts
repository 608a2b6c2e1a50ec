/*
 * The pose stage of an analysis: finds the golfer and the swing with the fast model over the whole clip,
 * measures the body with a larger model on the few frames that matter, and draws the key frames.
 * See ARCHITECTURE section 8. CPU work runs in worker threads (runtime/pool.ts).
 */
import type { CameraView, PoseSummary } from '@swingfit/contracts';
import { tempoOf, type SwingEventAt, type SwingEvents } from './events.js';
import { crowdChecks, crowdShare, type CrowdCheck } from './crowd.js';
import { fuseReadings, mirrorFrame, unmirrorPose } from './flip.js';
import { MEASURE_LONG_SIDE, SEARCH_LONG_SIDE, decodeFrames, readFrameFile, scaledSize, streamFrameFile, type FrameFile } from './frames.js';
import type { Pose } from './landmarks.js';
import { computeMetrics, readTurns, turnOrderHolds } from './metrics.js';
import { alignLabels } from './geometry.js';
import { buildPoseTrack, renderKeyFrame } from './overlay.js';
import { copyFrame, runChunk } from './passes.js';
import type { PoseStageInput as PipelinePoseStageInput, PoseStageOutput as PipelinePoseStageOutput } from '../pipeline/stages.js';
import { fillTrack, searchSwing } from './search.js';
import type { ModelVariant } from './runtime/landmarker.js';
import { measureWorkers, sharedPosePool, type PosePool } from './runtime/pool.js';
import type { RawFrame } from './runtime/protocol.js';
import { detectHandedness, detectView } from './view.js';

export { closePosePool, measureWorkers, sharedPosePool, PosePool } from './runtime/pool.js';

export const POSE_FAILURE_REASONS = {
  noPerson: 'No golfer was found in the video. Film the whole body in good light, with the golfer filling most of the frame height.',
  severalPeople: 'More than one person was found in the video. Film the golfer alone in the frame.',
  noSwing: 'No golf swing was detected in the video. Make sure the clip shows one full swing, from address to finish.',
} as const;

/** Share of analysed frames that must show the golfer. */
export const MIN_PERSON_RATIO = 0.5;
/** Share of sampled frames with a second person that makes the clip ambiguous. */
export const MAX_CROWD_SHARE = 0.3;
const CROWD_SAMPLES = 10;
const EVENT_NAMES = ['takeaway', 'address', 'top', 'impact', 'finish'] as const;
/**
 * The measure model by view. Face-on the turn comes from 2D widths, and the full model reads them more
 * steadily than the heavy one: of the fixture's swing as uploaded, re-encoded, mirrored and at 75% size,
 * the heavy model's picture and mirror readings disagreed too much to give the hips on three (the full
 * model's on one, bench:accuracy), and it saw no hip turn at all for the first half of the backswing.
 * It is ~4× cheaper too. Down the line the turn comes from the 3D world landmarks, where the heavy model
 * is the smooth one (ARCHITECTURE section 8).
 */
const MEASURE_MODEL: Record<CameraView, ModelVariant> = { 'face-on': 'full', 'down-the-line': 'heavy' };

type KeyFrameName = 'address' | 'top' | 'impact' | 'finish';

/** The pipeline's contract (src/pipeline/stages.ts), plus the pool to run on. */
export interface PoseStageInput extends PipelinePoseStageInput {
  /** Defaults to the process-wide pool (POSE_PROCESSES workers). */
  pool?: PosePool;
}

type PipelineResult = Extract<PipelinePoseStageOutput, { ok: true }>;

/** The pipeline's result, with the technical details this stage always fills. */
export type PoseStageResult =
  | (Omit<PipelineResult, 'fields'> & { fields: { technicalDetails: Record<string, unknown> } })
  | { ok: false; reason: string; technicalDetails?: Record<string, unknown> };

/** The pool slot that looks for other people (lite model): the one without the measure models when there is one. */
const crowdWorker = (pool: PosePool): number => measureWorkers(pool) % pool.size;

/** Loads every model configuration the stage uses ahead of the first job (loading takes a second or two each). */
export async function warmPosePool(pool: PosePool = sharedPosePool()): Promise<void> {
  await Promise.all([
    ...Array.from({ length: pool.size }, (_, worker) => pool.run({ variant: 'lite', numPoses: 1, video: true, frames: [], worker })),
    ...Array.from({ length: measureWorkers(pool) }, (_, worker) => [
      pool.run({ variant: 'heavy', numPoses: 1, video: true, frames: [], worker }),
      pool.run({ variant: 'full', numPoses: 1, video: true, frames: [], worker }),
    ]).flat(),
  ]);
}

/** Frame indices around an event, `step` apart, clamped to the clip. */
const around = (frame: number, offsets: number[], step: number, last: number): number[] =>
  offsets.map((o) => Math.min(last, Math.max(0, frame + o * step)));

/**
 * Looks again at frames with the golfer blanked out (crowd.ts) and returns the share showing someone else.
 * One call per frame on the search's own tracking model: every call starts afresh, so each frame is a
 * fresh detection, and no third model instance (~100 MB) is kept for it.
 */
async function countCrowd(pool: PosePool, checks: CrowdCheck[], signal?: AbortSignal): Promise<number> {
  const options = { variant: 'lite', numPoses: 1, video: true, signal, worker: crowdWorker(pool) } as const;
  const found = (await Promise.all(checks.map((c) => runChunk(pool, [c.frame], options)))).flat();
  const other = new Map(found.map((f) => [f.index, f.pose]));
  return crowdShare(checks, (frame) => other.get(frame) ?? null);
}

export async function runPoseStage(input: PoseStageInput): Promise<PoseStageResult> {
  const started = performance.now();
  const timings: Record<string, number> = {};
  const lap = (name: string, since: number) => {
    timings[name] = Math.round(performance.now() - since);
    return performance.now();
  };
  const pool = input.pool ?? sharedPosePool();
  const stride = Math.max(1, Math.round(input.fps / 30));
  // Frames from the transcode are used when their shape matches the playback video (rounding aside).
  const fits = (file: FrameFile | undefined, width: number, height: number): file is FrameFile =>
    file !== undefined && Math.abs(file.size.width / file.size.height - width / height) < 0.02;
  const given = input.searchFrames;
  const usable = fits(given, input.width, input.height);
  const searchSize = usable ? given.size : scaledSize(input.width, input.height, SEARCH_LONG_SIDE);
  const playbackWritten = input.playback ?? Promise.resolve({ fps: input.fps, width: input.width, height: input.height });

  let t = performance.now();
  const frames = usable
    ? streamFrameFile(given, input.fps, stride, playbackWritten, input.signal)
    : await playbackWritten.then(() => decodeFrames({ videoPath: input.videoPath, size: searchSize, fps: input.fps, stride, signal: input.signal }));
  const search = await searchSwing({ pool, frames, fps: input.fps, stride, width: searchSize.width, height: searchSize.height, signal: input.signal }, MIN_PERSON_RATIO);
  t = lap(usable ? 'searchMs' : 'decodeAndSearchMs', t);
  Object.assign(timings, search.timings);
  const basics = { personFoundRatio: Math.round(search.personFoundRatio * 1000) / 1000, analysedFrames: search.analysed.length, stride, timings };
  if (search.personFoundRatio < MIN_PERSON_RATIO) return { ok: false, reason: POSE_FAILURE_REASONS.noPerson, technicalDetails: basics };

  // From here on the playback file is read, so it must be complete; its own facts replace the forecast.
  const playback = await playbackWritten;
  t = lap('waitForTranscodeMs', t);
  const lastFrame = search.lastFrame;
  const frameCount = lastFrame + 1;
  /** Up to CROWD_SAMPLES analysed frames spread evenly over [from, to]. */
  const spread = (from: number, to: number): number[] => {
    const first = Math.ceil(Math.max(0, from) / stride);
    const count = Math.floor(Math.min(lastFrame, to) / stride) - first + 1;
    const n = Math.min(CROWD_SAMPLES, Math.max(0, count));
    return [...new Set(Array.from({ length: n }, (_, i) => (first + Math.floor((i * count) / n)) * stride))];
  };
  // The measure frames the transcode wrote (pixels from before the encode), or else decoded from the playback.
  const written = fits(input.measureFrames, playback.width, playback.height) ? input.measureFrames : undefined;
  const measureSize = written?.size ?? scaledSize(playback.width, playback.height, MEASURE_LONG_SIDE);
  // People far from the camera are small: they are counted on the larger frames.
  const largeFrames = (indices: number[]) => written
    ? readFrameFile(written, playback.fps, indices)
    : decodeFrames({ videoPath: input.videoPath, size: measureSize, fps: playback.fps, indices, signal: input.signal });
  const searchPose = new Map(search.analysed.map((f) => [f.index, f.pose]));
  const nearestSearchPose = (frame: number): Pose | null => {
    for (let d = 0; d <= 3 * stride; d++) {
      const p = searchPose.get(frame - d) ?? searchPose.get(frame + d);
      if (p) return p;
    }
    return null;
  };
  if (!search.events) {
    // Two people moving about can hide a swing: say which problem it is.
    const crowdShare = await countCrowd(pool, crowdChecks(await largeFrames(spread(0, lastFrame)), nearestSearchPose), input.signal);
    lap('crowdCheckMs', t);
    const reason = crowdShare > MAX_CROWD_SHARE ? POSE_FAILURE_REASONS.severalPeople : POSE_FAILURE_REASONS.noSwing;
    return { ok: false, reason, technicalDetails: { ...basics, crowdShare } };
  }
  // Times from the playback's own frame rate (the search ran on the forecast one; they agree for constant-rate video).
  const retime = (e: SwingEventAt): SwingEventAt => ({ frame: e.frame, timeSec: e.frame / playback.fps });
  const events = { ...search.events, ...Object.fromEntries(EVENT_NAMES.map((name) => [name, retime(search.events![name])])) } as SwingEvents;
  const addressSearchPoses = around(events.address.frame, [-2, -1, 0], stride, lastFrame).flatMap((i) => nearestSearchPose(i) ?? []);
  const viewInfo = detectView(addressSearchPoses, searchSize.width, searchSize.height);
  const addressPose = nearestSearchPose(events.address.frame);
  const topPose = nearestSearchPose(events.top.frame);
  const handedness = addressPose && topPose ? detectHandedness(viewInfo.view, addressPose, topPose, searchSize.width, searchSize.height) : 'right';

  // Measure pass: the measure model on the frames the metrics need, at a larger size, tracking the golfer
  // from frame to frame (VIDEO mode: steadier landmarks than detecting each frame afresh), on each frame
  // and on its mirror image (flip.ts). Meanwhile the other worker looks for other people.
  const wanted = {
    // The golfer stands still at address: one frame, read twice, is the reference.
    address: around(events.address.frame, [0], stride, lastFrame),
    // The hands pause at the top for a frame or two either side; further out the hips already unwind.
    top: around(events.top.frame, [-1, 0, 1], stride, lastFrame),
    // Impact is measured only down the line (loss of posture); face-on its key frame shows the search pose.
    impact: viewInfo.view === 'down-the-line' ? around(events.impact.frame, [0, 1], stride, lastFrame) : [],
  };
  // One backswing frame leads the tracker into the top window: started cold at the top, the model
  // mirrored the golfer in two of five frames and the hips read 82°.
  const intoTop = around(events.top.frame, [-3], stride, lastFrame).filter((i) => !wanted.top.includes(i));
  const measureIndices = [...new Set([...Object.values(wanted).flat(), ...intoTop])].sort((a, b) => a - b);
  const keyNames: KeyFrameName[] = ['address', 'top', 'impact', 'finish'];
  // People are counted during the swing itself, so one short stretch of frames serves everything.
  const crowdIndices = spread(events.address.frame - Math.round(playback.fps / 2), events.finish.frame);
  const largeIndices = [...new Set([...measureIndices, ...crowdIndices, ...keyNames.map((name) => events[name].frame)])].sort((a, b) => a - b);
  const measureFrames = await largeFrames(largeIndices);
  t = lap('measureDecodeMs', t);
  const keyFrames = new Map<KeyFrameName, RawFrame>();
  for (const name of keyNames) {
    const frame = measureFrames.find((f) => f.index === events[name].frame);
    if (frame) keyFrames.set(name, copyFrame(frame));
  }
  const measureWanted = new Set(measureIndices);
  const crowdWanted = new Set(crowdIndices);
  // Everything derived from the frames (crowd checks, mirrored copies) is made before any run starts:
  // the runs hand their frames' buffers over to the workers.
  const crowd = crowdChecks(measureFrames.filter((f) => crowdWanted.has(f.index)), nearestSearchPose);
  const large = new Map(measureFrames.filter((f) => measureWanted.has(f.index)).map((f) => [f.index, f]));
  const framesAt = (list: number[]) => [...new Set(list)].flatMap((i) => large.get(i) ?? []);
  const runs = (['address', 'top', 'impact'] as const).map((moment) => {
    const frames = framesAt(wanted[moment]);
    const warmUp = moment === 'top' ? framesAt(intoTop) : [];
    return { frames, warmUp, mirrored: frames.map(mirrorFrame), mirroredWarmUp: warmUp.map(mirrorFrame) };
  });
  // One tracking run per moment of the swing and per side of the mirror (each starts afresh), on the
  // measure models' worker (the second one too with POSE_MEASURE_WORKERS=2, where memory allows).
  const measureOptions = { variant: MEASURE_MODEL[viewInfo.view], numPoses: 1, video: true, signal: input.signal, worker: 0 } as const;
  const [measuredGroups, mirroredGroups, crowdShare] = await Promise.all([
    Promise.all(runs.map((r) => runChunk(pool, r.frames, { ...measureOptions, warmUp: r.warmUp }))),
    Promise.all(runs.map((r) => runChunk(pool, r.mirrored, { ...measureOptions, warmUp: r.mirroredWarmUp, worker: 1 % measureWorkers(pool) }))),
    countCrowd(pool, crowd, input.signal),
  ]);
  t = lap('measureMs', t);
  if (crowdShare > MAX_CROWD_SHARE) {
    return { ok: false, reason: POSE_FAILURE_REASONS.severalPeople, technicalDetails: { ...basics, crowdShare } };
  }
  const direct = new Map(measuredGroups.flat().flatMap((f) => (f.pose ? [[f.index, f.pose] as const] : [])));
  const fromMirror = new Map(mirroredGroups.flat().flatMap((f) => (f.pose ? [[f.index, unmirrorPose(f.pose)] as const] : [])));
  // The two readings of each frame fused (flip.ts), labelled like the golfer at address. At the top a
  // reading that breaks the turn order is set aside when the other keeps it, and the readings kept go
  // with the figures, whose confidence counts how far picture and mirror disagree.
  const stance = direct.get(events.address.frame) ?? fromMirror.get(events.address.frame);
  const metricContext = { view: viewInfo.view, handedness, width: measureSize.width, height: measureSize.height };
  const fuse = (i: number, plausible?: (pose: Pose) => boolean) => fuseReadings(direct.get(i), fromMirror.get(i), stance, measureSize.width, measureSize.height, plausible);
  // The address comes first: the top's turn order is read against it.
  const addressPoses = [...new Set(wanted.address)].flatMap((i) => fuse(i)?.pose ?? []);
  const topFrames = [...new Set(wanted.top)];
  const plausibleTop = (pose: Pose) => turnOrderHolds(addressPoses, pose, metricContext);
  const readings = new Map(measureIndices.flatMap((i) => {
    const reading = fuse(i, topFrames.includes(i) ? plausibleTop : undefined);
    return reading ? [[i, reading] as const] : [];
  }));
  const posesAt = (list: number[]) => [...new Set(list)].flatMap((i) => readings.get(i)?.pose ?? []);
  const topReadings = topFrames.flatMap((i) => readings.get(i) ?? []);
  const topReadingsSetAside = topReadings.filter((r) => r.fusion === 'direct' || r.fusion === 'mirrored').length;
  // Each top frame's two readings as figures, and which stood: why a figure reads as it does, or was withheld.
  const turnsOf = (pose: Pose | undefined) => (pose && stance ? readTurns(addressPoses, alignLabels(pose, stance, measureSize.width, measureSize.height), metricContext) : null);
  const topReadingDetails = topFrames.map((frame) => ({ frame, picture: turnsOf(direct.get(frame)), mirror: turnsOf(fromMirror.get(frame)), used: readings.get(frame)?.fusion ?? null }));
  const metrics = computeMetrics(
    { address: addressPoses, top: topReadings.map((r) => r.pose), impact: posesAt(wanted.impact), topReadings: topReadings.flatMap((r) => r.kept), topReadingsSetAside },
    metricContext,
  );

  const keyframes: Partial<Record<KeyFrameName, Buffer>> = {};
  // The top key frame shows the reading the figures come from.
  for (const [name, frame] of keyFrames) keyframes[name] = await renderKeyFrame(frame, readings.get(frame.index)?.pose ?? nearestSearchPose(frame.index));
  lap('keyframesMs', t);

  const tempo = tempoOf(events);
  const at = (e: SwingEventAt) => ({ frame: e.frame, timeSec: Math.round(e.timeSec * 1000) / 1000 });
  const summary: Omit<PoseSummary, 'keyframes' | 'poseUrl'> = {
    view: viewInfo.view,
    viewMatchesSlot: viewInfo.view === input.slot,
    handedness,
    fps: playback.fps,
    frameCount,
    personFoundRatio: basics.personFoundRatio,
    multipleSwings: events.multipleSwings,
    events: { takeaway: at(events.takeaway), address: at(events.address), top: at(events.top), impact: at(events.impact), finish: at(events.finish) },
    tempo,
    metrics,
    models: { search: 'pose_landmarker_lite', measure: `pose_landmarker_${MEASURE_MODEL[viewInfo.view]}` },
  };
  const poseTrack = buildPoseTrack(fillTrack(search.analysed, stride, frameCount), playback.fps / stride, playback.width, playback.height);
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
    analysedFps: playback.fps / stride,
    searchSize,
    measureSize,
    measureFramesFrom: written ? 'transcode' : 'playback',
    measuredFrames: measureIndices.length * 2, // each read directly and mirrored
    topReadingsSetAside,
    topReadings: topReadingDetails,
    refinedFrames: search.fineFrames,
    timings,
  };
  return {
    ok: true,
    summary,
    keyframes,
    poseTrack,
    fields: { technicalDetails },
  };
}
