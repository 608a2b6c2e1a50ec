import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import {
  CLUBS,
  MEASUREMENT_EDITION,
  compareWithReference,
  hasLaunchMonitorData,
  type CameraView,
  type ClubSelection,
  type LaunchMonitorAnalysis,
  type PoseSummary,
  type SwingEventName,
  type TourComparison,
} from '@swingfit/contracts';
import type { Logger, ObjectStore } from '@swingfit/server-kit';
import { launchNumbersOf, type CoreDatabase } from '@swingfit/core-db';
import { completeAnalysis, failAnalysis, loadAnalysis, markProcessing, type AnalysisRow } from '../db/analyses.js';
import type { ToolPaths } from '../media/ffmpeg.js';
import { AnalysisFailure } from '../pipeline/errors.js';
import { mediaUrl, type AnalysisMedia } from '../pipeline/media-keys.js';
import { publishView } from '../pipeline/publish.js';
import { StageClock } from '../pipeline/stage-clock.js';
import { createWorkDir } from '../pipeline/work-dir.js';
import type { PipelineStages, PoseStageOutput } from '../pipeline/stages.js';
import { prepareVideo, probeSummary, startVideo, type PreparedVideo, type StartedVideo } from '../pipeline/video.js';
import { textsInTechnicalDetails, writeAnalysisTexts } from './analysis-texts.js';

/*
 * The analysis job: load -> claim -> per video (download, probe, transcode, poster) -> launch monitor
 * -> pose -> write-up -> upload -> one transaction with the results and analysis.completed.
 * A problem with the video itself ends in 'failed' with a readable reason and no retries; anything
 * else (storage, database) throws, and BullMQ retries it with backoff.
 */

export interface AnalysisDeps {
  db: Kysely<CoreDatabase>;
  store: ObjectStore;
  logger: Logger;
  tools: ToolPaths;
  stages: PipelineStages;
  maxVideoSeconds: number;
}

export interface AnalysisProgress {
  stage: string;
  percent: number;
}

export type AnalysisOutcome =
  | { outcome: 'complete'; stages: { name: string; ms: number }[] }
  | { outcome: 'failed'; reason: string }
  | { outcome: 'already-finished' | 'missing' };

const POSE_ADVICE = 'Film one full swing from the front with your whole body in the frame and the camera held still, then upload again.';

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (p: AnalysisProgress) => void;
  /** The upload's request id: the outcome event carries it on, so its consumers' logs name the same request. */
  requestId?: string;
}

export async function runAnalysis(deps: AnalysisDeps, analysisId: number, options: RunOptions = {}): Promise<AnalysisOutcome> {
  const row = await loadAnalysis(deps.db, analysisId);
  if (!row) return { outcome: 'missing' };
  if (row.status === 'complete' || row.status === 'failed') return { outcome: 'already-finished' };
  if (!(await markProcessing(deps.db, analysisId))) return { outcome: 'already-finished' };

  const clock = new StageClock();
  const warnings: string[] = [];
  const workDir = await createWorkDir(analysisId);
  try {
    const result = await analyse(deps, row, { ...options, clock, warnings, workDir });
    const published = await completeAnalysis(deps.db, row, result, options.requestId);
    if (published) return { outcome: 'complete', stages: clock.stages };
    return { outcome: (await removedMeanwhile(deps, row)) ? 'missing' : 'already-finished' };
  } catch (error) {
    if (!(error instanceof AnalysisFailure)) throw error;
    deps.logger.info({ analysisId, reason: error.reason }, 'analysis failed');
    await failAnalysis(deps.db, analysisId, { ...error.details, error: error.reason, message: error.advice ?? error.reason, stages: clock.stages, warnings }, options.requestId);
    return { outcome: 'failed', reason: error.reason };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Whether the golfer deleted the analysis while a run worked on it (its result then stored nothing). The
 * gateway already removed its objects, so what this run stored after that would be orphans nobody can
 * reach: they are removed too.
 */
export async function removedMeanwhile(deps: Pick<AnalysisDeps, 'db' | 'store'>, row: Pick<AnalysisRow, 'id' | 'user_id'>): Promise<boolean> {
  if (await loadAnalysis(deps.db, row.id)) return false;
  await deps.store.deletePrefix(`users/${row.user_id}/analyses/${row.id}/`);
  return true;
}

export interface RunContext {
  signal?: AbortSignal;
  onProgress?: (p: AnalysisProgress) => void;
  clock: StageClock;
  warnings: string[];
  workDir: string;
}

/** Everything an analysis stores, made from its uploads (which it publishes media for as it goes). */
export async function analyse(deps: AnalysisDeps, row: AnalysisRow, ctx: RunContext) {
  const { clock, warnings } = ctx;
  const progress = progressOf(ctx);
  const club = asClub(row.club_selection);
  const tour: TourComparison = row.tour_comparison === 'lpga' ? 'lpga' : 'pga';
  if (!row.face_on_key) throw new AnalysisFailure('No face-on video was uploaded', 'Face-On Video Required: Please upload a face-on view video to proceed.');

  progress('download', 0);
  const { video: faceOn, pose: facePose } = await faceOnView(deps, ctx, row.face_on_key);
  if (!facePose.ok) warnings.push(`Body analysis unavailable: ${facePose.reason}`);
  const downTheLine = row.down_the_line_key ? await optionalVideo(deps, ctx, row.down_the_line_key) : null;

  const lmInput = launchNumbersOf(row);
  const launchMonitor: LaunchMonitorAnalysis | null = hasLaunchMonitorData(lmInput)
    ? await clock.time('launch-monitor', async () => compareWithReference(lmInput, club, tour))
    : null;

  let dtlPose: PoseStageOutput | null = null;
  if (downTheLine) {
    progress('pose', 65);
    dtlPose = await runPose(deps, ctx, { ...downTheLine, forecast: playbackFacts(downTheLine) });
    if (!dtlPose.ok && !dtlPose.skipped) warnings.push(`Down-the-line body analysis skipped: ${dtlPose.reason}`);
  }
  const pose = facePose.ok ? summaryWithUrls(row.id, 'face-on', facePose) : null;
  const downTheLinePose = dtlPose?.ok ? summaryWithUrls(row.id, 'down-the-line', dtlPose) : null;

  progress('write-up', 80);
  const text = await clock.time('write-up', () => writeAnalysisTexts(deps.stages.writeUp, { club, tour, launchMonitor, pose, downTheLinePose }));

  progress('upload', 90);
  const media = await clock.time('upload', () => publishMedia(deps, row, [[faceOn, facePose], [downTheLine, dtlPose]]));
  progress('store', 98);

  const fields = facePose.ok ? facePose.fields : null;
  const probe: Record<string, unknown> = { 'face-on': probeSummary(faceOn.probe) };
  if (downTheLine) probe['down-the-line'] = probeSummary(downTheLine.probe);
  return {
    measurementEdition: MEASUREMENT_EDITION,
    media: media as Record<string, unknown>,
    probe,
    launchMonitor,
    pose,
    downTheLinePose,
    technicalDetails: {
      ...(fields?.technicalDetails ?? {}),
      ...(dtlPose?.ok ? { downTheLine: dtlPose.fields.technicalDetails } : {}),
      stages: clock.stages,
      probe,
      playback: { width: faceOn.playback.displayWidth, height: faceOn.playback.displayHeight, fps: faceOn.playback.fps },
      warnings,
      ...textsInTechnicalDetails(text),
    },
    ...text,
  };
}

const progressOf = (ctx: RunContext) => (stage: string, percent: number) => ctx.onProgress?.({ stage, percent: Math.round(percent) });

/** What the video stages need, with the transcode's progress mapped onto [from, to] of the whole. */
function videoContext(deps: AnalysisDeps, ctx: RunContext, from: number, to: number) {
  const progress = progressOf(ctx);
  return {
    store: deps.store,
    tools: deps.tools,
    workDir: ctx.workDir,
    clock: ctx.clock,
    maxVideoSeconds: deps.maxVideoSeconds,
    signal: ctx.signal,
    onProgress: (f: number) => progress('transcode', from + f * (to - from)),
  };
}

/**
 * The face-on video, transcoded, and its pose stage, which reads the small frames the transcode writes
 * while it is still running. A pose stage that fails stops the transcode (the analysis fails with the
 * pose stage's reason); one that is skipped leaves the analysis without body figures.
 */
async function faceOnView(deps: AnalysisDeps, ctx: RunContext, key: string): Promise<{ video: PreparedVideo; pose: PoseStageOutput }> {
  const started = await startVideo(videoContext(deps, ctx, 5, 40), 'face-on', key);
  const posePending = runPose(deps, ctx, started);
  let stoppedForPose = false;
  const stopTranscode = () => {
    stoppedForPose = true;
    started.abort();
  };
  posePending.then((out) => (!out.ok && !out.skipped ? stopTranscode() : undefined), stopTranscode);
  let video: PreparedVideo;
  try {
    video = await started.ready;
  } catch (error) {
    if (!stoppedForPose) throw error; // the transcode's own failure (an undecodable video…)
    const pose = await posePending.then((out) => ({ out }), (failure: unknown) => ({ failure }));
    if ('failure' in pose) throw pose.failure;
    if (!pose.out.ok) throw poseFailure(pose.out);
    throw error;
  }
  progressOf(ctx)('pose', 45);
  const pose = await posePending;
  if (!pose.ok && !pose.skipped) throw poseFailure(pose);
  return { video, pose };
}

/** The down-the-line video, transcoded; only the face-on video is required, so a bad one is a warning. */
async function optionalVideo(deps: AnalysisDeps, ctx: RunContext, key: string): Promise<PreparedVideo | null> {
  try {
    return await prepareVideo(videoContext(deps, ctx, 45, 60), 'down-the-line', key);
  } catch (error) {
    if (!(error instanceof AnalysisFailure)) throw error;
    ctx.warnings.push(`Down-the-line video skipped: ${error.reason}`);
    return null;
  }
}

/** Each video's playback, poster, key frames and pose track, stored where the golfer's page reads them. */
async function publishMedia(deps: AnalysisDeps, row: AnalysisRow, views: [PreparedVideo | null, PoseStageOutput | null][]): Promise<AnalysisMedia> {
  const owner = { userId: row.user_id, analysisId: row.id };
  const media: AnalysisMedia = {};
  for (const [video, out] of views) {
    if (!video) continue;
    media[video.view] = await publishView(deps.store, owner, video.view, {
      playbackPath: video.playbackPath,
      posterPath: video.posterPath,
      keyframes: out?.ok ? out.keyframes : {},
      poseTrack: out?.ok ? out.poseTrack : null,
    });
  }
  return media;
}

const playbackFacts = (video: PreparedVideo) => ({ fps: video.playback.fps, width: video.playback.displayWidth, height: video.playback.displayHeight });

function poseFailure(out: Extract<PoseStageOutput, { ok: false }>): AnalysisFailure {
  // The pose stage's reasons may already carry their advice as full sentences.
  const advice = /[.!?]$/.test(out.reason) ? out.reason : `${out.reason}. ${POSE_ADVICE}`;
  return new AnalysisFailure(out.reason, advice, out.technicalDetails ? { pose: out.technicalDetails } : undefined);
}

/** The pose stage on a video that is either ready or still being transcoded (then `ready` is given). */
function runPose(
  deps: AnalysisDeps,
  ctx: RunContext,
  video: Pick<StartedVideo, 'view' | 'playbackPath' | 'forecast' | 'analysisFrames' | 'measureFrames'> & { ready?: Promise<PreparedVideo> },
): Promise<PoseStageOutput> {
  // Without a usable forecast rate the stage waits for the playback's own facts.
  const streaming = video.ready && video.forecast.fps > 0 ? video.ready : undefined;
  const playback = streaming?.then(playbackFacts);
  playback?.catch(() => undefined); // the transcode's failure is reported by whoever awaits `ready`
  return ctx.clock.time(`${video.view}:pose`, async () => {
    const facts = streaming || !video.ready ? video.forecast : playbackFacts(await video.ready);
    return deps.stages.pose({
      videoPath: video.playbackPath,
      slot: video.view,
      workDir: join(ctx.workDir, video.view),
      ...facts,
      signal: ctx.signal,
      ...(video.analysisFrames ? { searchFrames: video.analysisFrames } : {}),
      ...(video.measureFrames ? { measureFrames: video.measureFrames } : {}),
      ...(playback ? { playback } : {}),
    });
  });
}

function summaryWithUrls(analysisId: number, view: CameraView, out: Extract<PoseStageOutput, { ok: true }>): PoseSummary {
  const keyframes: PoseSummary['keyframes'] = {};
  for (const name of Object.keys(out.keyframes) as SwingEventName[]) keyframes[name] = mediaUrl(analysisId, view, `keyframes/${name}.jpg`);
  return { ...out.summary, keyframes, poseUrl: mediaUrl(analysisId, view, 'pose.json') };
}

function asClub(value: string): ClubSelection {
  if ((CLUBS as readonly string[]).includes(value)) return value as ClubSelection;
  throw new AnalysisFailure(`Unknown club '${value}'`, 'Please choose the driver or the 7-iron and upload again.');
}
