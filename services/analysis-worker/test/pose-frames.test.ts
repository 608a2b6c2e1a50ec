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
import { decodeFrames, scaledSize, streamFrameFile, type FrameFile } from '../src/pose/frames.js';
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
}, 60_000);
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
