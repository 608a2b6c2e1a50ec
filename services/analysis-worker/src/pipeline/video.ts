import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { CameraView } from '@swingfit/contracts';
import type { ObjectStore } from '@swingfit/server-kit';
import { ToolError, type ToolPaths } from '../media/ffmpeg.js';
import { NotAVideoError, probeVideo, type ProbeResult } from '../media/probe.js';
import { extractPoster, transcodeForPlayback } from '../media/transcode.js';
import { AnalysisFailure, undecodableVideo } from './errors.js';
import type { StageClock } from './stage-clock.js';

/* Stages per uploaded video: download -> probe -> transcode -> poster. */

export interface PreparedVideo {
  view: CameraView;
  probe: ProbeResult;
  playbackPath: string;
  posterPath: string;
  /** The playback file's own facts (upright size, fps after capping). */
  playback: ProbeResult;
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

export async function prepareVideo(ctx: VideoStageContext, view: CameraView, originalKey: string): Promise<PreparedVideo> {
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
  await ctx.clock.time(`${view}:transcode`, async () => {
    try {
      await transcodeForPlayback(ctx.tools, original, playbackPath, probe, { signal: ctx.signal, cwd: dir, onProgress: ctx.onProgress });
    } catch (error) {
      // A non-zero exit on a file ffprobe could read means the decoder failed: the video is the problem.
      if (error instanceof ToolError && error.reason === 'exit') throw undecodableVideo(probe.videoCodec);
      throw error;
    }
  });
  const playback = await probeVideo(ctx.tools, playbackPath, { signal: ctx.signal });
  if (playback.frameCount === 0) throw undecodableVideo(probe.videoCodec);

  const posterPath = join(dir, 'poster.jpg');
  await ctx.clock.time(`${view}:poster`, () => extractPoster(ctx.tools, playbackPath, posterPath, playback.durationSec, { signal: ctx.signal, cwd: dir }));
  return { view, probe, playbackPath, posterPath, playback };
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
    durationSec: p.durationSec,
    frameCount: p.frameCount,
    hasAudio: p.hasAudio,
    sizeBytes: p.sizeBytes,
  };
}
