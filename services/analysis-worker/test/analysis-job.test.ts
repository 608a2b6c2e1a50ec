import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import type { Worker } from 'bullmq';
import { ANALYSIS_JOB_OPTIONS, LaunchMonitorAnalysis, PoseSummary, TechnicalDetails, analysisJobId } from '@swingfit/contracts';
import { eventually } from '@swingfit/server-kit/testing';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runAnalysis } from '../src/jobs/analysis-job.js';
import { POSE_FAILURE_REASONS } from '../src/pose/index.js';
import { readFrameFile, streamFrameFile } from '../src/pose/frames.js';
import { createAnalysisWorker } from '../src/jobs/analysis-worker.js';
import { skipPoseStage } from '../src/pipeline/fallback-pose.js';
import { createStages } from '../src/pipeline/registry.js';
import { workerConfig } from './support/config.js';
import type { PipelineStages, PoseStageInput } from '../src/pipeline/stages.js';
import { startHarness, type Harness } from './support/harness.js';
import { corruptFrames, makeClip, swingFixture } from './support/clips.js';
import { failingPoseStage, recordingPoseStage, stagesWith } from './support/stages.js';

/* The whole job against real PostgreSQL, Redis (BullMQ) and S3 (s3rver), with ffmpeg. */

/** The stages of a worker with the default configuration (real pose models, offline writer). */
const defaultStages = createStages(workerConfig());

let h: Harness;
let dir: string;
let clip: string;
let dtlClip: string;
let worker: Worker | undefined;

beforeAll(async () => {
  h = await startHarness();
  dir = mkdtempSync(join(tmpdir(), 'sf-job-test-'));
  clip = await makeClip(dir, 'face-on', { width: 1080, height: 1920, fps: 30, seconds: 2, audio: true });
  dtlClip = await makeClip(dir, 'dtl', { width: 640, height: 360, rotate: 90, seconds: 1 });
});
afterEach(async () => {
  await worker?.close();
  worker = undefined;
});
afterAll(async () => {
  await defaultStages.close?.();
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

function startWorker(stages: PipelineStages) {
  worker = createAnalysisWorker(h.deps(stages), { connection: h.connection, prefix: h.prefix, concurrency: 1, lockDuration: 30_000 });
  return worker;
}

const row = (id: number) => h.db.selectFrom('swing_analyses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const finished = (id: number) => eventually(async () => ((await row(id)).status.match(/complete|failed/) ? row(id) : undefined), 60_000, 200);

describe('analysis job', () => {
  it('completes an analysis through a real BullMQ worker: media in S3, results stored, one completed event', async () => {
    const { id, userId } = await h.createAnalysis({
      video: clip,
      downTheLine: dtlClip,
      launchMonitor: { club_speed: 105, ball_speed: 155, carry: 250, total: 275, spin_rate: 2500, club_path: 2, face_angle: 3 },
    });
    const poseCalls: PoseStageInput[] = [];
    startWorker(stagesWith(recordingPoseStage(poseCalls)));
    await h.queue.add('analysis', { analysisId: id }, { ...ANALYSIS_JOB_OPTIONS, jobId: analysisJobId(id) });

    const done = await finished(id);
    expect(done.status).toBe('complete');
    expect(done.attempts).toBe(1);
    expect(done.completed_at).toBeInstanceOf(Date);

    // The pose stage saw the upright playback files, face-on first.
    expect(poseCalls.map((c) => [c.slot, c.width, c.height])).toEqual([
      ['face-on', 720, 1280],
      ['down-the-line', 360, 640],
    ]);

    const base = `users/${userId}/analyses/${id}`;
    expect(done.media).toEqual({
      'face-on': {
        playback: `${base}/face-on/playback.mp4`,
        poster: `${base}/face-on/poster.jpg`,
        keyframes: Object.fromEntries(['address', 'top', 'impact', 'finish'].map((k) => [k, `${base}/face-on/keyframes/${k}.jpg`])),
        pose: `${base}/face-on/pose.json`,
      },
      'down-the-line': {
        playback: `${base}/down-the-line/playback.mp4`,
        poster: `${base}/down-the-line/poster.jpg`,
        keyframes: Object.fromEntries(['address', 'top', 'impact', 'finish'].map((k) => [k, `${base}/down-the-line/keyframes/${k}.jpg`])),
        pose: `${base}/down-the-line/pose.json`,
      },
    });
    const keys = (await h.s3.store.list(`${base}/`)).sort();
    expect(keys).toHaveLength(2 + 2 * (2 + 4 + 1));
    const playback = await h.s3.store.getBuffer(`${base}/face-on/playback.mp4`);
    expect(playback.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const track = JSON.parse((await h.s3.store.getBuffer(`${base}/face-on/pose.json`)).toString());
    expect(track).toMatchObject({ width: 720, height: 1280, fps: 30 });

    expect(Value.Check(PoseSummary, done.pose)).toBe(true);
    expect((done.pose as PoseSummary).poseUrl).toBe(`/api/media/analyses/${id}/face-on/pose.json`);
    expect(Value.Check(PoseSummary, done.down_the_line_pose)).toBe(true);
    expect(Value.Check(LaunchMonitorAnalysis, done.launch_monitor)).toBe(true);
    expect(done.launch_monitor).toMatchObject({ club: 'driver', smashFactor: 1.48, clubPathLabel: 'Slightly in-to-out', ballFlight: { faceToPath: 1, start: 'right', curve: 'square' } });

    const details = done.technical_details as TechnicalDetails & Record<string, any>;
    expect(Value.Check(TechnicalDetails, details)).toBe(true);
    expect(details.error).toBeUndefined();
    expect(details.stages!.map((s) => s.name)).toEqual(
      expect.arrayContaining(['face-on:download', 'face-on:probe', 'face-on:transcode', 'face-on:poster', 'down-the-line:transcode', 'launch-monitor', 'face-on:pose', 'write-up', 'upload']),
    );
    expect(details.probe['face-on']).toMatchObject({ codec: 'h264', width: 1080, height: 1920, fps: 30, hasAudio: true });
    expect([90, 270]).toContain(details.probe['down-the-line'].rotation);
    expect(details.poseModel).toBe('test');
    // The specification's texts are read from both views: posture from down the line, balance face-on.
    const mobility = { shoulderTurn: '88°', hipRotation: '44°', xFactor: '44°', spineAngle: '30° at address, maintained (3° change)' };
    expect(done.mobility_analysis).toEqual(mobility);
    expect(done.analysis_results).toEqual({
      posture: 'Posture maintained through impact',
      balance: 'Stable and centred (head hardly at all, hips about a quarter of a head-width toward the target between address and the top)',
      mobilityAnalysis: mobility,
    });
    expect(details.mobilityAnalysis).toEqual(mobility);
    expect(done.performance_assessment).toMatch(/driver/);
    expect(done.launch_monitor_assessment).toMatch(/Club speed 105 mph is 8 mph below the PGA Tour average of 113 mph/);

    expect(await h.events(id)).toEqual([{ type: 'analysis.completed', payload: { analysisId: id } }]);
    const outbox = await h.db.selectFrom('outbox').select(['user_id']).where('type', '=', 'analysis.completed').execute();
    expect(outbox.map((o) => o.user_id)).toContain(userId);
  });

  it('does nothing when a completed analysis runs again: no new work, still one completed event', async () => {
    const { id } = await h.createAnalysis({ video: clip });
    const calls: PoseStageInput[] = [];
    const deps = h.deps(stagesWith(recordingPoseStage(calls)));
    expect((await runAnalysis(deps, id)).outcome).toBe('complete');
    const first = await row(id);
    startWorker(stagesWith(recordingPoseStage(calls)));
    const job = await h.queue.add('analysis', { analysisId: id }, { jobId: `${analysisJobId(id)}-again` });
    await eventually(async () => (await job.isCompleted()) || undefined, 20_000);
    expect(await job.getState()).toBe('completed');
    expect(calls).toHaveLength(1);
    const second = await row(id);
    expect(second.attempts).toBe(first.attempts);
    expect(second.updated_at).toEqual(first.updated_at);
    expect(await h.events(id)).toEqual([{ type: 'analysis.completed', payload: { analysisId: id } }]);
  });

  it('re-runs an analysis left in processing by a crash, overwriting the same keys', async () => {
    const { id, userId } = await h.createAnalysis({ video: clip });
    await h.db.updateTable('swing_analyses').set({ status: 'processing', attempts: 1 }).where('id', '=', id).execute();
    const outcome = await runAnalysis(h.deps(stagesWith(recordingPoseStage())), id);
    expect(outcome.outcome).toBe('complete');
    const again = await runAnalysis(h.deps(stagesWith(recordingPoseStage())), id);
    expect(again.outcome).toBe('already-finished');
    expect((await row(id)).attempts).toBe(2);
    expect((await h.s3.store.list(`users/${userId}/analyses/${id}/face-on/`)).filter((k) => k.endsWith('playback.mp4'))).toHaveLength(1);
    expect((await h.events(id)).map((e) => e.type)).toEqual(['analysis.completed']);
  });

  it('removes what it stored when the golfer deleted the analysis while it ran', async () => {
    const { id, userId } = await h.createAnalysis({ video: clip });
    const deleting = stagesWith(recordingPoseStage());
    const pose: typeof deleting.pose = async (input) => {
      // The gateway's delete: objects first, then the row.
      await h.s3.store.deletePrefix(`users/${userId}/analyses/${id}/`);
      await h.db.deleteFrom('swing_analyses').where('id', '=', id).execute();
      return deleting.pose(input);
    };
    expect((await runAnalysis(h.deps({ ...deleting, pose }), id)).outcome).toBe('missing');
    expect(await h.s3.store.list(`users/${userId}/analyses/${id}/`)).toEqual([]);
    expect(await h.events(id)).toEqual([]);
  });

  it('fails an undecodable file with a readable reason, without retries', async () => {
    // An MP4 whose index never arrived: its header, then 64 KB of nothing. Fixed bytes, not random ones:
    // random bytes now and then probe as some audio format, and then read as "no video track".
    const header = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isom')]);
    const { id } = await h.createAnalysis({ video: Buffer.concat([header, Buffer.alloc(64 * 1024)]) });
    startWorker(stagesWith(recordingPoseStage()));
    const job = await h.queue.add('analysis', { analysisId: id }, { ...ANALYSIS_JOB_OPTIONS, jobId: analysisJobId(id) });
    const done = await finished(id);
    expect(done.status).toBe('failed');
    expect(done.technical_details).toMatchObject({ error: 'The file could not be read as a video' });
    expect((done.technical_details as { message: string }).message).toMatch(/damaged/);
    await eventually(async () => (await job.isFailed()) || undefined, 10_000);
    const failedJob = await h.queue.getJob(analysisJobId(id));
    expect(failedJob?.attemptsMade).toBe(1);
    expect(failedJob?.failedReason).toBe('The file could not be read as a video');
    expect(await h.events(id)).toEqual([{ type: 'analysis.failed', payload: { analysisId: id, reason: 'The file could not be read as a video' } }]);
  });

  it.each([
    ['libx265', 'HEVC/H.265 videos are not supported', /Most Compatible/],
    ['prores_ks', 'ProRes videos are not supported', /record the swing again/],
  ] as const)('fails an undecodable %s video with the specification message', async (codec, reason, advice) => {
    const source = await makeClip(dir, `undecodable-${codec}`, { width: 640, height: 360, codec, container: 'mov' });
    const { id } = await h.createAnalysis({ video: await corruptFrames(source, join(dir, `undecodable-${codec}.mov`)) });
    expect(await runAnalysis(h.deps(stagesWith(recordingPoseStage())), id)).toEqual({ outcome: 'failed', reason });
    const done = await row(id);
    expect(done.status).toBe('failed');
    expect(done.technical_details).toMatchObject({ error: reason, message: expect.stringMatching(advice) });
  });

  it('starts the face-on pose stage while the transcode runs, on the frames the transcode writes', async () => {
    const { id } = await h.createAnalysis({ video: clip });
    const ok = recordingPoseStage();
    const seen: { transcodeDoneAtStart: boolean; frames: number; facts: unknown; measureFrames: number }[] = [];
    const outcome = await runAnalysis(h.deps(stagesWith(async (input) => {
      let done = false;
      void input.playback?.then(() => (done = true));
      await Promise.resolve(); // an already-settled promise would have flipped `done` by now
      const transcodeDoneAtStart = done;
      let frames = 0;
      for await (const _ of streamFrameFile(input.searchFrames!, input.fps, 1, input.playback)) frames += 1;
      const facts = await input.playback;
      // The measure frames (larger, from before the encode) are complete once the playback is.
      const measureFrames = (await readFrameFile(input.measureFrames!, input.fps, Array.from({ length: 70 }, (_, n) => n))).length;
      seen.push({ transcodeDoneAtStart, frames, facts, measureFrames });
      return ok(input);
    })), id);
    expect(outcome.outcome).toBe('complete');
    // 2 s at 30 fps, every frame read as it was written; the playback's own facts once it was complete.
    expect(seen).toEqual([{ transcodeDoneAtStart: false, frames: 60, facts: { fps: 30, width: 720, height: 1280 }, measureFrames: 60 }]);
  });

  it('retries a transient error and completes once', async () => {
    const { id } = await h.createAnalysis({ video: clip });
    const ok = recordingPoseStage();
    let calls = 0;
    startWorker(stagesWith(async (input) => {
      calls += 1;
      if (calls === 1) throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
      return ok(input);
    }));
    await h.queue.add('analysis', { analysisId: id }, { jobId: analysisJobId(id), attempts: 3, backoff: { type: 'fixed', delay: 200 } });
    const done = await finished(id);
    expect(done.status).toBe('complete');
    expect(done.attempts).toBe(2);
    expect(await h.events(id)).toEqual([{ type: 'analysis.completed', payload: { analysisId: id } }]);
  });

  it('marks the analysis failed once a transient error has used up every attempt', async () => {
    const { id } = await h.createAnalysis({ video: clip });
    startWorker(stagesWith(async () => {
      throw new Error('S3 unavailable');
    }));
    await h.queue.add('analysis', { analysisId: id }, { jobId: analysisJobId(id), attempts: 2, backoff: { type: 'fixed', delay: 200 } });
    const done = await finished(id);
    expect(done.status).toBe('failed');
    expect(done.attempts).toBe(2);
    expect(done.technical_details).toMatchObject({ error: 'The analysis could not be completed', message: 'Video analysis failed. Please try uploading again with a clearer video file.', cause: 'S3 unavailable' });
    expect((await h.events(id)).map((e) => e.type)).toEqual(['analysis.failed']);
  });

  it('fails when the pose stage finds no swing in the face-on video', async () => {
    const { id } = await h.createAnalysis({ video: clip });
    const outcome = await runAnalysis(h.deps(stagesWith(failingPoseStage('No person was found in the video'))), id);
    expect(outcome).toEqual({ outcome: 'failed', reason: 'No person was found in the video' });
    const done = await row(id);
    expect(done.status).toBe('failed');
    expect(done.technical_details).toMatchObject({ error: 'No person was found in the video', message: expect.stringMatching(/whole body/), pose: { personFoundRatio: 0.1 } });
  });

  it('only warns when the down-the-line video fails the pose stage', async () => {
    const { id } = await h.createAnalysis({ video: clip, downTheLine: dtlClip });
    const outcome = await runAnalysis(h.deps(stagesWith(failingPoseStage('No swing was found', 'down-the-line'))), id);
    expect(outcome.outcome).toBe('complete');
    const done = await row(id);
    expect(done.pose).not.toBeNull();
    expect(done.down_the_line_pose).toBeNull();
    expect((done.technical_details as { warnings: string[] }).warnings).toEqual(['Down-the-line body analysis skipped: No swing was found']);
    expect((done.media as Record<string, { pose: string | null }>)['down-the-line']?.pose).toBeNull();
  });

  it('completes without body data while the pose stage is not enabled', async () => {
    const { id } = await h.createAnalysis({ video: clip, club: '7-iron', launchMonitor: { club_speed: 90, ball_speed: 120 } });
    const outcome = await runAnalysis(h.deps({ pose: skipPoseStage, writeUp: stagesWith(skipPoseStage).writeUp }), id);
    expect(outcome.outcome).toBe('complete');
    const done = await row(id);
    expect(done.pose).toBeNull();
    expect(done.mobility_analysis).toBeNull();
    expect(done.launch_monitor).toMatchObject({ club: '7-iron', smashFactor: 1.33 });
    expect(done.launch_monitor_assessment).toMatch(/matches the PGA Tour average/);
  });

  it('analyses the real HEVC swing fixture', async (ctx) => {
    const fixture = swingFixture();
    if (!fixture) {
      console.warn('skipping: shared fixture swing-face-on-hevc.mov not found (set SWINGFIT_FIXTURES)');
      ctx.skip();
    }
    const { id } = await h.createAnalysis({ video: fixture! });
    const calls: PoseStageInput[] = [];
    expect((await runAnalysis(h.deps(stagesWith(recordingPoseStage(calls))), id)).outcome).toBe('complete');
    const done = await row(id);
    expect((done.technical_details as any).probe['face-on']).toMatchObject({ codec: 'hevc', frameCount: 113 });
    expect([calls[0]!.width, calls[0]!.height]).toEqual([480, 854]);
  });
  it('analyses the real HEVC swing fixture with the registered pose and write-up stages', { timeout: 180_000 }, async (ctx) => {
    const fixture = swingFixture();
    if (!fixture) {
      console.warn('skipping: shared fixture swing-face-on-hevc.mov not found (set SWINGFIT_FIXTURES)');
      ctx.skip();
    }
    const { id, userId } = await h.createAnalysis({ video: fixture!, club: '7-iron', launchMonitor: { club_speed: 82, ball_speed: 110 } });
    const outcome = await runAnalysis(h.deps(defaultStages), id);
    const done = await row(id);
    expect(outcome.outcome, JSON.stringify(done.technical_details)).toBe('complete');
    const pose = done.pose as PoseSummary;
    expect(Value.Check(PoseSummary, pose)).toBe(true);
    // Address, top, impact and finish in swing order.
    const { address, top, impact, finish } = pose.events;
    expect(address.frame).toBeLessThan(top.frame);
    expect(top.frame).toBeLessThan(impact.frame);
    expect(impact.frame).toBeLessThan(finish.frame);
    const keys = await h.s3.store.list(`users/${userId}/analyses/${id}/face-on/keyframes/`);
    expect(keys.sort()).toEqual(['address', 'finish', 'impact', 'top'].map((k) => `users/${userId}/analyses/${id}/face-on/keyframes/${k}.jpg`));
    expect(done.performance_assessment?.length).toBeGreaterThan(20);
    expect((done.technical_details as { stages: { name: string }[] }).stages.map((s) => s.name)).toContain('face-on:pose');
  });

  it('fails a clip with nobody in it, with the real stages, saying no golfer was found', { timeout: 120_000 }, async () => {
    const { id } = await h.createAnalysis({ video: await makeClip(dir, 'nobody', { width: 720, height: 1280, fps: 30, seconds: 3 }) });
    const outcome = await runAnalysis(h.deps(defaultStages), id);
    expect(outcome).toEqual({ outcome: 'failed', reason: POSE_FAILURE_REASONS.noPerson });
    const done = await row(id);
    expect(done.status).toBe('failed');
    expect(done.technical_details).toMatchObject({ error: POSE_FAILURE_REASONS.noPerson, message: POSE_FAILURE_REASONS.noPerson });
  });

  it('fails a clip of a golfer who never swings, with the real stages, saying no swing was found', { timeout: 120_000 }, async (ctx) => {
    const fixture = swingFixture();
    if (!fixture) {
      console.warn('skipping: shared fixture swing-face-on-hevc.mov not found (set SWINGFIT_FIXTURES)');
      ctx.skip();
    }
    // The fixture's golfer frozen at address for 3 s.
    const still = join(dir, 'address.mp4');
    await promisify(execFile)('ffmpeg', ['-v', 'error', '-y', '-i', fixture!, '-vf', 'select=eq(n\\,10),loop=90:1:0,setpts=N/30/TB', '-frames:v', '90', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', still]);
    const { id } = await h.createAnalysis({ video: still });
    const outcome = await runAnalysis(h.deps(defaultStages), id);
    expect(outcome).toEqual({ outcome: 'failed', reason: POSE_FAILURE_REASONS.noSwing });
    expect((await row(id)).technical_details).toMatchObject({ error: POSE_FAILURE_REASONS.noSwing });
  });
});
