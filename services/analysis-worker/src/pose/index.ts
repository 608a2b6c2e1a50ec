/*
 * The pose stage of an analysis: finds the golfer and the swing with the fast model over the whole clip,
 * measures the body with a larger model through the backswing, and draws the key frames.
 * See ARCHITECTURE section 8. CPU work runs in worker threads (runtime/pool.ts).
 */
import type { CameraView, PoseSummary } from '@swingfit/contracts';
import { addressWindow, readAddress, type AddressRead } from './address.js';
import { cameraOffsetAt, cameraSummary, steadyPose, type CameraPath } from './camera.js';
import { tempoOf, type NoSwingSign, type SwingEventAt, type SwingEvents } from './events.js';
import { pictureBox } from './picture.js';
import { golferPicture, otherSide, pictureOn, splitScreenOf, type Side, type SplitScreen } from './split.js';
import { SMALL_GOLFER_SHARE, cropAround, cropFrame, cropPose, golferHeight, keyFrameCrop, scaleBox, swingBox, uncropPose, type PixelBox } from './crop.js';
import { MAX_CROWD_SHARE, blankOut, bodyBox, boxHeight, boxInCrop, crowdChecks, crowdVerdict, isAmbiguous, isSomeoneElse, someoneToHide, type Box, type CrowdCheck, type CrowdVerdict } from './crowd.js';
import { READING_VIEWS } from './flip.js';
import { MEASURE_LONG_SIDE, SEARCH_LONG_SIDE, decodeFrames, readFrameFile, scaledSize, streamFrameFile, type FrameFile, type FrameSize } from './frames.js';
import type { Pose } from './landmarks.js';
import { measurePlan, measureSwing, planFrames, type Measured } from './measure.js';
import { WITHHELD_TEXT, computeMetrics, turnCurve, turnReadings, withheldBody, type EventPoses } from './metrics.js';
import { isNet, netInPicture, type NetReading } from './net.js';
import { bodyLight, type BodyLight } from './exposure.js';
import { buildPoseTrack, renderKeyFrame } from './overlay.js';
import { copyFrame, runChunk, type PassFrame } from './passes.js';
import type { PoseStageInput as PipelinePoseStageInput, PoseStageOutput as PipelinePoseStageOutput } from '../pipeline/stages.js';
import { LOCATE_SAMPLES, SQUARE_SEARCH_SHARE, golferSquare, squareSearchSide, tileGrid } from './locate.js';
import { fillTrack, searchSwing, type SearchResult } from './search.js';
import type { ModelVariant } from './runtime/landmarker.js';
import { measureWorkers, sharedPosePool, type PosePool } from './runtime/pool.js';
import type { RawFrame } from './runtime/protocol.js';
import { detectHandedness, detectView } from './view.js';

export { closePosePool, measureWorkers, sharedPosePool, PosePool } from './runtime/pool.js';

export const POSE_FAILURE_REASONS = {
  noPerson: 'No golfer was found in the video. Film the whole body in good light, with the golfer filling most of the frame height.',
  severalPeople: "More than one person was found in the video, and the golfer's swing could not be told from theirs. Film the golfer in the middle of the picture, with nobody else swinging beside them.",
  noSwing: 'No golf swing was detected in the video. Make sure the clip shows one full swing, from address to finish.',
  startsLate: 'The video starts after the swing had begun, so there is no address to measure from. Start filming before the golfer sets up over the ball, and keep filming until the finish.',
  endsEarly: 'The video stops before the ball was hit. Keep filming until the golfer holds the finish.',
  partSwing: 'The swing in the video is too short to measure: the hands never rose to the top of a full swing, as in a chip or a pitch. Film one full swing with a driver or a 7-iron, from address to finish.',
} as const;

/** Share of analysed frames that must show the golfer. */
export const MIN_PERSON_RATIO = 0.5;
const CROWD_SAMPLES = 10;
const EVENT_NAMES = ['takeaway', 'address', 'top', 'impact', 'finish'] as const;
/**
 * The measure model, both views. Through the backswing on the shared clips the full model's readings of
 * a frame and of its mirror image agreed far better than the heavy model's (down the line, shoulder turn
 * at the top: 86/73, 80/81, 81/69 against the heavy model's 71/49, 79/48, 88/36), and it is ~4× cheaper,
 * which is what lets the stage read the whole backswing instead of three frames. Face-on (stop 33) the
 * heavy model follows the lead shoulder further once the lead arm is up in front of it (tour pro A's
 * views 13° apart -> 9.7, B's 10.7 -> 5.5), but on the small HEVC clip its copies read 11-20° from the
 * original, and it takes the 10 s 1080p60 benchmark to 21.3 s and 1472 MB against 15 s and 1.2 GB.
 */
const MEASURE_MODEL: ModelVariant = 'full';

type KeyFrameName = 'address' | 'top' | 'impact' | 'finish';
const KEY_NAMES: KeyFrameName[] = ['address', 'top', 'impact', 'finish'];

/** The pipeline's contract (src/pipeline/stages.ts), plus the pool to run on. */
export interface PoseStageInput extends PipelinePoseStageInput {
  /** Defaults to the process-wide pool (POSE_PROCESSES workers). */
  pool?: PosePool;
  /** Benchmarks only: receives the search track and the measured poses, to replay the rules offline. */
  inspect?: (seen: PoseStageInspection) => void;
  /**
   * Someone else's place (normalised to the picture), filled grey in every frame the pose model reads:
   * set by the stage itself when it reads a clip again without a golfer swinging in the next bay
   * (crowd.ts someoneToHide). The key frames and the playback keep the whole picture.
   */
  hide?: Box;
  /**
   * Set by the stage when it reads a split screen's other picture (`hide` covering the one read first):
   * the side of the seam now read.
   */
  sideBySide?: Side;
}

/** What the stage saw, for benchmarks that replay the event and turn rules without the model. */
export interface PoseStageInspection {
  search: SearchResult;
  searchSize: FrameSize;
  fps: number;
  measured: Measured;
  measureSize: FrameSize;
  view: CameraView;
  handedness: 'right' | 'left';
  /** The search's address, the one read again on the measure model and the trunk's set-up (null where that failed). */
  address: { search: SwingEventAt; measure: SwingEventAt | null; setUpFrame: number | null };
}

type PipelineResult = Extract<PipelinePoseStageOutput, { ok: true }>;

/** The pipeline's result, with the technical details this stage always fills. */
export type PoseStageResult =
  | (Omit<PipelineResult, 'fields'> & { fields: { technicalDetails: Record<string, unknown> } })
  | { ok: false; reason: string; technicalDetails?: Record<string, unknown> };

/** A normalised box to three decimals (about a pixel of a 1080p picture), for the technical details. */
const roundBox = (b: Box): Box => ({ left: Math.round(b.left * 1000) / 1000, top: Math.round(b.top * 1000) / 1000, right: Math.round(b.right * 1000) / 1000, bottom: Math.round(b.bottom * 1000) / 1000 });
/** The pool slot that looks for other people (lite model). */
const crowdWorker = (pool: PosePool): number => (pool.size - 1) % pool.size;
/** Pool slots for a frame's readings: a picture's and its mirror image's side by side where there are two. */
const measureSlots = (pool: PosePool): [number, number] => [0, 1 % measureWorkers(pool)];

/**
 * Every tracking model the stage uses, on every worker that runs it, as one that has read no frames
 * (`fresh`: loaded where missing, replaced where an analysis used it), so that each analysis's figures
 * depend on its own video alone (a re-upload of the same clip reads the same).
 */
function trackingModels(pool: PosePool): Promise<unknown>[] {
  const load = (variant: ModelVariant, worker: number) => pool.run({ variant, numPoses: 1, video: true, frames: [], worker, fresh: true });
  return [
    ...Array.from({ length: pool.size }, (_, worker) => load('lite', worker)),
    ...Array.from({ length: measureWorkers(pool) }, (_, worker) => load(MEASURE_MODEL, worker)),
  ];
}

/**
 * Settles when every worker holds unused tracking models: at the worker's start, and again as each
 * analysis ends (runPoseStage), so the next analysis's models load while the worker waits for the upload
 * rather than in its first seconds (on 2 cores, loading all four took 1-2 s of every analysis).
 */
export async function warmPosePool(pool: PosePool = sharedPosePool()): Promise<void> {
  await Promise.all(trackingModels(pool));
}

/**
 * Looks again at frames with the golfer blanked out (crowd.ts): the share showing someone else, and whether they swing.
 * One call per frame on the search's own tracking model: every call starts afresh, so each frame is a
 * fresh detection, and no third model instance (~100 MB) is kept for it.
 */
async function countCrowd(pool: PosePool, checks: CrowdCheck[], signal?: AbortSignal): Promise<CrowdCount> {
  const options = { variant: 'lite', numPoses: 1, video: true, signal, worker: crowdWorker(pool) } as const;
  const found = (await Promise.all(checks.map((c) => runChunk(pool, [c.frame], options)))).flat();
  const other = new Map(found.map((f) => [f.index, f.pose]));
  return { ...crowdVerdict(checks, (frame) => other.get(frame) ?? null), otherAt: (frame) => other.get(frame) ?? null };
}

/** The crowd check's verdict, and whom it found in each checked frame. */
type CrowdCount = CrowdVerdict & { otherAt: (frame: number) => Pose | null };

/**
 * Where to hide someone swinging beside the golfer before the clip is read again (crowd.ts
 * someoneToHide), from the frames where both were seen; null when that cannot settle whose swing it is,
 * or when this already is the second reading.
 */
function hideFor(input: PoseStageInput, checks: CrowdCheck[], crowd: CrowdCount, trackedAt: (frame: number) => Pose | null): Box | null {
  if (input.hide) return null;
  const seen = checks.flatMap((c) => {
    const [tracked, other] = [trackedAt(c.frame.index), crowd.otherAt(c.frame.index)];
    return tracked && other && isSomeoneElse(other, c.golfer) ? [{ tracked, other }] : [];
  });
  return someoneToHide(seen, input.width, input.height);
}

/** The frames with `input.hide` filled grey; `crop` (pixels of a `width`×`height` picture) where they are a crop of it. */
function hiddenIn<F extends RawFrame>(input: PoseStageInput, frames: F[], crop?: PixelBox, width = 1, height = 1): F[] {
  const hide = input.hide;
  if (!hide) return frames;
  const box = crop ? boxInCrop(hide, crop, width, height) : hide;
  return frames.map((f) => blankOut(f, box) as F);
}

/** The search's frames, as they arrive, with `input.hide` filled grey. */
async function* hiddenStream(input: PoseStageInput, frames: AsyncIterable<RawFrame> | Iterable<RawFrame>): AsyncIterable<RawFrame> {
  for await (const frame of frames) yield hiddenIn(input, [frame])[0]!;
}

/** The frames the measure pass reads (pixels from before the encode when the transcode wrote them). */
interface MeasureSource {
  size: FrameSize;
  from: 'transcode' | 'playback';
  /** For the pose model: `input.hide`, where set, filled grey. */
  read: (indices: number[], crop?: PixelBox) => Promise<RawFrame[]>;
  /** The whole picture, for the key frames. */
  readPlain: (indices: number[]) => Promise<RawFrame[]>;
  /** The `crop` box (in `size` pixels) of these frames, read from the sharper playback video when it is. */
  readDetail: (indices: number[], crop: PixelBox) => Promise<RawFrame[]>;
  /** A box in `size` pixels as the playback video's own pixels (for ffmpeg's crop). */
  inPlayback: (box: PixelBox) => PixelBox;
}

/**
 * The measure model's input: a 256-pixel square. A crop of the measure frames smaller than this is read
 * from the sharper playback video instead (a fifth-height golfer is about 70 pixels tall in the measure
 * frames, up to twice that in the playback video): there the playback adds detail the model can use.
 * A larger crop is shrunk to the model's input anyway, and only the playback's compression would be added.
 */
const MODEL_INPUT_SIDE = 256;
/** A detailed crop is read at up to this many pixels a side. */
const DETAIL_LONG_SIDE = 384;

function measureSource(input: PoseStageInput, playback: { fps: number; width: number; height: number }): MeasureSource {
  const fits = (file: FrameFile | undefined): file is FrameFile =>
    file !== undefined && Math.abs(file.size.width / file.size.height - playback.width / playback.height) < 0.02;
  const written = fits(input.measureFrames) ? input.measureFrames : undefined;
  const size = written?.size ?? scaledSize(playback.width, playback.height, MEASURE_LONG_SIDE);
  const cropped = (frames: RawFrame[], crop?: PixelBox) => (crop ? frames.map((f) => cropFrame(f, crop)) : frames);
  const readPlain = (indices: number[], crop?: PixelBox): Promise<RawFrame[]> => written
    ? readFrameFile(written, playback.fps, indices, crop)
    : decodeFrames({ videoPath: input.videoPath, size, fps: playback.fps, indices, signal: input.signal }).then((frames) => cropped(frames, crop));
  const read: MeasureSource['read'] = async (indices, crop) => hiddenIn(input, await readPlain(indices, crop), crop, size.width, size.height);
  const sharper = playback.width / size.width;
  const inPlayback = (box: PixelBox) => scaleBox(box, sharper);
  const readDetail: MeasureSource['readDetail'] = async (indices, crop) => {
    if (sharper < 1.25 || Math.max(crop.width, crop.height) >= MODEL_INPUT_SIDE) return read(indices, crop);
    const box = inPlayback(crop);
    const out = box.width > DETAIL_LONG_SIDE || box.height > DETAIL_LONG_SIDE ? scaledSize(box.width, box.height, DETAIL_LONG_SIDE) : { width: box.width, height: box.height };
    return hiddenIn(input, await decodeFrames({ videoPath: input.videoPath, size: out, fps: playback.fps, indices, crop: box, signal: input.signal }), crop, size.width, size.height);
  };
  return { size, from: written ? 'transcode' : 'playback', read, readPlain, readDetail, inPlayback };
}

/**
 * The crop around the golfer's whole swing in the measure frames, for a golfer small in the frame
 * (SMALL_GOLFER_SHARE): the measure model then finds and follows a body that fills its input; null for
 * everyone else. The box holds the whole clip's poses. Tried (stop 24): only the frames the measure pass
 * reads, so a wandering phone would not widen it; copies within 5° went from 14 to 16 pairs of 21, but
 * Morikawa's face-on shoulders fell 2° and his two views came 10.4° apart (target 10).
 */
function smallGolferCrop(analysed: PassFrame[], searchSize: FrameSize, measureSize: FrameSize): PixelBox | null {
  const poses = analysed.flatMap((f) => f.pose ?? []);
  if (poses.length === 0 || golferShare(poses, searchSize) >= SMALL_GOLFER_SHARE) return null;
  const box = swingBox(poses);
  return box ? cropAround(box, golferHeight(poses), measureSize.width, measureSize.height) : null;
}

/** The golfer's height (crop.golferHeight) in `poses` as a share of the frame's long side; 0 for no poses. */
function golferShare(poses: Pose[], searchSize: FrameSize): number {
  return poses.length ? (golferHeight(poses) * searchSize.height) / Math.max(searchSize.width, searchSize.height) : 0;
}

export async function runPoseStage(input: PoseStageInput): Promise<PoseStageResult> {
  const pool = input.pool ?? sharedPosePool();
  try {
    const first = await findAndMeasure(input, pool);
    return (await readOtherPicture(input, pool, first)) ?? first;
  } finally {
    // Not awaited: the job goes on to its write-up while the workers load the next analysis's models.
    void warmPosePool(pool).catch(() => undefined);
  }
}

/**
 * A split screen whose picture read first is not of the view the video was uploaded as: the other picture
 * read instead (the first one hidden), and kept when its view is the upload's. Null otherwise.
 */
async function readOtherPicture(input: PoseStageInput, pool: PosePool, first: PoseStageResult): Promise<PoseStageResult | null> {
  if (!first.ok || first.summary.viewMatchesSlot || input.hide) return null;
  const split = first.fields.technicalDetails.splitScreen as SplitScreen | undefined;
  if (!split) return null;
  const other = await findAndMeasure({ ...input, hide: pictureOn(split.golferSide, split.seam), sideBySide: otherSide(split.golferSide) }, pool);
  return other.ok && other.summary.viewMatchesSlot ? other : null;
}

async function findAndMeasure(input: PoseStageInput, pool: PosePool): Promise<PoseStageResult> {
  const started = performance.now();
  const timings: Record<string, number> = {};
  const lap = (name: string, since: number) => {
    timings[name] = Math.round(performance.now() - since);
    return performance.now();
  };
  // Queued ahead of the search's calls on each worker, so every call of this analysis meets unused
  // models: a no-op where the last analysis's end (runPoseStage) has already replaced them.
  // Not awaited: a model that fails to start fails the first call that needs it, with its error.
  void Promise.allSettled(trackingModels(pool));
  const stride = Math.max(1, Math.round(input.fps / 30));
  // Frames from the transcode are used when their shape matches the playback video (rounding aside).
  const given = input.searchFrames;
  const usable = given !== undefined && Math.abs(given.size.width / given.size.height - input.width / input.height) < 0.02;
  const searchSize = usable ? given.size : scaledSize(input.width, input.height, SEARCH_LONG_SIDE);
  const playbackWritten = input.playback ?? Promise.resolve({ fps: input.fps, width: input.width, height: input.height });

  let t = performance.now();
  const frames = hiddenStream(input, usable
    ? streamFrameFile(given, input.fps, stride, playbackWritten, input.signal)
    : await playbackWritten.then(() => decodeFrames({ videoPath: input.videoPath, size: searchSize, fps: input.fps, stride, signal: input.signal })));
  let search = await searchSwing({ pool, frames, fps: input.fps, stride, width: searchSize.width, height: searchSize.height, signal: input.signal }, MIN_PERSON_RATIO);
  t = lap(usable ? 'searchMs' : 'decodeAndSearchMs', t);
  Object.assign(timings, search.timings);

  // From here on the playback's frames are read, so it must be complete; its own facts replace the forecast.
  const playback = await playbackWritten;
  t = lap('waitForTranscodeMs', t);
  const source = measureSource(input, playback);
  if (search.personFoundRatio < MIN_PERSON_RATIO || !search.events || golferShare(search.analysed.flatMap((f) => f.pose ?? []), searchSize) < SQUARE_SEARCH_SHARE) {
    // Perhaps a golfer too small for the whole-frame search: too small for its detector (looked for tile
    // by tile), or found but too few pixels tall for a swing to be read from (where they stand is known).
    const ctx = { input, pool, source, playback, stride, lastFrame: search.lastFrame };
    const square = search.personFoundRatio < MIN_PERSON_RATIO
      ? await locateOnTiles(ctx)
      : golferSquare(search.analysed.map((f) => (f.pose ? [f.pose] : [])), source.size.width, source.size.height);
    const closer = square ? await searchOnSquare(ctx, square) : null;
    t = lap('locateAndSearchMs', t);
    if (closer && (closer.events || search.personFoundRatio < MIN_PERSON_RATIO)) search = closer;
  }
  const basics = { personFoundRatio: Math.round(search.personFoundRatio * 1000) / 1000, analysedFrames: search.analysed.length, stride, timings };
  if (search.personFoundRatio < MIN_PERSON_RATIO) return { ok: false, reason: POSE_FAILURE_REASONS.noPerson, technicalDetails: basics };
  // A golfer far from the camera is measured on a crop around the swing. (A swing the whole-frame search
  // reads on a golfer of SQUARE_SEARCH_SHARE or more is not searched again on a square: tried on the
  // shared clips' smallest golfer (0.29 of the long side), its impact came 2 frames early on every copy,
  // its events no nearer their labels and its turns no closer together.)
  const crop = smallGolferCrop(search.analysed, searchSize, source.size);
  const found = search.analysed;
  const nearestSearchPose = nearestPoseFinder(found, stride);
  if (!search.events) {
    // Two people moving about can hide a swing: say which problem it is. Here whether the other one
    // swings is not asked: the search may have followed the one standing still, and ten frames spread
    // over the whole clip seldom catch the other's hands at the top.
    const sample = await source.read(spread(0, search.lastFrame, stride, search.lastFrame));
    const checks = crowdChecks(sample, nearestSearchPose);
    const crowd = await countCrowd(pool, checks, input.signal);
    lap('crowdCheckMs', t);
    const hide = crowd.share > MAX_CROWD_SHARE ? hideFor(input, checks, crowd, nearestSearchPose) : null;
    if (hide) return findAndMeasure({ ...input, hide }, pool);
    const reason = crowd.share > MAX_CROWD_SHARE ? POSE_FAILURE_REASONS.severalPeople : noSwingReason(search.noSwingSign);
    return { ok: false, reason, technicalDetails: { ...basics, crowdShare: crowd.share, crowdSwinging: crowd.swinging } };
  }
  return measureAndReport({ input, pool, search, events: search.events, playback, source, crop, searchSize, stride, basics, started, timings, t, nearestSearchPose });
}

/** The golfer's reason for a clip with no whole swing: where it was cut, or that the swing was short, when the hands show it. */
const NO_SWING_REASONS: Record<NoSwingSign, string> = {
  'starts-late': POSE_FAILURE_REASONS.startsLate,
  'ends-early': POSE_FAILURE_REASONS.endsEarly,
  'part-swing': POSE_FAILURE_REASONS.partSwing,
};
function noSwingReason(sign: NoSwingSign | null | undefined): string {
  return sign ? NO_SWING_REASONS[sign] : POSE_FAILURE_REASONS.noSwing;
}

interface LocateContext {
  input: PoseStageInput;
  pool: PosePool;
  source: MeasureSource;
  playback: { fps: number; width: number; height: number };
  stride: number;
  lastFrame: number;
}

/** Where a golfer too small for the whole frame's detector stands, from tiles of a few frames (locate.ts). */
async function locateOnTiles(ctx: LocateContext): Promise<PixelBox | null> {
  const { input, pool, source, stride } = ctx;
  // Every other one of the crowd check's spread frames, from the start (0, 0.2, 0.4, 0.6 of the clip).
  // Which frames locate the golfer moves the square, and a far golfer's turns with it: at quarters of
  // the clip instead, bench:robustness's far golfers read 5-9° lower shoulders.
  const spreadOut = spread(0, ctx.lastFrame, stride, ctx.lastFrame);
  const every = Math.max(1, Math.floor(spreadOut.length / LOCATE_SAMPLES));
  const samples = await source.read(spreadOut.filter((_, i) => i % every === 0).slice(0, LOCATE_SAMPLES));
  const tiles = tileGrid(source.size.width, source.size.height);
  const still = { variant: 'lite', numPoses: 1, video: false, signal: input.signal } as const;
  const found = await Promise.all(samples.map(async (frame) => {
    const onTiles = await runChunk(pool, tiles.map((tile, i) => ({ ...cropFrame(frame, tile), index: i })), still);
    return onTiles.flatMap((f) => (f.pose ? [uncropPose(f.pose, tiles[f.index]!, source.size.width, source.size.height)] : []));
  }));
  return golferSquare(found, source.size.width, source.size.height);
}

/** The swing searched again on `square` (measure-frame pixels), its poses put back in the whole frame's coordinates. */
async function searchOnSquare(ctx: LocateContext, square: PixelBox): Promise<SearchResult> {
  const { input, pool, source, playback, stride } = ctx;
  const box = source.inPlayback(square);
  const side = squareSearchSide(Math.floor(ctx.lastFrame / stride) + 1);
  const size = scaledSize(box.width, box.height, side);
  const frames = hiddenIn(input, await decodeFrames({ videoPath: input.videoPath, size, fps: input.fps, stride, crop: box, signal: input.signal }), box, playback.width, playback.height);
  const search = await searchSwing({ pool, frames, fps: input.fps, stride, width: size.width, height: size.height, signal: input.signal }, MIN_PERSON_RATIO);
  const whole = (pose: Pose | null) => (pose ? uncropPose(pose, box, playback.width, playback.height) : null);
  // The camera's path was read in the square: as fractions of the whole picture, like the poses.
  const camera = { ...search.camera, x: search.camera.x.map((x) => (x * box.width) / playback.width), y: search.camera.y.map((y) => (y * box.height) / playback.height) };
  return { ...search, camera, analysed: search.analysed.map((f) => ({ ...f, pose: whole(f.pose) })) };
}

/** Up to CROWD_SAMPLES analysed frames spread evenly over [from, to]. */
function spread(from: number, to: number, stride: number, lastFrame: number): number[] {
  const first = Math.ceil(Math.max(0, from) / stride);
  const count = Math.floor(Math.min(lastFrame, to) / stride) - first + 1;
  const n = Math.min(CROWD_SAMPLES, Math.max(0, count));
  return [...new Set(Array.from({ length: n }, (_, i) => (first + Math.floor((i * count) / n)) * stride))];
}

function nearestPoseFinder(analysed: PassFrame[], stride: number): (frame: number) => Pose | null {
  const byFrame = new Map(analysed.map((f) => [f.index, f.pose]));
  return (frame) => {
    for (let d = 0; d <= 3 * stride; d++) {
      const p = byFrame.get(frame - d) ?? byFrame.get(frame + d);
      if (p) return p;
    }
    return null;
  };
}

interface ReportContext {
  input: PoseStageInput;
  pool: PosePool;
  search: SearchResult;
  events: SwingEvents;
  playback: { fps: number; width: number; height: number };
  source: MeasureSource;
  crop: PixelBox | null;
  searchSize: FrameSize;
  stride: number;
  basics: { personFoundRatio: number; analysedFrames: number; stride: number; timings: Record<string, number> };
  started: number;
  timings: Record<string, number>;
  t: number;
  nearestSearchPose: (frame: number) => Pose | null;
}

async function measureAndReport(c: ReportContext): Promise<PoseStageResult> {
  const { input, pool, playback, source, stride, timings } = c;
  const lap = (name: string, since: number) => {
    timings[name] = Math.round(performance.now() - since);
    return performance.now();
  };
  const lastFrame = c.search.lastFrame;
  // Times from the playback's own frame rate (the search ran on the forecast one; they agree for constant-rate video).
  const retime = (e: SwingEventAt): SwingEventAt => ({ frame: e.frame, timeSec: e.frame / playback.fps });
  const searched = { ...c.events, ...Object.fromEntries(EVENT_NAMES.map((name) => [name, retime(c.events[name])])) } as SwingEvents;
  let t = c.t;
  const { read, light } = await readAddressAgain(c, searched);
  const address = read?.address ?? null;
  t = lap('addressMs', t);
  const events = address ? { ...searched, address, takeaway: takeawayAfter(address, searched, c.stride, playback.fps) } : searched;
  // View and hand from the search's own poses around its own address.
  const addressSearchPoses = [-2, -1, 0].flatMap((o) => c.nearestSearchPose(Math.max(0, searched.address.frame + o * stride)) ?? []);
  const viewInfo = detectView(addressSearchPoses, c.searchSize.width, c.searchSize.height);
  const view: CameraView = viewInfo.view;
  const addressPose = c.nearestSearchPose(searched.address.frame);
  const topPose = c.nearestSearchPose(events.top.frame);
  const handedness = addressPose && topPose ? detectHandedness(view, addressPose, topPose, c.searchSize.width, c.searchSize.height) : 'right';

  const plan = measurePlan({ ...events, setUpFrame: read?.setUpFrame }, stride, lastFrame, view === 'down-the-line');
  const measureIndices = planFrames(plan);
  // People are counted during the swing itself, so one short stretch of frames serves everything.
  const crowdIndices = spread(events.address.frame - Math.round(playback.fps / 2), events.finish.frame, stride, lastFrame);
  // A clip that stops in the follow-through has no finish to show: its last look is not one.
  const keyNames = events.endsBeforeFinish ? KEY_NAMES.filter((name) => name !== 'finish') : KEY_NAMES;
  const keyIndices = keyNames.map((name) => events[name].frame);
  const large = await source.read([...new Set([...crowdIndices, ...keyIndices, ...(c.crop ? [] : measureIndices)])].sort((a, b) => a - b));
  const measureFrames = c.crop ? await source.readDetail(measureIndices, c.crop) : large.filter((f) => measureIndices.includes(f.index));
  t = lap('measureDecodeMs', t);
  const { width, height } = source.size;
  const crop = c.crop;
  // The key frames show the whole picture, whether or not someone is hidden from the pose model.
  const keySource = input.hide ? await source.readPlain(keyIndices) : large;
  const keyFrames = new Map(keyNames.flatMap((name) => {
    const frame = keySource.find((f) => f.index === events[name].frame);
    return frame ? [[name, copyFrame(frame)] as const] : [];
  }));
  const crowdFrames = large.filter((f) => crowdIndices.includes(f.index));
  const crowd = crowdChecks(crowdFrames, c.nearestSearchPose);
  const measuring = Promise.all([
    measureSwing({
      pool, variant: MEASURE_MODEL, plan, frames: new Map(measureFrames.map((f) => [f.index, f])), width, height, fps: playback.fps, signal: input.signal,
      toFrame: crop ? (pose) => uncropPose(pose, crop, width, height) : (pose) => pose, workers: measureSlots(pool),
    }),
    countCrowd(pool, crowd, input.signal),
  ]);
  // A net is read on this thread while the pose model reads the frames on the pool's (each gets its own
  // copies, flip.ts showFrames); the crowd frames span the swing from before the address to the finish.
  // The person masks it may ask for are the measure model's, whose outline is the finer.
  const netStarted = performance.now();
  const personMasks = async () => (await runChunk(pool, crowdFrames.map(copyFrame), { variant: MEASURE_MODEL, numPoses: 1, video: false, masks: true, signal: input.signal })).map((f) => f.mask ?? null);
  const netRead = netInPicture(crowdFrames, personMasks).finally(() => (timings.netMs = Math.round(performance.now() - netStarted)));
  const [net, [measured, crowdFound]] = await Promise.all([netRead, measuring]);
  t = lap('measureMs', t);
  if (isAmbiguous(crowdFound)) {
    const hide = hideFor(input, crowd, crowdFound, c.nearestSearchPose);
    if (hide) return findAndMeasure({ ...input, hide }, pool);
    return { ok: false, reason: POSE_FAILURE_REASONS.severalPeople, technicalDetails: { ...c.basics, crowdShare: crowdFound.share, crowdSwinging: crowdFound.swinging } };
  }
  input.inspect?.({ search: c.search, searchSize: c.searchSize, fps: playback.fps, measured, measureSize: source.size, view, handedness, address: { search: searched.address, measure: address, setUpFrame: read?.setUpFrame ?? null } });
  const metricContext = { view, handedness, width, height };
  const bodyFigures = computeMetrics(steadied(measured, plan.address, c.search.camera, playback.fps), metricContext);
  const hidden = bodyHiddenBy(net, light);
  const metrics = hidden ? withheldBody(bodyFigures, WITHHELD_TEXT[hidden]) : bodyFigures;

  // Key frames cut around the golfer, each centred on its own pose, all four the same size.
  const keyPoses = new Map([...keyFrames.values()].map((f) => [f.index, measured.fused.get(f.index) ?? c.nearestSearchPose(f.index)] as const));
  const tallest = Math.max(0, ...[...keyPoses.values()].flatMap((p) => (p ? [boxHeight(bodyBox(p))] : [])));
  // Inside the picture: a clip's black bars are cut away even where the golfer fills the picture, and
  // of a split screen only the golfer's own picture is shown.
  const split = splitScreenOf([...keyFrames.values()], [...keyPoses.values()]);
  const whole = pictureBox([...keyFrames.values()]);
  const picture = split ? golferPicture(whole, split, width) : whole;
  const bars = picture.width < width || picture.height < height ? picture : null;
  const keyframes: Partial<Record<KeyFrameName, Buffer>> = {};
  for (const [name, frame] of keyFrames) {
    const pose = keyPoses.get(frame.index) ?? null;
    keyframes[name] = await renderKeyFrame(frame, pose, (pose ? keyFrameCrop(pose, tallest, width, height, picture) : null) ?? bars);
  }
  lap('keyframesMs', t);
  return report(c, { net, light, hidden, events, addressRead: { search: searched.address.frame, measure: address?.frame ?? null, setUp: read?.setUpFrame ?? null }, view, handedness, viewInfo, measured, metrics, plan: measureIndices, crowd: crowdFound, keyframes, measureSize: source.size, split });
}

/**
 * The measured poses as a still camera would have seen them (camera.ts): sideways sway is read from
 * where the body is in the picture, and a hand-held phone's drift would read as the golfer's.
 * Turns and posture are read from lengths and angles within one picture, which a camera's shift keeps.
 */
function steadied(measured: Measured, addressFrames: number[], camera: CameraPath, fps: number): EventPoses {
  const steady = (frame: number, pose: Pose) => steadyPose(pose, cameraOffsetAt(camera, frame));
  return {
    address: addressFrames.flatMap((i) => {
      const pose = measured.fused.get(i);
      return pose ? [steady(i, pose)] : [];
    }),
    backswing: measured.backswing.map((f) => {
      const frame = Math.round(f.timeSec * fps);
      return { ...f, pose: steady(frame, f.pose), readings: f.readings.map((r) => steady(frame, r)) };
    }),
    impact: measured.impact,
  };
}

/**
 * What hides the body from its figures, if anything: a net's strands in front of it (net.ts) or a dark
 * outline filmed against the light (exposure.ts). Only the timing stands then. Named as the summary's
 * flag and the withheld figures' reason are.
 */
function bodyHiddenBy(net: NetReading, light: BodyLight): 'throughNet' | 'againstTheLight' | null {
  return isNet(net) ? 'throughNet' : light.outline ? 'againstTheLight' : null;
}

/**
 * The address read again on the measure model's hands, with the trunk's set-up (address.ts), or null to
 * keep the search's; and how the golfer is lit there (exposure.ts), on the same frames around the address.
 */
async function readAddressAgain(c: ReportContext, events: SwingEvents): Promise<{ read: AddressRead | null; light: BodyLight }> {
  const { input, pool, source, playback, crop } = c;
  const indices = addressWindow(events, playback.fps, c.search.lastFrame);
  const frames = crop ? await source.readDetail(indices, crop) : await source.read(indices);
  const { width, height } = source.size;
  const standing = c.nearestSearchPose(events.address.frame);
  const light = bodyLight(frames.slice(0, LIGHT_FRAMES), standing && crop ? cropPose(standing, crop, width, height) : standing);
  const read = await readAddress({
    pool, variant: MEASURE_MODEL, frames, width, height, fps: playback.fps, timeScale: events.timeScale, workers: measureSlots(pool), camera: c.search.camera, signal: input.signal,
    toFrame: crop ? (pose) => uncropPose(pose, crop, width, height) : (pose) => pose,
  });
  return { read: read && read.address.frame < events.top.frame ? read : null, light };
}

/** The first frames of the address window, where the golfer still stands at address, read for the light on the body. */
const LIGHT_FRAMES = 5;

/** The takeaway: the next analysed frame after the address (the top at the latest). */
function takeawayAfter(address: SwingEventAt, events: SwingEvents, stride: number, fps: number): SwingEventAt {
  const frame = Math.min(address.frame + stride, events.top.frame);
  return { frame, timeSec: frame / fps };
}

interface ReportParts {
  /** A hitting net between the lens and the golfer (net.ts), read for every swing. */
  net: NetReading;
  /** How the golfer is lit at address (exposure.ts): a dark outline's body is not measured. */
  light: BodyLight;
  /** What hid the body from its figures (bodyHiddenBy), or null. */
  hidden: ReturnType<typeof bodyHiddenBy>;
  events: SwingEvents;
  /**
   * The address as the search dated it, as the measure model's hands did, and the trunk's set-up, the
   * frame before it where the trunk was turned least (setup.ts; null: not read).
   */
  addressRead: { search: number; measure: number | null; setUp: number | null };
  view: CameraView;
  handedness: 'right' | 'left';
  viewInfo: { shoulderRatio: number };
  measured: Measured;
  metrics: PoseSummary['metrics'];
  plan: number[];
  /** Someone else in the picture (crowd.ts); standing by, since the clip was not refused. */
  crowd: CrowdVerdict;
  keyframes: Partial<Record<KeyFrameName, Buffer>>;
  measureSize: FrameSize;
  /** Two pictures side by side (split.ts), and the side the golfer read stands on. */
  split: SplitScreen | null;
}

function report(c: ReportContext, p: ReportParts): PoseStageResult {
  const { events, view, handedness, metrics } = p;
  const tempo = tempoOf(events);
  const slowMotion = events.timeScale > 1 ? { factor: Math.round(events.timeScale * 10) / 10 } : undefined;
  const at = (e: SwingEventAt) => ({ frame: e.frame, timeSec: Math.round(e.timeSec * 1000) / 1000 });
  const frameCount = c.search.lastFrame + 1;
  const summary: Omit<PoseSummary, 'keyframes' | 'poseUrl'> = {
    view,
    viewMatchesSlot: view === c.input.slot,
    handedness,
    fps: c.playback.fps,
    frameCount,
    personFoundRatio: c.basics.personFoundRatio,
    multipleSwings: events.multipleSwings,
    ...(events.endsBeforeFinish ? { endsBeforeFinish: true } : {}),
    ...(c.input.sideBySide ? { sideBySide: { measured: c.input.sideBySide } } : c.input.hide ? { othersLeftOut: true } : {}),
    ...(p.hidden ? { [p.hidden]: true } : {}),
    events: { takeaway: at(events.takeaway), address: at(events.address), top: at(events.top), impact: at(events.impact), finish: at(events.finish) },
    tempo,
    ...(slowMotion ? { slowMotion } : {}),
    metrics,
    models: { search: 'pose_landmarker_lite', measure: `pose_landmarker_${MEASURE_MODEL}` },
  };
  const poseTrack = buildPoseTrack(fillTrack(c.search.analysed, c.stride, frameCount), c.playback.fps / c.stride, c.playback.width, c.playback.height);
  c.timings.totalMs = Math.round(performance.now() - c.started);
  const measured = { address: p.measured.address, backswing: p.measured.backswing, impact: [] };
  const turnContext = { view, handedness, ...p.measureSize };
  const curve = turnReadings(measured, turnContext);
  const evidence = (line: 'shoulders' | 'hips') => {
    const found = turnCurve(measured, turnContext, line);
    return found && { top: Math.round(found.value * 10) / 10, scatter: Math.round(found.scatter * 10) / 10, visibility: Math.round(found.visibility * 100) / 100, readable: Math.round(found.readable * 100) / 100 };
  };
  const technicalDetails: Record<string, unknown> = {
    view,
    viewMatchesSlot: summary.viewMatchesSlot,
    handedness,
    events: summary.events,
    tempo,
    ...(slowMotion ? { slowMotion } : {}),
    models: summary.models,
    personFoundRatio: summary.personFoundRatio,
    crowdShare: p.crowd.share,
    crowdSwinging: p.crowd.swinging,
    swingCount: events.swingCount,
    addressRead: p.addressRead,
    shoulderWidthRatio: Math.round(p.viewInfo.shoulderRatio * 100) / 100,
    analysedFps: c.playback.fps / c.stride,
    searchSize: c.searchSize,
    measureSize: p.measureSize,
    ...(c.crop ? { golferCrop: c.crop } : {}),
    // Someone swinging beside the golfer, hidden while the clip was read again (crowd.ts someoneToHide).
    ...(c.input.hide ? { hidden: roundBox(c.input.hide) } : {}),
    ...(p.split ? { splitScreen: p.split } : {}),
    net: p.net,
    bodyLight: p.light,
    measureFramesFrom: c.source.from,
    measuredFrames: p.plan.length * READING_VIEWS.length, // each read every way (flip.ts)
    // The turn read on each measured frame from address to the top: the curve the figures come from.
    turnCurve: { frames: p.measured.backswing.map((f) => Math.round(f.timeSec * c.playback.fps)), ...curve, evidence: { shoulders: evidence('shoulders'), hips: evidence('hips') } },
    refinedFrames: c.search.fineFrames,
    camera: cameraSummary(c.search.camera),
    timings: c.timings,
  };
  return { ok: true, summary, keyframes: p.keyframes, poseTrack, fields: { technicalDetails } };
}
