/*
 * The pose stage on real pixels: the shared fixture (one face-on swing, HEVC → transcoded to H.264
 * here as the pipeline would), a clip with nobody in it, and a golfer standing still at address.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoseSummary } from '@swingfit/contracts';
import { DEFAULT_TOOLS } from '../src/media/ffmpeg.js';
import { probeVideo } from '../src/media/probe.js';
import { transcodeForPlayback } from '../src/media/transcode.js';
import { poseOutputsFor, type PoseOutputs } from '../src/pipeline/video.js';
import { closePosePool, POSE_FAILURE_REASONS, PosePool, runPoseStage } from '../src/pose/index.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const fixturesDir = process.env.SWINGFIT_FIXTURES ?? resolve(repoRoot, '../shared/fixtures');
const fixture = join(fixturesDir, 'swing-face-on-hevc.mov');
const hasFixture = existsSync(fixture);
if (!hasFixture) console.warn(`pose-stage: fixture ${fixture} is absent — the real-swing tests are skipped (set SWINGFIT_FIXTURES)`);

/*
 * Hand labels, read frame by frame from the fixture (ffmpeg → PNG contact sheets): the hands stop at
 * the top around frames 41–45 (43 is the middle of the pause); the club reaches the ball at frame 50.
 */
const LABELS = { top: 43, impact: 50 } as const;
const FIXTURE = { fps: 30, width: 480, height: 854 };

let dir: string;
let firstRun: Pick<PoseSummary, 'metrics' | 'events'> & { track: unknown } | undefined;
let outputs: PoseOutputs | undefined;
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args]);
const h264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pose-stage-'));
});
afterAll(async () => {
  await closePosePool();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasFixture)('the face-on fixture', () => {
  it('finds the golfer, the swing and plausible body numbers', async () => {
    // Exactly what an upload goes through: the worker's playback transcode, which also writes the frames.
    const video = join(dir, 'fixture.mp4');
    const probe = await probeVideo(DEFAULT_TOOLS, fixture);
    outputs = poseOutputsFor(probe, dir);
    await transcodeForPlayback(DEFAULT_TOOLS, fixture, video, probe, outputs.transcode);
    const result = await runPoseStage({ videoPath: video, slot: 'face-on', workDir: dir, ...FIXTURE, searchFrames: outputs.analysisFrames!, measureFrames: outputs.measureFrames! });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { summary, fields, keyframes, poseTrack } = result;
    expect(summary.personFoundRatio).toBeGreaterThanOrEqual(0.95);
    expect(summary.view).toBe('face-on');
    expect(summary.viewMatchesSlot).toBe(true);
    expect(summary.handedness).toBe('right');
    const e = summary.events;
    expect(e.takeaway!.frame).toBeGreaterThanOrEqual(e.address.frame);
    expect(e.address.frame).toBeLessThan(e.top.frame);
    expect(e.top.frame).toBeLessThan(e.impact.frame);
    expect(e.impact.frame).toBeLessThan(e.finish.frame);
    expect(Math.abs(e.top.frame - LABELS.top)).toBeLessThanOrEqual(3);
    expect(Math.abs(e.impact.frame - LABELS.impact)).toBeLessThanOrEqual(3);
    const m = summary.metrics;
    // The figures themselves are the real-clip test's (test/real-clips.test.ts): here, what this view gives.
    expect(m.shoulderTurn.measurable).toBe(true);
    // The hips are read from the front too; on this phone clip their outline narrows more than turning
    // hips can (turn.ts), so they are withheld as unreadable, never for the view.
    expect(m.hipRotation.measurable || m.hipRotation.withheld === 'uncertain').toBe(true);
    expect(m.spineAngleAddress.withheld).toBe('view');
    expect(m.headSway.unit).toBe('headWidths');
    // The turn read through the backswing, frame by frame, is kept for an operator to see.
    const curve = fields.technicalDetails.turnCurve as { frames: number[]; shoulders: (number | null)[] };
    expect(curve.frames.length).toBeGreaterThanOrEqual(8);
    expect(curve.shoulders.filter((v) => v !== null).length).toBe(curve.frames.length);
    expect(summary.models).toEqual({ search: 'pose_landmarker_lite', measure: 'pose_landmarker_full' });
    expect(fields.technicalDetails.measureFramesFrom).toBe('transcode');
    expect(m.spineAngleAddress.measurable).toBe(false);
    for (const name of ['address', 'top', 'impact', 'finish'] as const) {
      expect(keyframes[name]?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
    expect(poseTrack.frames.length).toBe(113);
    expect(poseTrack.frames.every((f) => f !== null && f.length === 33)).toBe(true);
    expect(poseTrack.connections.length).toBeGreaterThan(30);
    firstRun = { metrics: summary.metrics, events: summary.events, track: poseTrack.frames };
  }, 300_000);

  it('measures exactly the same when the clip is analysed again, after another clip (no state carried between analyses)', async () => {
    expect(firstRun).toBeDefined();
    // Another golfer's clip in between leaves the pose workers' models in another state: the mirrored swing.
    const other = join(dir, 'mirrored.mp4');
    ffmpeg('-i', join(dir, 'fixture.mp4'), '-vf', 'hflip', ...h264, other);
    expect((await runPoseStage({ videoPath: other, slot: 'face-on', workDir: dir, ...FIXTURE })).ok).toBe(true);
    const result = await runPoseStage({ videoPath: join(dir, 'fixture.mp4'), slot: 'face-on', workDir: dir, ...FIXTURE, searchFrames: outputs!.analysisFrames!, measureFrames: outputs!.measureFrames! });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // Every landmark of every frame, not only the rounded figures: a state carried over moves the
    // landmarks by ~1e-4, which rounds away on most clips and moves a figure by degrees on some.
    expect(result.poseTrack.frames).toEqual(firstRun!.track);
    expect(result.summary.metrics).toEqual(firstRun!.metrics);
    expect(result.summary.events).toEqual(firstRun!.events);
  }, 300_000);

  it('flags the face-on clip put in the down-the-line slot, and measures it as the face-on view it is', async () => {
    const result = await runPoseStage({ videoPath: join(dir, 'fixture.mp4'), slot: 'down-the-line', workDir: dir, ...FIXTURE, searchFrames: outputs!.analysisFrames!, measureFrames: outputs!.measureFrames! });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.summary.view).toBe('face-on');
    expect(result.summary.viewMatchesSlot).toBe(false);
    expect(result.fields.technicalDetails.viewMatchesSlot).toBe(false);
    // Face-on figures (sway), not down-the-line ones (spine angle).
    expect(result.summary.metrics.hipSway.measurable).toBe(true);
    expect(result.summary.metrics.spineAngleAddress.measurable).toBe(false);
  }, 300_000);

  it('refuses a clip with two golfers side by side', async () => {
    const video = join(dir, 'two.mp4');
    ffmpeg('-i', fixture, '-filter_complex', '[0:v:0]crop=480:430:0:212,split[a][b];[b]hflip[c];[a][c]hstack', ...h264, video);
    const result = await runPoseStage({ videoPath: video, slot: 'face-on', workDir: dir, fps: 30, width: 960, height: 430 });
    expect(result).toMatchObject({ ok: false, reason: POSE_FAILURE_REASONS.severalPeople });
  }, 300_000);

  it('measures the golfer when someone stands by without swinging, and says so in the technical details', async () => {
    // The golfer's first frame, mirrored and held still for the whole clip, beside the swing: an onlooker.
    const video = join(dir, 'onlooker.mp4');
    ffmpeg('-i', fixture, '-filter_complex', '[0:v:0]crop=480:430:0:212,split[a][b];[b]trim=end_frame=1,setpts=PTS-STARTPTS,hflip,tpad=stop=-1:stop_mode=clone[c];[a][c]hstack=shortest=1', ...h264, video);
    const result = await runPoseStage({ videoPath: video, slot: 'face-on', workDir: dir, fps: 30, width: 960, height: 430 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fields.technicalDetails).toMatchObject({ crowdShare: expect.any(Number), crowdSwinging: false });
    expect(result.fields.technicalDetails.crowdShare as number).toBeGreaterThan(0.3);
    expect(Math.abs(result.summary.events.top!.frame - LABELS.top)).toBeLessThanOrEqual(3);
  }, 300_000);

  it('says there is no swing when the golfer only stands at address', async () => {
    const still = join(dir, 'address.png');
    ffmpeg('-i', fixture, '-map', '0:v:0', '-vf', 'select=eq(n\\,10)', '-frames:v', '1', still);
    const video = join(dir, 'still.mp4');
    ffmpeg('-loop', '1', '-i', still, '-t', '3', '-r', '30', ...h264, video);
    const result = await runPoseStage({ videoPath: video, slot: 'face-on', workDir: dir, ...FIXTURE });
    expect(result).toMatchObject({ ok: false, reason: POSE_FAILURE_REASONS.noSwing });
  }, 300_000);

  it('says a chip is too short to measure, not that the clip holds no swing', async () => {
    // A chip made of the fixture's own frames: its start to frame 32 (11 before the top, the hands about the
    // hips), the same frames back to the start (the hands coming back through the ball), then a held second.
    const video = join(dir, 'chip.mp4');
    const graph = '[0:v]trim=end_frame=33,setpts=PTS-STARTPTS,split[a][b];[b]reverse[r];[a][r]concat=n=2:v=1,tpad=stop=30:stop_mode=clone[out]';
    ffmpeg('-i', fixture, '-filter_complex', graph, '-map', '[out]', ...h264, video);
    const result = await runPoseStage({ videoPath: video, slot: 'face-on', workDir: dir, ...FIXTURE });
    expect(result.ok ? 'analysed' : result.reason).toBe(POSE_FAILURE_REASONS.partSwing);
  }, 300_000);

  it('says where a clip was cut when it starts at the top or in the backswing or stops halfway down, not that it holds no swing', async () => {
    // The fixture from just after its top (frame 43), from halfway up its backswing (13 frames before the top,
    // where its hands are already on their way: once measured against that frame as if it were address), and
    // to halfway down (frame 47 of 43-50).
    const cuts = [
      { name: 'from-top', args: ['-ss', `${(LABELS.top + 0.5) / FIXTURE.fps}`], reason: POSE_FAILURE_REASONS.startsLate },
      { name: 'from-backswing', args: ['-ss', `${(LABELS.top - 13) / FIXTURE.fps}`], reason: POSE_FAILURE_REASONS.startsLate },
      { name: 'to-halfway-down', args: ['-t', `${(LABELS.top + LABELS.impact) / 2 / FIXTURE.fps}`], reason: POSE_FAILURE_REASONS.endsEarly },
    ];
    for (const cut of cuts) {
      const video = join(dir, `cut-${cut.name}.mp4`);
      ffmpeg('-i', fixture, ...cut.args, '-map', '0:v:0', ...h264, video);
      const result = await runPoseStage({ videoPath: video, slot: 'face-on', workDir: dir, ...FIXTURE });
      expect(result.ok ? 'analysed' : result.reason, cut.name).toBe(cut.reason);
    }
  }, 300_000);

  it('says there is more than one person when no swing is found and someone else stands by, though neither swings', async () => {
    // Where no swing was found the search may have followed the wrong person, so a second person of the
    // golfer's size is the likelier cause, whether or not they were seen to swing.
    const still = join(dir, 'address-pair.png');
    ffmpeg('-i', fixture, '-map', '0:v:0', '-vf', 'select=eq(n\\,10)', '-frames:v', '1', still);
    const video = join(dir, 'still-pair.mp4');
    ffmpeg('-loop', '1', '-i', still, '-filter_complex', '[0:v]crop=480:430:0:212,split[a][b];[b]hflip[c];[a][c]hstack', '-t', '3', '-r', '30', ...h264, video);
    const result = await runPoseStage({ videoPath: video, slot: 'face-on', workDir: dir, fps: 30, width: 960, height: 430 });
    expect(result).toMatchObject({ ok: false, reason: POSE_FAILURE_REASONS.severalPeople, technicalDetails: { crowdSwinging: false } });
  }, 300_000);
});

describe('the pose models between analyses', () => {
  it('replaces a model for the next analysis only once it has read frames, so a renewed one is not loaded twice', async () => {
    const pool = new PosePool(1);
    try {
      const lite = { variant: 'lite', numPoses: 1, video: true, worker: 0 } as const;
      // A new buffer each call: the pool hands the frames' buffers over to the worker.
      const blank = () => ({ index: 0, timeMs: 0, width: 64, height: 64, data: new Uint8Array(64 * 64 * 4) });
      await pool.run({ ...lite, frames: [] });
      expect(pool.modelsLoaded).toBe(1);
      // Loaded and unused (the worker's start, or the last analysis's renewal): an analysis starts on it.
      await pool.run({ ...lite, frames: [], fresh: true });
      expect(pool.modelsLoaded).toBe(1);
      await pool.run({ ...lite, frames: [blank()] });
      await pool.run({ ...lite, frames: [blank()] });
      // A frame already handed over is refused, and leaves the worker free for the next call.
      const sent = blank();
      await pool.run({ ...lite, frames: [sent] });
      await expect(pool.run({ ...lite, frames: [sent] })).rejects.toThrow();
      expect(pool.modelsLoaded).toBe(1);
      // It has read frames: the renewal (or the next analysis) gets a new one.
      await pool.run({ ...lite, frames: [], fresh: true });
      expect(pool.modelsLoaded).toBe(2);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('refuses the models\' renewal still loading when the pool closes, instead of leaving it unsettled', async () => {
    const pool = new PosePool(1);
    // As an analysis ends the models are renewed unawaited; a worker shut down then must not strand it
    // (bench:accuracy, closing the pool just after its last analysis, exited 13 with the renewal pending).
    const loading = pool.run({ variant: 'lite', numPoses: 1, video: true, frames: [], worker: 0 });
    const queued = pool.run({ variant: 'lite', numPoses: 1, video: true, frames: [], worker: 0, fresh: true });
    const refused = [expect(loading).rejects.toThrow('pose pool closed'), expect(queued).rejects.toThrow('pose pool closed')];
    await pool.close();
    await Promise.all(refused);
    await expect(pool.run({ variant: 'lite', numPoses: 1, video: true, frames: [] })).rejects.toThrow('pose pool is closed');
  }, 60_000);
});

describe('a clip without a person', () => {
  it('says no golfer was found', async () => {
    const video = join(dir, 'testsrc.mp4');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=480x854:rate=30', '-t', '3', ...h264, video);
    const result = await runPoseStage({ videoPath: video, slot: 'face-on', workDir: dir, ...FIXTURE });
    expect(result).toMatchObject({ ok: false, reason: POSE_FAILURE_REASONS.noPerson });
  }, 300_000);
});
