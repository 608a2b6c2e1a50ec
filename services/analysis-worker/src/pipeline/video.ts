import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { CameraView } from '@swingfit/contracts';
import type { ObjectStore } from '@swingfit/server-kit';
import { ToolError, type ToolPaths } from '../media/ffmpeg.js';
import { NotAVideoError, probeVideo, type ProbeResult } from '../media/probe.js';
import { PLAYBACK_MAX_FPS, extractPoster, playbackFps, playbackSize, transcodeForPlayback, type TranscodeOptions } from '../media/transcode.js';
import { MEASURE_LONG_SIDE, SEARCH_LONG_SIDE, frameBytes, scaledSize, type FrameFile } from '../pose/frames.js';
import { AnalysisFailure, undecodableVideo } from './errors.js';
import type { StageClock } from './stage-clock.js';

/*
 * Stages per uploaded video: download -> probe -> transcode -> poster. The transcode runs in the
 * background (startVideo): the pose stage reads the small frames it writes while it is still going.
 */

export interface PreparedVideo {
  view: CameraView;
  probe: ProbeResult;
  playbackPath: string;
  posterPath: string;
  /** The playback file's own facts (upright size, fps after capping). */
  playback: ProbeResult;
  /** Every playback frame, small and raw, for the pose stage's search (null for very long clips). */
  analysisFrames: FrameFile | null;
  /** Every playback frame at the measure size, raw, for the pose stage's measure pass (null for long clips). */
  measureFrames: FrameFile | null;
}

export interface VideoStageContext {
  store: ObjectStore;
  tools: ToolPaths;
  workDir: string;
  clock: StageClock;
  maxVideoSeconds: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

const MIN_VIDEO_SECONDS = 0.3;
/** Above this the small raw frame file would crowd the scratch disk; the pose stage then decodes for itself. */
const MAX_FRAME_FILE_BYTES = 256 * 1024 * 1024;
/** Above this (~25 s of 60 fps portrait video) the measure frames are not written; the stage decodes them. */
const MAX_MEASURE_FILE_BYTES = 512 * 1024 * 1024;

/** What the playback transcode writes beside the MP4 for the pose stage, and how it encodes the MP4. */
export interface PoseOutputs {
  analysisFrames: FrameFile | null;
  measureFrames: FrameFile | null;
  transcode: Pick<TranscodeOptions, 'analysisFrames' | 'measureFrames' | 'preset'>;
}

export function poseOutputsFor(probe: ProbeResult, dir: string): PoseOutputs {
  const playback = playbackSize(probe);
  const frames = probe.durationSec * (playbackFps(probe) || PLAYBACK_MAX_FPS);
  const file = (name: string, longSide: number, format: 'rgba' | 'yuv420p', maxBytes: number): FrameFile | null => {
    const f: FrameFile = { path: join(dir, name), size: scaledSize(playback.width, playback.height, longSide), format };
    return frames > 0 && frames * frameBytes(f) <= maxBytes ? f : null;
  };
  const analysisFrames = file('analysis-frames.rgba', SEARCH_LONG_SIDE, 'rgba', MAX_FRAME_FILE_BYTES);
  const measureFrames = analysisFrames && file('measure-frames.yuv', MEASURE_LONG_SIDE, 'yuv420p', MAX_MEASURE_FILE_BYTES);
  const output = (f: FrameFile) => ({ path: f.path, ...f.size });
  return {
    analysisFrames,
    measureFrames,
    transcode: {
      ...(analysisFrames ? { analysisFrames: output(analysisFrames) } : {}),
      // The body is measured on the measure frames, taken before the encode, so the MP4 is mostly watched:
      // superfast instead of veryfast cuts the whole ffmpeg run from 13.5–14.8 to 10.5–11.1 CPU-seconds
      // on a 10 s 1080p60 clip, the measure frames included. Not faster still: a golfer too small for the
      // measure frames is searched and measured on crops of this video, and with ultrafast (plus CABAC,
      // deblocking and two B-frames, 2.4 CPU-s less) bench:robustness's small golfers moved both ways,
      // one hand-held clip's hips from withheld to 69° at confidence 0.60 (stop 50, analysis-after.txt).
      ...(measureFrames ? { measureFrames: output(measureFrames), preset: 'superfast' } : {}),
    },
  };
}

/** A video whose playback transcode is under way. */
export interface StartedVideo {
  view: CameraView;
  probe: ProbeResult;
  playbackPath: string;
  /** What the playback will be (size and rate), known from the upload before the transcode ends. */
  forecast: { fps: number; width: number; height: number };
  analysisFrames: FrameFile | null;
  measureFrames: FrameFile | null;
  /** The transcode and the poster are done (rejects with an AnalysisFailure for an undecodable video). */
  ready: Promise<PreparedVideo>;
  /** Stops the transcode (e.g. the analysis already failed); `ready` then rejects. */
  abort: () => void;
}

/** Download, probe and the whole transcode, waited for. */
export async function prepareVideo(ctx: VideoStageContext, view: CameraView, originalKey: string): Promise<PreparedVideo> {
  return (await startVideo(ctx, view, originalKey)).ready;
}

export async function startVideo(ctx: VideoStageContext, view: CameraView, originalKey: string): Promise<StartedVideo> {
  const dir = join(ctx.workDir, view);
  const original = join(dir, 'original');
  await mkdir(dir, { recursive: true });

  await ctx.clock.time(`${view}:download`, async () => {
    const { body } = await ctx.store.get(originalKey);
    await pipeline(body, createWriteStream(original), { signal: ctx.signal });
  });
  if ((await stat(original)).size === 0) throw new AnalysisFailure('Video file appears to be empty');

  const probe = await ctx.clock.time(`${view}:probe`, async () => {
    try {
      return await probeVideo(ctx.tools, original, { signal: ctx.signal });
    } catch (error) {
      if (error instanceof NotAVideoError) throw new AnalysisFailure(error.message, `${error.message}. Please upload a video of your swing.`);
      if (error instanceof ToolError && error.reason === 'exit') throw undecodableVideo(null);
      throw error;
    }
  });
  if (probe.durationSec > ctx.maxVideoSeconds) {
    const reason = `The video is too long (${Math.round(probe.durationSec)} s)`;
    throw new AnalysisFailure(reason, `${reason}; please upload a clip of one swing, under ${ctx.maxVideoSeconds} seconds.`);
  }
  if (probe.durationSec > 0 && probe.durationSec < MIN_VIDEO_SECONDS) throw new AnalysisFailure('The video is too short to show a swing');

  const playbackPath = join(dir, 'playback.mp4');
  const { analysisFrames, measureFrames, transcode } = poseOutputsFor(probe, dir);
  const stop = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, stop.signal]) : stop.signal;
  const ready = (async (): Promise<PreparedVideo> => {
    await ctx.clock.time(`${view}:transcode`, async () => {
      try {
        await transcodeForPlayback(ctx.tools, original, playbackPath, probe, { signal, cwd: dir, onProgress: ctx.onProgress, ...transcode });
      } catch (error) {
        // A non-zero exit on a file ffprobe could read means the decoder failed: the video is the problem.
        if (error instanceof ToolError && error.reason === 'exit') throw undecodableVideo(probe.videoCodec);
        throw error;
      }
    });
    const playback = await probeVideo(ctx.tools, playbackPath, { signal });
    if (playback.frameCount === 0) throw undecodableVideo(probe.videoCodec);

    const posterPath = join(dir, 'poster.jpg');
    await ctx.clock.time(`${view}:poster`, () => extractPoster(ctx.tools, playbackPath, posterPath, playback.durationSec, { signal, cwd: dir }));
    return { view, probe, playbackPath, posterPath, playback, analysisFrames, measureFrames };
  })();
  ready.catch(() => undefined); // whoever awaits it sees the error; an unawaited failure is not a crash
  const size = playbackSize(probe);
  return { view, probe, playbackPath, forecast: { fps: playbackFps(probe), ...size }, analysisFrames, measureFrames, ready, abort: () => stop.abort() };
}

/** The facts about an input worth keeping in technical_details (no file paths). */
export function probeSummary(p: ProbeResult) {
  return {
    container: p.container,
    codec: p.videoCodec,
    profile: p.profile || undefined,
    width: p.width,
    height: p.height,
    rotation: p.rotation,
    fps: p.fps,
    ...(p.interlaced ? { interlaced: true } : {}),
    durationSec: p.durationSec,
    frameCount: p.frameCount,
    hasAudio: p.hasAudio,
    sizeBytes: p.sizeBytes,
  };
}
