/*
 * The flip test, at two scales: the measure model reads each frame as it is, mirrored, shrunk and
 * shrunk-and-mirrored, and each pose, put back, is one reading of the same body. On a small golfer at
 * the top single readings scatter by ±10° and the model sometimes mixes up left and right; its errors
 * on a picture, its mirror image and a smaller copy are largely independent, so their mean scatters
 * less. The mirror makes the numbers fair between hands (a left-hander's swing is a right-hander's
 * mirrored, and both are read from the same views); the smaller copy makes them fair between cameras (a
 * golfer filmed at 1080p or 720p, near or far, is read at both of two sizes, not at one).
 */
import { alignLabels, swapSides } from './geometry.js';
import { LANDMARK_COUNT, type Pose } from './landmarks.js';
import type { RawFrame } from './runtime/protocol.js';

/** A copy of the frame mirrored left to right. */
export function mirrorFrame(frame: RawFrame): RawFrame {
  const { width, height } = frame;
  const src = new Uint32Array(frame.data.buffer, frame.data.byteOffset, width * height);
  const data = new Uint8Array(width * height * 4);
  const out = new Uint32Array(data.buffer);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = src[row + width - 1 - x]!;
  }
  return { ...frame, data };
}

/**
 * A pose found on a mirrored frame, put back into the original picture: image x mirrored back, world x
 * negated, and left and right exchanged (in the mirror, the golfer's left side looks like a right side).
 */
export function unmirrorPose(pose: Pose): Pose {
  const image = pose.image.slice();
  const world = pose.world.slice();
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    image[i * 4] = 1 - image[i * 4]!;
    world[i * 4] = -world[i * 4]!;
  }
  return swapSides({ image, world });
}

/**
 * The size of the smaller copy: between a phone's 1080p and 720p (0.67), so the two sizes read overlap a
 * copy recorded at the other resolution.
 */
export const SHRUNK_SCALE = 0.8;

/** The picture's content shrunk to `scale` about its centre (bilinear), the border left black. */
export function shrinkFrame(frame: RawFrame, scale: number): RawFrame {
  const { width, height } = frame;
  const src = frame.data;
  const data = new Uint8Array(width * height * 4);
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  for (let y = 0; y < height; y++) {
    const sy = (y - cy) / scale + cy;
    if (sy < 0 || sy > height - 1) continue;
    const y0 = Math.floor(sy);
    const y1 = Math.min(height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = (x - cx) / scale + cx;
      if (sx < 0 || sx > width - 1) continue;
      const x0 = Math.floor(sx);
      const x1 = Math.min(width - 1, x0 + 1);
      const fx = sx - x0;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) {
        const top = src[(y0 * width + x0) * 4 + c]! * (1 - fx) + src[(y0 * width + x1) * 4 + c]! * fx;
        const bottom = src[(y1 * width + x0) * 4 + c]! * (1 - fx) + src[(y1 * width + x1) * 4 + c]! * fx;
        data[o + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return { ...frame, data };
}

/** A pose found on a shrunk frame (shrinkFrame), put back into the original picture. */
export function unshrinkPose(pose: Pose, scale: number): Pose {
  const image = pose.image.slice();
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    image[i * 4] = (image[i * 4]! - 0.5) / scale + 0.5;
    image[i * 4 + 1] = (image[i * 4 + 1]! - 0.5) / scale + 0.5;
    image[i * 4 + 2] = image[i * 4 + 2]! / scale;
  }
  return { image, world: pose.world.slice() };
}

/** One way of reading a frame: how the frame is shown to the model, and how its pose is put back. */
export interface ReadingView {
  name: 'picture' | 'mirror' | 'shrunk' | 'shrunk mirror';
  frame: (frame: RawFrame) => RawFrame;
  pose: (pose: Pose) => Pose;
  /** Which of the two measure workers runs it (a mirror-image pair side by side). */
  slot: 0 | 1;
}

const copyFrame = (frame: RawFrame): RawFrame => ({ ...frame, data: new Uint8Array(frame.data) });

/** Every frame is read these four ways: closed under mirroring, so a mirrored clip reads the same four images. */
export const READING_VIEWS: readonly ReadingView[] = [
  { name: 'picture', frame: copyFrame, pose: (p) => p, slot: 0 },
  { name: 'mirror', frame: mirrorFrame, pose: unmirrorPose, slot: 1 },
  { name: 'shrunk', frame: (f) => shrinkFrame(f, SHRUNK_SCALE), pose: (p) => unshrinkPose(p, SHRUNK_SCALE), slot: 0 },
  { name: 'shrunk mirror', frame: (f) => mirrorFrame(shrinkFrame(f, SHRUNK_SCALE)), pose: (p) => unshrinkPose(unmirrorPose(p), SHRUNK_SCALE), slot: 1 },
];

/** How the readings of one frame were made into one: averaged, or the only one there was. */
export type Fusion = 'mean' | 'single';

export interface FusedReading {
  pose: Pose;
  fusion: Fusion;
  /** The readings the pose was made from, labelled like the reference: how far they differ is part of its uncertainty. */
  kept: Pose[];
}

/**
 * One reading of a frame from its readings (READING_VIEWS, put back): landmark by landmark the mean, as
 * the flip test averages its predictions. Each is first labelled like `reference` (the golfer at
 * address): averaging a left hip with a right one would shrink every width to nothing. Where they
 * disagree, the figures' confidence says so (metrics.ts); no rule picks one of them.
 */
export function fuseReadings(found: (Pose | undefined)[], reference: Pose | undefined, width: number, height: number): FusedReading | undefined {
  const present = found.filter((p): p is Pose => p !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return { pose: present[0]!, fusion: 'single', kept: present };
  const kept = reference ? present.map((p) => alignLabels(p, reference, width, height)) : present;
  const mean = (pick: (p: Pose) => Float32Array) => pick(kept[0]!).map((_, i) => kept.reduce((sum, p) => sum + pick(p)[i]!, 0) / kept.length);
  return { pose: { image: mean((p) => p.image), world: mean((p) => p.world) }, fusion: 'mean', kept };
}
