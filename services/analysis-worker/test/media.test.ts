import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@swingfit/server-kit/testing';
import { DEFAULT_TOOLS, ToolError, ffmpeg } from '../src/media/ffmpeg.js';
import { NotAVideoError, parseProbe, probeVideo } from '../src/media/probe.js';
import { PLAYBACK_MAX_FPS, extractPoster, playbackArgs, playbackFps, transcodeForPlayback } from '../src/media/transcode.js';
import { combedShare, decodedFrames, ffprobeJson, hasEncoder, makeClip, topLevelBoxes } from './support/clips.js';

/* probe + transcode + poster on clips made by the real ffmpeg. */

const here = dirname(fileURLToPath(import.meta.url));
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sf-media-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function transcode(input: string, name: string) {
  const probe = await probeVideo(DEFAULT_TOOLS, input);
  const output = join(dir, `${name}.playback.mp4`);
  const progress: number[] = [];
  await transcodeForPlayback(DEFAULT_TOOLS, input, output, probe, { onProgress: (f) => progress.push(f) });
  const out = await ffprobeJson(output);
  const video = out.streams.find((s) => s.codec_type === 'video')!;
  return { probe, output, out, video, progress };
}

describe('probe', () => {
  it('reads container, codec, size, fps, duration, frame count and audio', async () => {
    const clip = await makeClip(dir, 'probe', { width: 640, height: 360, fps: 25, seconds: 2, audio: true });
    const p = await probeVideo(DEFAULT_TOOLS, clip);
    expect(p).toMatchObject({ videoCodec: 'h264', width: 640, height: 360, rotation: 0, displayWidth: 640, displayHeight: 360, fps: 25, frameCount: 50, hasAudio: true, audioCodec: 'aac' });
    expect(p.container).toContain('mp4');
    expect(p.durationSec).toBeCloseTo(2, 1);
  });

  it('reports the rotation of a sideways phone recording and its upright size', async () => {
    const clip = await makeClip(dir, 'probe-rot', { width: 640, height: 360, rotate: 90 });
    const p = await probeVideo(DEFAULT_TOOLS, clip);
    expect([90, 270]).toContain(p.rotation);
    expect([p.displayWidth, p.displayHeight]).toEqual([360, 640]);
  });

  it('rejects a file that is not a video', async () => {
    const junk = join(dir, 'junk.mp4');
    writeFileSync(junk, Buffer.from('this is not a video at all'.repeat(100)));
    await expect(probeVideo(DEFAULT_TOOLS, junk)).rejects.toBeInstanceOf(ToolError);
  });
});

describe('parseProbe', () => {
  const video = (extra: object) => ({ codec_type: 'video', codec_name: 'hevc', width: 1920, height: 1080, avg_frame_rate: '30000/1001', nb_frames: '90', ...extra });
  it.each([
    ['display matrix -90 (iPhone portrait)', [video({ index: 0, side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] })], 90, 1080, 1920],
    ['display matrix 90', [video({ index: 0, side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }] })], 270, 1080, 1920],
    ['display matrix 180', [video({ index: 0, side_data_list: [{ side_data_type: 'Display Matrix', rotation: 180 }] })], 180, 1920, 1080],
    ['legacy rotate tag 270', [video({ index: 0, tags: { rotate: '270' } })], 270, 1080, 1920],
    ['no rotation', [video({ index: 0 })], 0, 1920, 1080],
    ['HDV: 1440x1080 in pixels 4:3 wide', [video({ index: 0, width: 1440, sample_aspect_ratio: '4:3' })], 0, 1920, 1080],
    ['HDV recorded sideways', [video({ index: 0, width: 1440, sample_aspect_ratio: '4:3', tags: { rotate: '90' } })], 90, 1080, 1920],
    ['square pixels tagged 1:1', [video({ index: 0, sample_aspect_ratio: '1:1' })], 0, 1920, 1080],
    ['pixel shape unknown (0:1)', [video({ index: 0, sample_aspect_ratio: '0:1' })], 0, 1920, 1080],
  ])('%s', (_name, streams, rotation, w, h) => {
    const p = parseProbe({ streams, format: { format_name: 'mov,mp4', duration: '3.0' } });
    expect([p.rotation, p.displayWidth, p.displayHeight]).toEqual([rotation, w, h]);
    expect(p.fps).toBeCloseTo(29.97, 2);
  });

  it('skips cover art to find the video stream, and the transcode maps that stream', () => {
    const p = parseProbe({
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'png', width: 1280, height: 720, disposition: { attached_pic: 1 } },
        { index: 1, codec_type: 'audio', codec_name: 'aac' },
        video({ index: 2, color_transfer: 'arib-std-b67' }),
      ],
    });
    expect(p).toMatchObject({ videoStreamIndex: 2, videoCodec: 'hevc', hasAudio: true, colorTransfer: 'arib-std-b67', frameCount: 90 });
    const args = playbackArgs('in.mov', 'out.mp4', p);
    expect(args.join(' ')).toContain('-map 0:2 -map 0:a:0');
    expect(args[args.indexOf('-vf') + 1]).toContain('tonemap=');
  });

  it('rejects a file without a video stream', () => {
    expect(() => parseProbe({ streams: [{ index: 0, codec_type: 'audio', codec_name: 'aac' }] })).toThrow(NotAVideoError);
  });
});

describe('transcode for playback', () => {
  it('turns a rotated recording upright with no rotation left in the output', async () => {
    const clip = await makeClip(dir, 'rotated', { width: 640, height: 360, rotate: 90 });
    const { video } = await transcode(clip, 'rotated');
    expect([video.width, video.height]).toEqual([360, 640]);
    expect(video.side_data_list ?? []).toEqual([]);
    expect(video.tags?.rotate).toBeUndefined();
  });

  it('scales 1080p landscape and portrait so the long side is 1280', async () => {
    const landscape = await transcode(await makeClip(dir, 'fullhd', { width: 1920, height: 1080, seconds: 1 }), 'fullhd');
    expect([landscape.video.width, landscape.video.height]).toEqual([1280, 720]);
    const portrait = await transcode(await makeClip(dir, 'fullhd-portrait', { width: 1080, height: 1920, seconds: 1 }), 'fullhd-portrait');
    expect([portrait.video.width, portrait.video.height]).toEqual([720, 1280]);
  });

  it('keeps small videos at their size and odd sizes even', async () => {
    const { video } = await transcode(await makeClip(dir, 'odd', { width: 481, height: 853, codec: 'mpeg4', container: 'mkv' }), 'odd');
    expect(video.height).toBe(852);
    expect(video.width % 2).toBe(0);
  });

  it('writes H.264 High yuv420p + AAC in MP4 with the index first (faststart) and reports progress', async () => {
    const { output, out, video, progress } = await transcode(await makeClip(dir, 'audio', { width: 640, height: 360, seconds: 2, audio: true }), 'audio');
    expect(video).toMatchObject({ codec_name: 'h264', profile: 'High', pix_fmt: 'yuv420p' });
    expect(out.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    const boxes = await topLevelBoxes(output);
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(progress.at(-1)).toBe(1);
  });

  it('drops audio when there is none and caps slow-motion frame rates at 60', async () => {
    const { out, video } = await transcode(await makeClip(dir, 'slowmo', { width: 640, height: 360, fps: 120, seconds: 1 }), 'slowmo');
    expect(out.streams.filter((s) => s.codec_type === 'audio')).toHaveLength(0);
    expect(video.avg_frame_rate).toBe('60/1');
  });

  it('shows each field of interlaced video (a camcorder\'s 1080i) as a frame of its own, none of them combed', async () => {
    const clip = await makeClip(dir, 'interlaced', { width: 640, height: 360, fps: 25, seconds: 2, interlaced: true });
    const { probe, output, video } = await transcode(clip, 'interlaced');
    expect(probe).toMatchObject({ interlaced: true, fps: 25 });
    expect(video).toMatchObject({ avg_frame_rate: '50/1', field_order: 'progressive' });
    expect(await decodedFrames(output)).toBe(2 * probe.frameCount);
    expect(await combedShare(clip)).toBeGreaterThan(0.9);
    expect(await combedShare(output)).toBeLessThan(0.1);
    const progressive = await makeClip(dir, 'progressive', { width: 640, height: 360, fps: 25, seconds: 1 });
    expect((await probeVideo(DEFAULT_TOOLS, progressive)).interlaced).toBe(false);
  });

  it('makes wide stored pixels (HDV, broadcast HD) square, so the body keeps its shape', async () => {
    const clip = await makeClip(dir, 'anamorphic', { width: 960, height: 720, seconds: 1, pixelAspect: '4/3' });
    const { probe, video } = await transcode(clip, 'anamorphic');
    expect(probe).toMatchObject({ width: 960, pixelAspect: 4 / 3, displayWidth: 1280, displayHeight: 720 });
    expect(video).toMatchObject({ width: 1280, height: 720 });
    expect(video.sample_aspect_ratio ?? '1:1').toBe('1:1');
  });

  it('plays every moment an upload holds, up to 60 a second', () => {
    const rates = [
      { fps: 30, interlaced: false, playback: 30 },
      { fps: 29.97, interlaced: true, playback: 59.94 },
      { fps: 25, interlaced: true, playback: 50 },
      { fps: 120, interlaced: false, playback: PLAYBACK_MAX_FPS },
      { fps: 59.94, interlaced: true, playback: PLAYBACK_MAX_FPS },
    ];
    for (const r of rates) expect([r, playbackFps(r)]).toEqual([r, r.playback]);
  });

  it('decodes HEVC (10-bit, as iPhones record) into playable H.264', async (ctx) => {
    if (!(await hasEncoder('libx265'))) ctx.skip(); // this ffmpeg build cannot make an HEVC clip to test with
    const clip = await makeClip(dir, 'hevc', { width: 854, height: 480, seconds: 1, codec: 'libx265', rotate: 90 });
    const { probe, output, video } = await transcode(clip, 'hevc');
    expect(probe.videoCodec).toBe('hevc');
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 480, height: 854 });
    expect(await decodedFrames(output)).toBe(probe.frameCount);
  });

  it('maps HDR (HLG) video to SDR BT.709', async () => {
    const clip = await makeClip(dir, 'hlg', { width: 640, height: 360, seconds: 1, codec: 'libx265', hlg: true });
    const { probe, output, video } = await transcode(clip, 'hlg');
    expect(probe.colorTransfer).toBe('arib-std-b67');
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', color_transfer: 'bt709', color_primaries: 'bt709' });
    expect(await decodedFrames(output)).toBe(30);
  });

  /** Mean 8-bit luma (limited range) of `crop` (w:h:x:y) of a video's first frame. */
  function lumaOf(file: string, crop: string): number {
    const r = spawnSync('ffmpeg', ['-v', 'info', '-nostdin', '-i', file, '-vf', `crop=${crop},signalstats,metadata=print:key=lavfi.signalstats.YAVG`, '-frames:v', '1', '-f', 'null', '-'], { encoding: 'utf8' });
    return Number(/YAVG=([\d.]+)/.exec(r.stderr)![1]);
  }

  it('shows an HDR (HLG) picture as bright as SDR would: reference white is SDR white, mid grey unchanged', async (ctx) => {
    if (!(await hasEncoder('libx265'))) ctx.skip(); // this ffmpeg build cannot make an HEVC clip to test with
    // Mid grey beside white, put into HLG the way BT.2408 maps SDR into it (SDR white at 203 cd/m2), as an
    // iPhone stores a scene. SDR shows this grey at luma 126 and the white at 235.
    const clip = join(dir, 'hlg-levels.mov');
    const source = 'color=gray:s=160x180:r=30:d=1[g];color=white:s=160x180:r=30:d=1[w];[g][w]hstack,format=yuv420p,' +
      'zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=arib-std-b67:m=bt2020nc:p=bt2020:r=tv:npl=203,format=yuv420p10le';
    const made = spawnSync('ffmpeg', ['-v', 'error', '-y', '-filter_complex', source, '-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1',
      '-x265-params', 'log-level=error', '-color_primaries', 'bt2020', '-color_trc', 'arib-std-b67', '-colorspace', 'bt2020nc', clip]);
    expect(made.status).toBe(0);
    const { output } = await transcode(clip, 'hlg-levels');
    expect(Math.abs(lumaOf(output, '120:140:20:20') - 126)).toBeLessThanOrEqual(4);
    // Only what is brighter than reference white is compressed: white stays near white.
    expect(lumaOf(output, '120:140:180:20')).toBeGreaterThanOrEqual(195);
  });

  it('decodes ProRes into playable H.264', async () => {
    const clip = await makeClip(dir, 'prores', { width: 640, height: 360, seconds: 1, codec: 'prores_ks' });
    const { probe, output, video } = await transcode(clip, 'prores');
    expect(probe.videoCodec).toBe('prores');
    expect(video.codec_name).toBe('h264');
    expect(await decodedFrames(output)).toBe(30);
  });
});

describe('poster', () => {
  it('writes a JPEG frame of the upright video', async () => {
    const { output } = await transcode(await makeClip(dir, 'poster-src', { width: 640, height: 360, rotate: 90, seconds: 2 }), 'poster-src');
    const poster = join(dir, 'poster.jpg');
    await extractPoster(DEFAULT_TOOLS, output, poster, 2);
    const jpeg = readFileSync(poster);
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const info = await ffprobeJson(poster);
    expect([info.streams[0]!.width, info.streams[0]!.height]).toEqual([360, 640]);
  });
});

describe('ffmpeg wrapper', () => {
  const endless = ['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'null', '-'];

  it('kills the process on timeout', async () => {
    const started = Date.now();
    const error = await ffmpeg(DEFAULT_TOOLS, endless, { timeoutMs: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('kills the process on abort', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const error = await ffmpeg(DEFAULT_TOOLS, endless, { timeoutMs: 60_000, signal: controller.signal }).catch((e: unknown) => e);
    expect((error as ToolError).reason).toBe('aborted');
  });

  it('does not leave ffmpeg running when the worker process is killed', async () => {
    const output = join(dir, `orphan-${process.pid}-${Date.now()}.mp4`);
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'support/long-ffmpeg.ts'), output], { stdio: 'ignore', cwd: join(here, '..') });
    const pgrep = () => spawnSync('pgrep', ['-f', `^ffmpeg .*${output}`], { encoding: 'utf8' }).stdout.trim();
    const ffmpegPid = await eventually(async () => pgrep(), 20_000, 100);
    expect(ffmpegPid).toMatch(/^\d+$/);
    child.kill('SIGKILL');
    await eventually(async () => pgrep() === '', 5_000, 100);
  });

  it('tells a missing binary apart from a failing one', async () => {
    const error = await ffmpeg({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: 'ffprobe' }, ['-version'], { timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect((error as ToolError).reason).toBe('spawn');
  });

  it('reports a failing command with the end of its stderr', async () => {
    const error = await ffmpeg(DEFAULT_TOOLS, ['-i', join(dir, 'does-not-exist.mp4'), '-f', 'null', '-'], { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect((error as ToolError).reason).toBe('exit');
    expect((error as ToolError).message).toMatch(/No such file/);
  });
});
