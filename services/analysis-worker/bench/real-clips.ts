/*
 * The shared real swings (../shared/fixtures, never in the repository) through the product's own path,
 * scored against their hand labels and against each other. Used by `pnpm bench:accuracy` (prints) and by
 * test/real-clips.test.ts (asserts the targets). There is no motion capture for any clip: the
 * truth for body turn is agreement (the same golfer from both views, a clip and its mirror image, a clip
 * and its re-encode or smaller copy) and the human ranges of tour players at the top of the backswing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withFaceOnLimits, type CameraView, type Metric, type PoseSummary } from '@swingfit/contracts';
import { DEFAULT_TOOLS } from '../src/media/ffmpeg.js';
import { probeVideo } from '../src/media/probe.js';
import { PLAYBACK_MAX_FPS, playbackSize, transcodeForPlayback } from '../src/media/transcode.js';
import { poseOutputsFor } from '../src/pipeline/video.js';
import { runPoseStage, type PoseStageInspection, type PoseStageResult } from '../src/pose/index.js';

type EventName = 'address' | 'top' | 'impact' | 'finish';
export const LABELLED_EVENTS: EventName[] = ['address', 'top', 'impact', 'finish'];
export const TURN_FIGURES = ['shoulderTurn', 'hipRotation', 'xFactor'] as const;
export type TurnFigure = (typeof TURN_FIGURES)[number];

export interface ClipLabel {
  file: string;
  golfer: string;
  club: string;
  view: CameraView;
  handedness: 'right' | 'left';
  codec: string;
  width: number;
  height: number;
  fps: number;
  frames: number;
  slowMotion: string | null;
  address: number | null;
  top: number | null;
  impact: number | null;
  finish: number | null;
  tolerance: Partial<Record<EventName, number>>;
  pairedWith: string | null;
}

/** Tour players at the top of the backswing (issue 16), degrees. */
export const TOUR_RANGES: Record<TurnFigure, [number, number]> = { shoulderTurn: [75, 120], hipRotation: [30, 65], xFactor: [20, 60] };
/** Agreement targets (issue 16), degrees. */
export const AGREEMENT = { views: 10, mirror: 5, copy: 5 } as const;
/** At most this share of the turn figures withheld on the shared clips. */
export const MAX_WITHHELD_SHARE = 0.1;

export function fixturesDir(): string {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  return process.env.SWINGFIT_FIXTURES ?? resolve(repoRoot, '../shared/fixtures');
}

/**
 * An ffmpeg filter graph for a second golfer swinging beside the filmed one, as on a range's next bay: the
 * `crop` (w:h:x:y) of another clip, scaled to `width` pixels wide where given, laid over the picture at
 * `at` (pixels) and starting `delaySec` later (its first frame held until then). Its output is `[out]`.
 */
export function nextBayGraph(neighbour: string, crop: string, at: [number, number], width?: number, delaySec = 0.6): string {
  const scale = width === undefined ? '' : `scale=${width}:-2,`;
  return `movie=${neighbour},crop=${crop},${scale}tpad=start_duration=${delaySec}:start_mode=clone,setpts=PTS-STARTPTS[p];[0:v:0][p]overlay=${at[0]}:${at[1]}:eof_action=repeat[out]`;
}

/**
 * An ffmpeg filter graph for a shorter backswing made of a real swing, at the real swing's tempo: the
 * backswing from the labelled `address` only up to frame `to`, played slower to take as long as the whole
 * backswing did (to the labelled top), then the same frames back to the ball in the time the real downswing
 * took (to the labelled impact), then the real follow-through. Every labelled event keeps its frame; the
 * top is `to`'s pose. A golfer whose turn stops early still swings at their own tempo. Output `[out]`.
 */
export function shortBackswingGraph(to: number, label: { address: number; top: number; impact: number }): string {
  const { address, top, impact } = label;
  const frames = to + 1 - address;
  return (
    `[0:v]split=4[a][b][c][d];[a]trim=end_frame=${address},setpts=PTS-STARTPTS[a1];` +
    `[b]trim=start_frame=${address}:end_frame=${to + 1},setpts=${(top + 1 - address) / frames}*(PTS-STARTPTS),fps=30[b1];` +
    `[c]trim=start_frame=${address}:end_frame=${to + 1},setpts=PTS-STARTPTS,reverse,setpts=${(impact - top) / frames}*PTS,fps=30[c1];` +
    `[d]trim=start_frame=${impact + 1},setpts=PTS-STARTPTS[d1];[a1][b1][c1][d1]concat=n=4:v=1[out]`
  );
}

/** The labelled clips with their absolute paths, or null when the shared fixtures are absent. */
export function loadLabels(dir = fixturesDir()): (ClipLabel & { path: string; name: string })[] | null {
  const file = join(dir, 'real', 'labels.json');
  if (!existsSync(file)) return null;
  const labels = JSON.parse(readFileSync(file, 'utf8')) as ClipLabel[];
  return labels
    .map((l) => ({ ...l, path: resolve(dir, 'real', l.file), name: l.file.replace(/^.*\//, '').replace(/\.[^.]+$/, '') }))
    .filter((l) => existsSync(l.path));
}

/** Variants of a clip: other pixels of the same swing. The mirror is a left-hander's swing. */
export const VARIANTS = {
  mirrored: ['-vf', 'hflip', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', '-pix_fmt', 'yuv420p'],
  reencoded: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
  scaled75: ['-vf', 'scale=trunc(iw*0.75/2)*2:trunc(ih*0.75/2)*2', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p'],
} as const;
export type VariantName = keyof typeof VARIANTS;

export function makeVariant(source: string, variant: VariantName, out: string): string {
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', source, '-map', '0:v:0', '-an', ...VARIANTS[variant], out]);
  return out;
}

/** Presentation time (s) of each decoded frame: labels are decoded frame numbers, events are times. */
export function frameTimes(file: string): number[] {
  const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  const times = out.split('\n').map((l) => Number.parseFloat(l)).filter(Number.isFinite);
  const first = times[0] ?? 0;
  return times.map((t) => t - first);
}

/** The product's path for one upload: probe, the playback transcode (which writes the frames), the pose stage. */
export async function analyseUpload(upload: string, slot: CameraView, workDir: string, inspect?: (seen: PoseStageInspection) => void): Promise<{ result: PoseStageResult; ms: number }> {
  mkdirSync(workDir, { recursive: true });
  const started = performance.now();
  const probe = await probeVideo(DEFAULT_TOOLS, upload);
  const outputs = poseOutputsFor(probe, workDir);
  const video = join(workDir, 'playback.mp4');
  await transcodeForPlayback(DEFAULT_TOOLS, upload, video, probe, outputs.transcode);
  const playback = await probeVideo(DEFAULT_TOOLS, video);
  const result = await runPoseStage({
    videoPath: video, slot, workDir, fps: playback.fps || Math.min(probe.fps, PLAYBACK_MAX_FPS), ...playbackSize(probe),
    ...(outputs.analysisFrames ? { searchFrames: outputs.analysisFrames } : {}),
    ...(outputs.measureFrames ? { measureFrames: outputs.measureFrames } : {}),
    ...(inspect ? { inspect } : {}),
  });
  return { result, ms: performance.now() - started };
}

export interface EventScore {
  name: EventName;
  label: number;
  found: number | null;
  /** Found minus labelled, in the clip's own frames (through time: a playback may retime frames). */
  error: number | null;
  tolerance: number;
  ok: boolean;
}

/** The hand a run should read: the label's, or the other one on the mirror image. */
export const expectedHand = (label: Pick<ClipLabel, 'handedness'>, mirrored: boolean): 'right' | 'left' =>
  mirrored ? (label.handedness === 'right' ? 'left' : 'right') : label.handedness;

/** A run read as labelled: the right view and hand, and every labelled event within its tolerance. */
export const readAsLabelled = (label: ClipLabel, mirrored: boolean, read: { view: string; handedness: string }, events: EventScore[]): boolean =>
  read.view === label.view && read.handedness === expectedHand(label, mirrored) && events.length > 0 && events.every((e) => e.ok);

export function scoreEvents(label: ClipLabel, summary: Omit<PoseSummary, 'keyframes' | 'poseUrl'>, times: number[]): EventScore[] {
  return LABELLED_EVENTS.flatMap((name) => {
    const frame = label[name];
    const tolerance = label.tolerance[name];
    if (frame === null || tolerance === undefined) return [];
    const at = summary.events[name];
    const labelTime = times[frame] ?? frame / label.fps;
    const error = at ? Math.round((at.timeSec - labelTime) * label.fps * 10) / 10 : null;
    return [{ name, label: frame, found: at ? at.frame : null, error, tolerance, ok: error !== null && Math.abs(error) <= tolerance + 0.5 }];
  });
}

export type Turns = Record<TurnFigure, Metric>;
/** The turn figures as they are read: face-on, a shoulder turn past the limit is a lower limit (contracts withFaceOnLimits). */
export const turnsOf = (summary: Pick<PoseSummary, 'metrics' | 'view'>): Turns => {
  const { shoulderTurn, hipRotation, xFactor } = summary.metrics;
  const turns = { shoulderTurn, hipRotation, xFactor };
  return summary.view === 'face-on' ? (withFaceOnLimits(turns) as Turns) : turns;
};

/** |a − b| per figure where both were given. */
export function differences(a: Turns, b: Turns): Partial<Record<TurnFigure, number>> {
  const out: Partial<Record<TurnFigure, number>> = {};
  for (const k of TURN_FIGURES) {
    const x = a[k].value;
    const y = b[k].value;
    if (x !== null && y !== null) out[k] = Math.round(Math.abs(x - y) * 10) / 10;
  }
  return out;
}

export const inRange = (k: TurnFigure, v: number | null): boolean => v !== null && v >= TOUR_RANGES[k][0] && v <= TOUR_RANGES[k][1];
