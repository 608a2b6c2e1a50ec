import { ffmpeg, type FfmpegProgress, type ToolPaths } from './ffmpeg.js';
import type { ProbeResult } from './probe.js';

/** Browser playback: the long side is at most this many pixels (phones record 1080p/4K; the UI shows ~428 px wide). */
export const PLAYBACK_LONG_SIDE = 1280;
/** Slow-motion phone clips (120/240 fps) are played back at no more than this rate. */
export const PLAYBACK_MAX_FPS = 60;

const HDR_TRANSFERS = new Set(['arib-std-b67', 'smpte2084']);
/**
 * HDR's reference white, cd/m² (ITU-R BT.2408): a white page or shirt in diffuse light, which SDR shows at
 * 100%. Taken as SDR's white, with mobius compressing only what is brighter (sky, glints), the golfer's
 * clothes, skin and the grass come out as the phone showed them: mid grey round-trips within a code value.
 * Read against 100 cd/m² through hable, the whole picture came out darker (mid grey 126 -> 113, white 235
 * -> 182), and the key frames and playback with it.
 */
const HDR_REFERENCE_WHITE_NITS = 203;

/**
 * Moments a second the upload holds: an interlaced frame holds two, its fields (1080i at 29.97 frames a
 * second films 59.94 moments), which the playback shows as frames of their own (deinterlaceFilters).
 */
export const momentsPerSecond = (probe: Pick<ProbeResult, 'fps' | 'interlaced'>): number => (probe.interlaced ? 2 : 1) * probe.fps;

/** The playback video's frame rate: every moment the upload holds, up to PLAYBACK_MAX_FPS. */
export function playbackFps(probe: Pick<ProbeResult, 'fps' | 'interlaced'>): number {
  const moments = momentsPerSecond(probe);
  return moments > PLAYBACK_MAX_FPS + 0.5 ? PLAYBACK_MAX_FPS : moments;
}

/**
 * An interlaced frame's two fields were filmed a field apart: through a swing the arms and club sit in
 * two places on alternate lines, a comb the pose model reads as a blurred, doubled body, and half the
 * swing's moments are lost if the two are read as one. Each field becomes a frame of its own (bwdif fills
 * the missing lines from the field and its neighbours in time), before scaling, which would blend the
 * two fields' lines. Frames a camera flagged progressive inside an interlaced stream are left whole.
 */
const deinterlaceFilters = (probe: Pick<ProbeResult, 'interlaced'>): string[] => (probe.interlaced ? ['bwdif=mode=send_field:parity=auto:deint=interlaced'] : []);

/**
 * Wide or narrow stored pixels are made square first: the pose model reads bodies in pictures of square
 * pixels, and a 16:9 picture stored 1440 pixels wide would show it a body a quarter too narrow (tour pro
 * A's face-on hips read 15.6 deg from his clip's, bench:robustness 'wide pixels'). The frame keeps its
 * height and takes the shown width, as a player stretches it.
 */
const squarePixelFilters = (probe: Pick<ProbeResult, 'pixelAspect'>): string[] =>
  probe.pixelAspect === 1 ? [] : [`scale=w='trunc(iw*sar/2)*2':h=ih`, 'setsar=1'];

/** The upright size of the playback video for this upload (ffmpeg may round the short side by a pixel or two). */
export function playbackSize(probe: Pick<ProbeResult, 'displayWidth' | 'displayHeight'>): { width: number; height: number } {
  const { displayWidth: w, displayHeight: h } = probe;
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const long = Math.min(PLAYBACK_LONG_SIDE, Math.trunc(Math.max(w, h) / 2) * 2);
  return w >= h ? { width: long, height: even((h * long) / w) } : { width: even((w * long) / h), height: long };
}

/** Small raw RGBA frames for the pose stage, written by the same ffmpeg run (one decode of the upload). */
export interface AnalysisFramesOutput {
  path: string;
  width: number;
  height: number;
}

export interface TranscodeOptions {
  signal?: AbortSignal;
  /** Also write every playback frame, scaled to this size, as raw RGBA. */
  analysisFrames?: AnalysisFramesOutput;
  /**
   * With analysisFrames: also write every playback frame at this (larger) size as raw yuv420p, BT.709
   * limited range — the pictures the pose stage measures the body on, taken before the x264 encode.
   */
  measureFrames?: AnalysisFramesOutput;
  onProgress?: (fraction: number) => void;
  cwd?: string;
  preset?: string;
  crf?: number;
}

/**
 * H.264 High / yuv420p / AAC in MP4 with the index up front (+faststart), so every phone browser
 * plays it and can seek before the whole file has arrived. ffmpeg autorotates while decoding, so
 * the output is upright with no display matrix left to rotate it a second time; -map_metadata -1
 * also drops stale rotate tags and the phone's GPS location.
 */
export function playbackArgs(input: string, output: string, probe: ProbeResult, options: TranscodeOptions = {}): string[] {
  const scale =
    `scale=w='if(gte(iw,ih),min(${PLAYBACK_LONG_SIDE},trunc(iw/2)*2),-2)'` +
    `:h='if(gte(iw,ih),-2,min(${PLAYBACK_LONG_SIDE},trunc(ih/2)*2))'`;
  // iPhones record HDR (HLG) by default: map it to SDR BT.709 or it plays washed out. Scaling first keeps the float work small.
  const hdr = HDR_TRANSFERS.has(probe.colorTransfer)
    ? [`zscale=t=linear:npl=${HDR_REFERENCE_WHITE_NITS}`, 'format=gbrpf32le', 'zscale=p=bt709', 'tonemap=mobius:desat=0', 'zscale=t=bt709:m=bt709:r=tv']
    : [];
  const filters = [...deinterlaceFilters(probe), ...squarePixelFilters(probe), scale, ...hdr, 'format=yuv420p'];
  if (momentsPerSecond(probe) > PLAYBACK_MAX_FPS + 0.5) filters.push(`fps=${PLAYBACK_MAX_FPS}`);
  const frames = options.analysisFrames;
  // The analysis branch taps the finished playback picture (upright, tone-mapped, rate-capped) and goes
  // through the same frame-rate conversion as the MP4 (constant rate for both), so its frame n is the
  // playback's frame n.
  const measure = frames ? options.measureFrames : undefined;
  const branches = measure
    ? `split=3[play][small][large];[large]scale=${measure.width}:${measure.height}:flags=bilinear:out_color_matrix=bt709:out_range=tv,format=yuv420p[measure];`
    : 'split=2[play][small];';
  const graph = frames
    ? ['-filter_complex', `[0:${probe.videoStreamIndex}]${filters.join(',')},${branches}[small]scale=${frames.width}:${frames.height}:flags=bilinear,format=rgba[analysis]`, '-map', '[play]', '-fps_mode:v', 'cfr']
    : ['-map', `0:${probe.videoStreamIndex}`];
  return [
    '-i', input,
    ...graph,
    ...(probe.hasAudio ? ['-map', '0:a:0'] : []),
    ...(frames ? [] : ['-vf', filters.join(',')]),
    '-c:v', 'libx264',
    // Not faster than veryfast when the pose stage measures the body on this file's frames: at superfast
    // a golfer filling a third of the frame blurs enough for the model's top-of-swing reading to flip.
    // With measureFrames written, only a golfer too small for them is measured on the playback (on crops),
    // and the caller may pick a faster preset.
    '-preset', options.preset ?? 'veryfast',
    '-crf', String(options.crf ?? 23),
    // A keyframe every second: golfers scrub through a swing, and the pose stage seeks to its frames.
    '-g', String(Math.max(1, Math.round(playbackFps(probe) || 30))),
    '-profile:v', 'high',
    '-pix_fmt', 'yuv420p',
    ...(hdr.length ? ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709'] : []),
    ...(probe.hasAudio ? ['-c:a', 'aac', '-b:a', '96k', '-ac', '2'] : ['-an']),
    '-map_metadata', '-1',
    '-movflags', '+faststart',
    '-progress', 'pipe:1', '-nostats',
    output,
    ...(frames ? ['-map', '[analysis]', '-an', '-fps_mode', 'cfr', '-f', 'rawvideo', '-pix_fmt', 'rgba', frames.path] : []),
    ...(measure ? ['-map', '[measure]', '-an', '-fps_mode', 'cfr', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', measure.path] : []),
  ];
}

export async function transcodeForPlayback(tools: ToolPaths, input: string, output: string, probe: ProbeResult, options: TranscodeOptions = {}): Promise<{ ms: number }> {
  const duration = probe.durationSec || 1;
  const { ms } = await ffmpeg(tools, playbackArgs(input, output, probe, options), {
    // Generous: a 2-core machine at veryfast manages about real time on 1080p60.
    timeoutMs: 60_000 + duration * 20_000,
    signal: options.signal,
    cwd: options.cwd,
    // Feeding the pose stage puts the transcode on the critical path: at nice 10 the pose workers it
    // feeds would starve it of CPU and then wait for its frames.
    ...(options.analysisFrames ? { nice: 0 } : {}),
    onProgress: options.onProgress
      ? (p: FfmpegProgress) => options.onProgress?.(p.done ? 1 : Math.min(1, Math.max(0, p.outTimeSec / duration)))
      : undefined,
  });
  return { ms };
}

/** A JPEG still at `fraction` of the (already upright) playback video, used as the poster. */
export async function extractPoster(tools: ToolPaths, video: string, output: string, durationSec: number, options: { fraction?: number; signal?: AbortSignal; cwd?: string } = {}): Promise<void> {
  const at = Math.max(0, durationSec * (options.fraction ?? 0.4));
  await ffmpeg(tools, ['-ss', at.toFixed(3), '-i', video, '-frames:v', '1', '-q:v', '3', '-update', '1', output], {
    timeoutMs: 30_000,
    signal: options.signal,
    cwd: options.cwd,
  });
}
