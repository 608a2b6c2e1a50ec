import { ffprobe, type ToolPaths } from './ffmpeg.js';

/** What the pipeline needs to know about an input video. */
export interface ProbeResult {
  container: string;
  /** Absolute index of the video stream (cover art can come first in phone files). */
  videoStreamIndex: number;
  /** Transfer characteristic, e.g. 'bt709', 'arib-std-b67' (HLG) or 'smpte2084' (PQ); '' when untagged. */
  colorTransfer: string;
  videoCodec: string;
  /** e.g. 'Main 10', 'ProRes 422 HQ'; '' when ffprobe reports none. */
  profile: string;
  pixelFormat: string;
  /** Coded size, before rotation. */
  width: number;
  height: number;
  /** Clockwise rotation the player must apply (0, 90, 180, 270). */
  rotation: number;
  /**
   * Width over height of one stored pixel (HDV stores a 16:9 picture in 1440x1080 pixels 4:3 wide); 1
   * when square or untagged.
   */
  pixelAspect: number;
  /** Upright size as shown, after rotation, in square pixels (the stored width times pixelAspect). */
  displayWidth: number;
  displayHeight: number;
  fps: number;
  /**
   * Interlaced video (a camcorder's or a broadcast's 1080i): each frame holds two fields, filmed a
   * field apart in time, on alternate lines. From the stream's field order; false for progressive or unknown.
   */
  interlaced: boolean;
  durationSec: number;
  frameCount: number;
  hasAudio: boolean;
  audioCodec: string | null;
  sizeBytes: number;
  bitRate: number | null;
}

interface RawStream {
  index?: number;
  codec_type?: string;
  color_transfer?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  field_order?: string;
  sample_aspect_ratio?: string;
  duration?: string;
  nb_frames?: string;
  nb_read_packets?: string;
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
  disposition?: { attached_pic?: number };
}

interface RawProbe {
  streams?: RawStream[];
  format?: { format_name?: string; duration?: string; size?: string; bit_rate?: string };
}

export class NotAVideoError extends Error {}

/** ffprobe's field orders of interlaced video: top or bottom field first, coded and displayed. */
const INTERLACED_FIELD_ORDERS = new Set(['tt', 'bb', 'tb', 'bt']);

export async function probeVideo(tools: ToolPaths, file: string, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<ProbeResult> {
  const { stdout } = await ffprobe(tools, ['-v', 'error', '-count_packets', '-print_format', 'json', '-show_format', '-show_streams', file], {
    timeoutMs: options.timeoutMs ?? 30_000,
    signal: options.signal,
  });
  return parseProbe(JSON.parse(stdout) as RawProbe);
}

export function parseProbe(raw: RawProbe): ProbeResult {
  const streams = raw.streams ?? [];
  // Cover art in a container is a "video" stream too; skip it.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video) throw new NotAVideoError('The file has no video track');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const rotation = rotationOf(video);
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  const sideways = rotation === 90 || rotation === 270;
  const pixelAspect = pixelAspectOf(video.sample_aspect_ratio);
  const shownWidth = pixelAspect === 1 ? width : Math.round(width * pixelAspect);
  const fps = rate(video.avg_frame_rate) || rate(video.r_frame_rate);
  const durationSec = Number.parseFloat(video.duration ?? raw.format?.duration ?? '') || 0;
  const frameCount = Number.parseInt(video.nb_frames ?? '', 10) || Number.parseInt(video.nb_read_packets ?? '', 10) || Math.round(durationSec * fps);
  return {
    container: raw.format?.format_name ?? 'unknown',
    videoStreamIndex: video.index ?? 0,
    colorTransfer: video.color_transfer ?? '',
    videoCodec: video.codec_name ?? 'unknown',
    profile: video.profile ?? '',
    pixelFormat: video.pix_fmt ?? '',
    width,
    height,
    rotation,
    pixelAspect,
    displayWidth: sideways ? height : shownWidth,
    displayHeight: sideways ? shownWidth : height,
    fps: Math.round(fps * 1000) / 1000,
    interlaced: INTERLACED_FIELD_ORDERS.has(video.field_order ?? ''),
    durationSec: Math.round(durationSec * 1000) / 1000,
    frameCount,
    hasAudio: Boolean(audio),
    audioCodec: audio?.codec_name ?? null,
    sizeBytes: Number.parseInt(raw.format?.size ?? '', 10) || 0,
    bitRate: Number.parseInt(raw.format?.bit_rate ?? '', 10) || null,
  };
}

function rate(text: string | undefined): number {
  if (!text) return 0;
  const [n, d] = text.split('/').map(Number);
  if (!n || !Number.isFinite(n)) return 0;
  return d ? n / d : n;
}

/** Pixels within this of square are square (a tag of 1:1 or a rounding of one). */
const SQUARE_PIXEL_TOLERANCE = 0.01;

/** ffprobe's sample aspect ratio ('4:3', '1:1'; '0:1' or 'N/A' when unknown) as a number, 1 when square or unknown. */
function pixelAspectOf(text: string | undefined): number {
  const [n, d] = (text ?? '').split(':').map(Number);
  const aspect = n && d ? n / d : 1;
  return Number.isFinite(aspect) && aspect > 0 && Math.abs(aspect - 1) > SQUARE_PIXEL_TOLERANCE ? aspect : 1;
}

/**
 * Phones record sideways and store the upright orientation as a display matrix (ffmpeg 5+ reports its
 * counter-clockwise angle, e.g. -90) or, in older files, a `rotate` tag (clockwise degrees).
 */
function rotationOf(stream: RawStream): number {
  const matrix = stream.side_data_list?.find((d) => d.side_data_type === 'Display Matrix' && typeof d.rotation === 'number');
  const clockwise = matrix ? -(matrix.rotation as number) : Number.parseFloat(stream.tags?.rotate ?? '0') || 0;
  const normal = ((Math.round(clockwise / 90) * 90) % 360 + 360) % 360;
  return normal;
}
