/*
 * Frames for the pose stage: decoding exact frames with a seek, the transcode's raw side output, and
 * reading that output while it is still being written.
 */
import { mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOOLS } from '../src/media/ffmpeg.js';
import { probeVideo } from '../src/media/probe.js';
import { playbackSize, transcodeForPlayback } from '../src/media/transcode.js';
import { decodeFrames, readFrameFile, scaledSize, streamFrameFile, yuv420pToRgba, type FrameFile } from '../src/pose/frames.js';
import { poseOutputsFor } from '../src/pipeline/video.js';
import type { ProbeResult } from '../src/media/probe.js';
import { makeClip } from './support/clips.js';

let dir: string;
let playback: string;
const FPS = 60;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sf-frames-test-'));
  // testsrc2 moves every frame, so a frame off by one would show.
  const clip = await makeClip(dir, 'moving', { width: 640, height: 360, fps: FPS, seconds: 3 });
  playback = join(dir, 'playback.mp4');
  await transcodeForPlayback(DEFAULT_TOOLS, clip, playback, await probeVideo(DEFAULT_TOOLS, clip));
  // A few seconds of ffmpeg on a quiet machine; 60 s ran out with the worker's suite at load 15 on 2 cores
  // (every one of the file's 17 tests then skipped), so the budget holds on a loaded machine.
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
/** Mean absolute difference per byte. */
const meanDiff = (a: Uint8Array, b: Uint8Array) => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length;

async function collect(frames: AsyncIterable<{ index: number; data: Uint8Array }>) {
  const out: { index: number; data: Uint8Array }[] = [];
  for await (const f of frames) out.push(f);
  return out;
}

describe('decoding exact frames', () => {
  it('seeks to the first wanted frame and returns the same pixels as decoding from the start', async () => {
    const size = { width: 160, height: 90 };
    const all = await decodeFrames({ videoPath: playback, size, fps: FPS, stride: 1 });
    expect(all).toHaveLength(3 * FPS);
    const wanted = [95, 96, 101, 170];
    const some = await decodeFrames({ videoPath: playback, size, fps: FPS, indices: wanted });
    expect(some.map((f) => f.index)).toEqual(wanted);
    wanted.forEach((n, k) => expect(same(some[k]!.data, all[n]!.data)).toBe(true));
    expect(same(some[0]!.data, all[94]!.data)).toBe(false);
  }, 60_000);
});

describe('the transcode writes every playback frame, small and raw, in the same run', () => {
  it('frame n of the side output is frame n of the playback video', async () => {
    const clip = await makeClip(dir, 'side', { width: 1280, height: 720, fps: FPS, seconds: 2 });
    const probe = await probeVideo(DEFAULT_TOOLS, clip);
    const size = scaledSize(playbackSize(probe).width, playbackSize(probe).height, 256);
    const file: FrameFile = { path: join(dir, 'side.rgba'), size };
    const output = join(dir, 'side.playback.mp4');
    await transcodeForPlayback(DEFAULT_TOOLS, clip, output, probe, { analysisFrames: { path: file.path, ...size } });
    const out = await probeVideo(DEFAULT_TOOLS, output);
    const raw = await collect(streamFrameFile(file, FPS, 1));
    expect(raw).toHaveLength(out.frameCount);
    const decoded = await decodeFrames({ videoPath: output, size, fps: FPS, stride: 1 });
    // Not byte-equal (the MP4 is lossy) but far closer to its own frame than to the next one.
    for (const n of [0, 30, 77, out.frameCount - 1]) {
      const own = meanDiff(raw[n]!.data, decoded[n]!.data);
      const neighbour = n + 1 < out.frameCount ? n + 1 : n - 1;
      const next = meanDiff(raw[n]!.data, decoded[neighbour]!.data);
      expect(own).toBeLessThan(next / 2);
    }
  }, 60_000);
});

describe('the transcode also writes the measure frames, from before the encode', () => {
  it('frame n of the measure file is frame n of the playback video, at the measure size', async () => {
    const clip = await makeClip(dir, 'measure', { width: 1280, height: 720, fps: FPS, seconds: 2 });
    const probe = await probeVideo(DEFAULT_TOOLS, clip);
    const outputs = poseOutputsFor(probe, dir);
    expect(outputs.measureFrames).toMatchObject({ format: 'yuv420p', size: { width: 640, height: 360 } });
    expect(outputs.transcode.preset).toBe('superfast');
    const output = join(dir, 'measure.playback.mp4');
    await transcodeForPlayback(DEFAULT_TOOLS, clip, output, probe, outputs.transcode);
    const out = await probeVideo(DEFAULT_TOOLS, output);
    const file = outputs.measureFrames!;
    const all = Array.from({ length: out.frameCount + 2 }, (_, n) => n);
    const raw = await readFrameFile(file, FPS, all);
    expect(raw.map((f) => f.index)).toEqual(all.slice(0, out.frameCount)); // past the end: left out
    const decoded = await decodeFrames({ videoPath: output, size: file.size, fps: FPS, stride: 1 });
    // The measure frame is nearer its own playback frame than either neighbour (the MP4 is lossy, and at
    // this size testsrc2 changes little from frame to frame), and colours are converted alike.
    for (const n of [1, 30, 77, out.frameCount - 2]) {
      const [before, own, after] = [n - 1, n, n + 1].map((k) => meanDiff(raw[n]!.data, decoded[k]!.data));
      expect(own).toBeLessThan(Math.min(before!, after!));
      expect(own).toBeLessThan(4);
    }
  }, 60_000);
});

describe('what the transcode writes for the pose stage', () => {
  const probe = (seconds: number, fps: number): ProbeResult => ({ displayWidth: 1080, displayHeight: 1920, durationSec: seconds, fps } as ProbeResult);
  it.each([
    // seconds, fps: search frames, measure frames (720×1280 playback → 144×256 RGBA, 360×640 yuv420p), preset
    [10, 60, true, true, 'superfast'],
    [24, 60, true, true, 'superfast'],
    [26, 60, true, false, undefined], // measure file over 512 MB: measured on the playback, so not below veryfast
    [60, 60, false, false, undefined],
    [0, 30, false, false, undefined], // unknown length
  ] as const)('%s s at %s fps: search %s, measure %s, preset %s', (seconds, fps, search, measure, preset) => {
    const o = poseOutputsFor(probe(seconds, fps), '/tmp/x');
    expect(o.analysisFrames !== null).toBe(search);
    expect(o.measureFrames !== null).toBe(measure);
    expect(o.transcode.preset).toBe(preset);
    expect(o.transcode.measureFrames !== undefined).toBe(measure);
  });
});

describe('yuv420p to RGBA (BT.709, limited range)', () => {
  it.each([
    ['black', [16, 128, 128], [0, 0, 0]],
    ['white', [235, 128, 128], [255, 255, 255]],
    ['mid grey', [126, 128, 128], [128, 128, 128]],
    ['red', [63, 102, 240], [255, 0, 0]],
    ['green', [173, 42, 26], [0, 255, 0]],
    ['blue', [32, 240, 118], [0, 0, 255]],
  ] as const)('%s', (_, [y, u, v], rgb) => {
    // A 2×2 picture: four luma samples, one of each chroma.
    const out = yuv420pToRgba(new Uint8Array([y, y, y, y, u, v]), 2, 2);
    for (let p = 0; p < 4; p++) {
      rgb.forEach((c, i) => expect(Math.abs(out[p * 4 + i]! - c)).toBeLessThanOrEqual(2));
      expect(out[p * 4 + 3]).toBe(255);
    }
  });
});

describe('reading a frame file', () => {
  const size = { width: 4, height: 2 };
  const bytes = size.width * size.height * 4;
  const frame = (n: number) => new Uint8Array(bytes).fill(n);

  it('yields every stride-th frame of a finished file', async () => {
    const path = join(dir, 'done.rgba');
    writeFileSync(path, Buffer.concat(Array.from({ length: 7 }, (_, n) => frame(n))));
    const frames = await collect(streamFrameFile({ path, size }, 30, 2));
    expect(frames.map((f) => [f.index, f.data[0]])).toEqual([[0, 0], [2, 2], [4, 4], [6, 6]]);
  });

  it('follows a file while it is written, and ends when the writer is done', async () => {
    const path = join(dir, 'growing.rgba');
    let finish!: () => void;
    const written = new Promise<void>((resolve) => (finish = resolve));
    const reading = collect(streamFrameFile({ path, size }, 30, 1, written));
    await delay(60); // the reader waits for a file that does not exist yet
    writeFileSync(path, frame(0));
    for (let n = 1; n < 6; n++) {
      await delay(30);
      // Half a frame, then the rest: a partial frame is never handed out.
      const whole = frame(n);
      appendFileSync(path, whole.subarray(0, bytes / 2));
      await delay(30);
      appendFileSync(path, whole.subarray(bytes / 2));
    }
    finish();
    const frames = await reading;
    expect(frames.map((f) => f.data[0])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(frames.every((f) => f.data.every((v) => v === f.data[0]))).toBe(true);
  });

  it("fails with the writer's error", async () => {
    const path = join(dir, 'broken.rgba');
    writeFileSync(path, frame(0));
    const problem = new Error('the transcode failed');
    await expect(collect(streamFrameFile({ path, size }, 30, 1, Promise.reject(problem)))).rejects.toBe(problem);
  });
});
