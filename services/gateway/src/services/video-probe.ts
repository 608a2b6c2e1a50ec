import { spawn } from 'node:child_process';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectStore } from '@swingfit/server-kit';

/** What the upload keeps of ffprobe's answer (the worker probes again in full). */
export interface VideoProbe {
  container: string;
  durationSec: number | null;
  videoCodec: string;
  width: number;
  height: number;
  audioCodec: string | null;
}

export class UnreadableVideoError extends Error {}

const PROBE_TIMEOUT_MS = 30_000;

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
}

/**
 * Reads the container and codecs of a stored object with ffprobe over a short-lived presigned URL:
 * ffprobe fetches only the byte ranges it needs (moov at the end included), nothing is copied.
 * HEVC and ProRes pass: the worker transcodes them for the browser.
 */
/** ffprobe's words when the presigned URL's server does not answer. */
const STORE_UNREACHABLE = /Connection refused|Connection reset by peer|Connection timed out|Network is unreachable/i;

export async function probeStoredVideo(store: ObjectStore, key: string): Promise<VideoProbe> {
  const url = await getSignedUrl(store.client, new GetObjectCommand({ Bucket: store.bucket, Key: key }), { expiresIn: 300 });
  const { code, stdout, stderr } = await runFfprobe(['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', url]);
  // ffprobe reads through the store: a store it cannot reach is an outage, not a broken video.
  if (code !== 0 && STORE_UNREACHABLE.test(stderr)) throw Object.assign(new Error(`object store unreachable: ${firstLine(stderr)}`), { code: 'ECONNREFUSED' });
  if (code !== 0) throw new UnreadableVideoError(firstLine(stderr) || `ffprobe exited with ${code}`);
  let info: { format?: { format_name?: string; duration?: string }; streams?: FfprobeStream[] };
  try {
    info = JSON.parse(stdout);
  } catch {
    throw new UnreadableVideoError('ffprobe gave no readable answer');
  }
  const video = info.streams?.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
  if (!video) throw new UnreadableVideoError('no video stream found');
  const audio = info.streams?.find((s) => s.codec_type === 'audio');
  const duration = Number(info.format?.duration);
  return {
    container: info.format?.format_name ?? 'unknown',
    durationSec: Number.isFinite(duration) ? duration : null,
    videoCodec: video.codec_name ?? 'unknown',
    width: video.width!,
    height: video.height!,
    audioCodec: audio?.codec_name ?? null,
  };
}

const firstLine = (text: string) => text.split('\n').find((l) => l.trim())?.trim().replace(/https?:\/\/\S+:\s+/g, '') ?? '';

function runFfprobe(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffprobe', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
    // A stuck probe must not hold the upload (or the process) forever.
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
