/*
 * Finding the golfer, then measuring on a crop around them. A golfer far from the camera fills a fifth of
 * the frame height: the swing's box (the golfer's landmarks from address to finish, the hands at the top
 * included), cut out of the measure frames, gives the measure model a body that fills its input instead
 * of a figure in a landscape, and the key frames show the golfer rather than the range.
 */
import { bodyBox, boxAround, boxHeight, type Box } from './crowd.js';
import { LANDMARK_COUNT, type Pose } from './landmarks.js';
import type { RawFrame } from './runtime/protocol.js';

/** Pixel box in a frame of known size. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Down to an even number of pixels (video filters and YUV frames need even offsets and sizes). */
export const evenPx = (v: number): number => Math.floor(v / 2) * 2;

/** The same box in a frame `k` times as large, on even pixels. */
export const scaleBox = (box: PixelBox, k: number): PixelBox => ({ x: evenPx(box.x * k), y: evenPx(box.y * k), width: evenPx(box.width * k), height: evenPx(box.height * k) });

/**
 * A golfer whose body (head to feet through the swing) is shorter than this share of the frame's long
 * side is measured on a crop: on the shared clips, the letterboxed range clip's golfer (0.29) and the
 * portrait fixture's (0.32); the tournament clips' golfers are 0.35–0.41 of a 16:9 frame's width.
 */
export const SMALL_GOLFER_SHARE = 0.35;
/** Margin around the swing's box, as a share of the golfer's height (club head and loose clothing). */
export const CROP_MARGIN = 0.15;

/** The box (normalised 0..1) around every landmark of the given poses: the golfer's whole swing. */
export function swingBox(poses: Pose[]): Box | null {
  return poses.length === 0 ? null : boxAround(poses.map(bodyBox));
}

/** Median body height (landmark spread, normalised to the frame height) over the poses. */
export function golferHeight(poses: Pose[]): number {
  const heights = poses.map((p) => boxHeight(bodyBox(p))).sort((a, b) => a - b);
  return heights.length ? heights[Math.floor(heights.length / 2)]! : 0;
}

/**
 * The crop of a `width`×`height` frame around the swing's box, grown by CROP_MARGIN of the golfer's
 * height and by at least `aspect`'s shape, kept inside the frame, even-sized. Null when it would be
 * (nearly) the whole frame anyway.
 */
export function cropAround(box: Box, golfer: number, width: number, height: number): PixelBox | null {
  const margin = CROP_MARGIN * golfer * height;
  let x0 = box.left * width - margin;
  let x1 = box.right * width + margin;
  let y0 = box.top * height - margin;
  let y1 = box.bottom * height + margin;
  // Square at least: the model works on square inputs, and a square crop keeps the whole swing arc.
  const side = Math.max(x1 - x0, y1 - y0);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  [x0, x1, y0, y1] = [cx - side / 2, cx + side / 2, cy - side / 2, cy + side / 2];
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  const x = evenPx(clamp(x0, width));
  const y = evenPx(clamp(y0, height));
  const w = evenPx(clamp(x1, width) - x);
  const h = evenPx(clamp(y1, height) - y);
  if (w < 16 || h < 16 || w * h > 0.8 * width * height) return null;
  return { x, y, width: w, height: h };
}

/** Key frames are shown in 3:4 tiles (width:height). */
const KEY_FRAME_ASPECT = 3 / 4;

/**
 * The crop of a key frame around the golfer in it: centred on that frame's own pose (the camera may pan
 * after impact), the same size for every key frame of the swing (so the four line up), 3:4 like the
 * tiles they are shown in, and inside `picture` (the frame less any black bars, picture.ts). Null when
 * it would be (nearly) the whole picture.
 */
export function keyFrameCrop(pose: Pose, tallest: number, width: number, height: number, picture: PixelBox = { x: 0, y: 0, width, height }): PixelBox | null {
  const box = bodyBox(pose);
  const h = Math.min(picture.height, (1 + 2 * CROP_MARGIN) * tallest * height);
  const w = Math.min(picture.width, h * KEY_FRAME_ASPECT);
  const cx = ((box.left + box.right) / 2) * width;
  const cy = ((box.top + box.bottom) / 2) * height;
  const within = (centre: number, size: number, from: number, room: number) => Math.max(from, Math.min(from + room - size, centre - size / 2));
  const crop = { x: evenPx(within(cx, w, picture.x, picture.width)), y: evenPx(within(cy, h, picture.y, picture.height)), width: evenPx(w), height: evenPx(h) };
  return crop.width * crop.height > 0.8 * picture.width * picture.height || crop.width < 16 ? null : crop;
}

/** The crop of an RGBA frame. */
export function cropFrame(frame: RawFrame, box: PixelBox): RawFrame {
  const data = new Uint8Array(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.y + y) * frame.width + box.x) * 4;
    data.set(frame.data.subarray(from, from + box.width * 4), y * box.width * 4);
  }
  return { ...frame, width: box.width, height: box.height, data };
}

/** A pose found on a crop, in the whole frame's normalised coordinates (world landmarks are unchanged). */
export function uncropPose(pose: Pose, box: PixelBox, width: number, height: number): Pose {
  const image = pose.image.slice();
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    image[i * 4] = (box.x + image[i * 4]! * box.width) / width;
    image[i * 4 + 1] = (box.y + image[i * 4 + 1]! * box.height) / height;
  }
  return { image, world: pose.world };
}

/** A pose in the whole picture's normalised coordinates, put into the crop `box`'s (uncropPose's inverse). */
export function cropPose(pose: Pose, box: PixelBox, width: number, height: number): Pose {
  const image = pose.image.slice();
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    image[i * 4] = (image[i * 4]! * width - box.x) / box.width;
    image[i * 4 + 1] = (image[i * 4 + 1]! * height - box.y) / box.height;
  }
  return { image, world: pose.world };
}

