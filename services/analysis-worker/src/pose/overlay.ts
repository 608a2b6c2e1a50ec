/* Key-frame JPEGs with the skeleton drawn, and the compact per-frame track for the playback overlay. */
import sharp from 'sharp';
import type { PoseTrack } from '@swingfit/contracts';
import { LANDMARK_COUNT, POSE_CONNECTIONS, type Pose } from './landmarks.js';
import type { PixelBox } from './crop.js';
import type { RawFrame } from './runtime/protocol.js';

const MIN_VISIBILITY = 0.3;

function skeletonSvg(pose: Pose, width: number, height: number): string {
  const x = (i: number) => (pose.image[i * 4]! * width).toFixed(1);
  const y = (i: number) => (pose.image[i * 4 + 1]! * height).toFixed(1);
  const seen = (i: number) => pose.image[i * 4 + 3]! >= MIN_VISIBILITY;
  const stroke = Math.max(2, Math.round(Math.max(width, height) / 240));
  const lines = POSE_CONNECTIONS.filter(([a, b]) => seen(a) && seen(b))
    .map(([a, b]) => `<line x1="${x(a)}" y1="${y(a)}" x2="${x(b)}" y2="${y(b)}"/>`)
    .join('');
  const dots = Array.from({ length: LANDMARK_COUNT }, (_, i) => i)
    .filter((i) => i > 10 && seen(i))
    .map((i) => `<circle cx="${x(i)}" cy="${y(i)}" r="${stroke * 1.4}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<g stroke="#39ff88" stroke-width="${stroke}" stroke-linecap="round" opacity="0.9">${lines}</g>` +
    `<g fill="#ffffff" stroke="#0b3d20" stroke-width="1">${dots}</g></svg>`;
}

/** The key frame as a JPEG with the skeleton drawn, cut to `crop` (the golfer's swing) when given. */
export async function renderKeyFrame(frame: RawFrame, pose: Pose | null, crop: PixelBox | null = null): Promise<Buffer> {
  const raw = { raw: { width: frame.width, height: frame.height, channels: 4 as const } };
  const image = sharp(Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength), raw);
  const layers = pose ? [{ input: Buffer.from(skeletonSvg(pose, frame.width, frame.height)) }] : [];
  if (!crop) return image.composite(layers).jpeg({ quality: 85 }).toBuffer();
  // sharp cuts before it composites within one pipeline: draw on the whole frame first, then cut.
  const drawn = await image.composite(layers).raw().toBuffer();
  return sharp(drawn, raw).extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height }).jpeg({ quality: 85 }).toBuffer();
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;

export function buildPoseTrack(frames: (Pose | null)[], fps: number, width: number, height: number): PoseTrack {
  return {
    fps,
    width,
    height,
    frames: frames.map((pose) =>
      pose ? Array.from({ length: LANDMARK_COUNT }, (_, i) => [r3(pose.image[i * 4]!), r3(pose.image[i * 4 + 1]!), r3(pose.image[i * 4 + 3]!)]) : null,
    ),
    connections: POSE_CONNECTIONS,
  };
}
