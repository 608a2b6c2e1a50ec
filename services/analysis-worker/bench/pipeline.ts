/*
 * `pnpm bench:pipeline`: times the worker's media stages on a generated 10 s 1080p60 clip and compares
 * our playback transcode (as the worker runs it, frame files for the pose stage included) with a plain
 * `ffmpeg -i in -c:v libx264 -preset veryfast out.mp4`.
 * Prints a table; not a test. BENCH_SECONDS / BENCH_SIZE / BENCH_FPS override the clip.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareWithReference } from '@swingfit/contracts';
import { DEFAULT_TOOLS, ffmpeg } from '../src/media/ffmpeg.js';
import { probeVideo, type ProbeResult } from '../src/media/probe.js';
import { extractPoster, transcodeForPlayback } from '../src/media/transcode.js';
import { existsSync } from 'node:fs';
import { createStages } from '../src/pipeline/registry.js';
import { parseWorkerConfig } from '../src/config.js';
import { poseOutputsFor } from '../src/pipeline/video.js';

// The stages as the worker configures them (ANALYSIS_POSE, ANALYSIS_WRITER, POSE_* from the environment).
const defaultStages = createStages(parseWorkerConfig(process.env));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const size = process.env.BENCH_SIZE ?? '1920x1080';
const fps = Number(process.env.BENCH_FPS ?? 60);
const dir = await mkdtemp(join(tmpdir(), 'sf-bench-pipeline-'));

interface Row {
  step: string;
  ms: number;
  note: string;
}
const rows: Row[] = [];
async function timed<T>(step: string, fn: () => Promise<T>, note: (r: T) => string = () => ''): Promise<T> {
  const t0 = performance.now();
  const result = await fn();
  rows.push({ step, ms: performance.now() - t0, note: note(result) });
  return result;
}
const mb = async (f: string) => `${((await stat(f)).size / 1e6).toFixed(2)} MB`;
const dims = (p: ProbeResult) => `${p.displayWidth}x${p.displayHeight} ${p.videoCodec} ${p.fps} fps`;

try {
  const input = join(dir, 'input.mp4');
  await timed('generate input (not a stage)', () =>
    ffmpeg(DEFAULT_TOOLS, ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', input], { timeoutMs: 600_000, nice: 0 }),
    () => `${size} ${fps} fps ${seconds} s`,
  );
  const probe = await timed('probe', () => probeVideo(DEFAULT_TOOLS, input), (p) => `${dims(p)}, ${p.frameCount} frames`);
  const playback = join(dir, 'playback.mp4');
  // As the worker runs it: with the pose stage's search and measure frames written on the side.
  const outputs = poseOutputsFor(probe, dir);
  const written = [outputs.analysisFrames && 'search frames', outputs.measureFrames && 'measure frames'].filter(Boolean).join(' + ');
  await timed(`transcode (worker: <=1280, ${outputs.transcode.preset ?? 'veryfast'}, crf 23, 1 s keyframes, faststart${written ? ` + ${written}` : ''})`, () =>
    transcodeForPlayback(DEFAULT_TOOLS, input, playback, probe, outputs.transcode));
  const outProbe = await probeVideo(DEFAULT_TOOLS, playback);
  rows.at(-1)!.note = `${dims(outProbe)}, ${await mb(playback)}`;
  const poster = join(dir, 'poster.jpg');
  await timed('poster', () => extractPoster(DEFAULT_TOOLS, playback, poster, outProbe.durationSec), () => '');
  rows.at(-1)!.note = await mb(poster);
  await timed('analysis (launch monitor + pose + write-up)', async () => {
    const launchMonitor = compareWithReference({ clubSpeed: 105, ballSpeed: 155, carry: 250, total: 275, spinRate: 2500, clubPath: 2, faceAngle: 3 }, 'driver', 'pga');
    const pose = await defaultStages.pose({ videoPath: playback, slot: 'face-on', workDir: dir, fps: outProbe.fps, width: outProbe.displayWidth, height: outProbe.displayHeight });
    await defaultStages.writeUp({ club: 'driver', tour: 'pga', launchMonitor, pose: null, downTheLinePose: null });
    return pose;
  }, (pose) => (pose.ok ? 'pose ok' : `pose: ${pose.reason}`));

  const plain = join(dir, 'plain.mp4');
  await timed('baseline: ffmpeg -i in -c:v libx264 -preset veryfast out.mp4', () => ffmpeg(DEFAULT_TOOLS, ['-i', input, '-c:v', 'libx264', '-preset', 'veryfast', plain], { timeoutMs: 600_000, nice: 0 }));
  rows.at(-1)!.note = `${dims(await probeVideo(DEFAULT_TOOLS, plain))}, ${await mb(plain)}`;

  const width = Math.max(...rows.map((r) => r.step.length));
  console.log(`\nPipeline stages on a ${seconds} s ${size} ${fps} fps clip (cores: ${(await import('node:os')).availableParallelism()})\n`);
  console.log(`${'step'.padEnd(width)}  ${'ms'.padStart(8)}  ${'x realtime'.padStart(10)}  note`);
  for (const r of rows) console.log(`${r.step.padEnd(width)}  ${r.ms.toFixed(0).padStart(8)}  ${(seconds * 1000 / r.ms).toFixed(2).padStart(10)}  ${r.note}`);
  const ours = rows.find((r) => r.step.startsWith('transcode'))!.ms;
  const base = rows.find((r) => r.step.startsWith('baseline'))!.ms;
  console.log(`\nworker transcode / plain veryfast = ${(ours / base).toFixed(2)}`);

  // The same stages on the team's real swing clip (HEVC, 480x854, 113 frames), when it is present.
  const fixture = join(process.env.SWINGFIT_FIXTURES ?? join(import.meta.dirname, '../../../../shared/fixtures'), 'swing-face-on-hevc.mov');
  if (existsSync(fixture)) {
    rows.length = 0;
    const fp = await timed('probe', () => probeVideo(DEFAULT_TOOLS, fixture), (p) => `${dims(p)}, ${p.frameCount} frames`);
    const fPlayback = join(dir, 'fixture.mp4');
    await timed('transcode', () => transcodeForPlayback(DEFAULT_TOOLS, fixture, fPlayback, fp));
    const fo = await probeVideo(DEFAULT_TOOLS, fPlayback);
    await timed('poster', () => extractPoster(DEFAULT_TOOLS, fPlayback, join(dir, 'fixture.jpg'), fo.durationSec));
    const pose = await timed('pose', () => defaultStages.pose({ videoPath: fPlayback, slot: 'face-on', workDir: dir, fps: fo.fps, width: fo.displayWidth, height: fo.displayHeight }), (r) => (r.ok ? `events ${Object.keys(r.summary.events).join('/')}` : r.reason));
    await timed('write-up', () => defaultStages.writeUp({ club: 'driver', tour: 'pga', launchMonitor: null, pose: null, downTheLinePose: null }));
    console.log(`\nReal swing fixture (${fo.durationSec} s, pose ${pose.ok ? 'ok' : 'failed'})\n`);
    for (const r of rows) console.log(`${r.step.padEnd(12)}  ${r.ms.toFixed(0).padStart(8)} ms  ${r.note}`);
    console.log(`${'total'.padEnd(12)}  ${rows.reduce((a, r) => a + r.ms, 0).toFixed(0).padStart(8)} ms`);
  } else {
    console.log(`\n(real swing fixture not found at ${fixture}; set SWINGFIT_FIXTURES to include it)`);
  }
} finally {
  await defaultStages.close?.();
  await rm(dir, { recursive: true, force: true });
}
