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
import { copyFrame } from './passes.js';
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
 * Not more sizes (tried at stop 55, a third pair at 0.9): the model's errors follow the picture's
 * content, not its size, so a 0.9 copy read within 1-4° of the picture it came from and its mirror
 * within 1-8° of the mirror, for 50% more inference. Tour pro A's shoulders from behind, where the
 * picture reads 86-103° at the top and its mirror 65-76°, stayed split, and his 75% copy 15.8° from the
 * original (17.0 with four readings).
 */
export const SHRUNK_SCALE = 0.8;

/**
 * Where an output pixel of a copy shrunk to `scale` about `centre` samples the source along one axis:
 * the two source pixels either side and the weight of the second; null outside the source (the border).
 */
function sourceAt(position: number, centre: number, last: number, scale: number): [number, number, number] | null {
  const s = (position - centre) / scale + centre;
  if (s < 0 || s > last) return null;
  const low = Math.floor(s);
  return [low, Math.min(last, low + 1), s - low];
}

/** The picture's content shrunk to `scale` about its centre (bilinear), the border left black. */
export function shrinkFrame(frame: RawFrame, scale: number): RawFrame {
  const { width, height } = frame;
  const src = frame.data;
  const data = new Uint8Array(width * height * 4);
  const px = (x: number, y: number, c: number) => src[(y * width + x) * 4 + c]!;
  for (let y = 0; y < height; y++) {
    const row = sourceAt(y, (height - 1) / 2, height - 1, scale);
    if (!row) continue;
    const [y0, y1, fy] = row;
    for (let x = 0; x < width; x++) {
      const column = sourceAt(x, (width - 1) / 2, width - 1, scale);
      if (!column) continue;
      const [x0, x1, fx] = column;
      for (let c = 0; c < 4; c++) {
        const top = px(x0, y0, c) * (1 - fx) + px(x1, y0, c) * fx;
        const bottom = px(x0, y1, c) * (1 - fx) + px(x1, y1, c) * fx;
        data[(y * width + x) * 4 + c] = top * (1 - fy) + bottom * fy;
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

/** One way of reading a frame: at which size, whether mirrored, and on which of the two measure workers. */
export interface ReadingView {
  scale: 1 | typeof SHRUNK_SCALE;
  mirrored: boolean;
  /** A mirror-image pair runs side by side. */
  slot: 0 | 1;
}

/** Every frame is read these four ways: closed under mirroring, so a mirrored clip reads the same four images. */
export const READING_VIEWS: readonly ReadingView[] = [
  { scale: 1, mirrored: false, slot: 0 },
  { scale: 1, mirrored: true, slot: 1 },
  { scale: SHRUNK_SCALE, mirrored: false, slot: 0 },
  { scale: SHRUNK_SCALE, mirrored: true, slot: 1 },
];

/**
 * The frames as `view` shows them to the model, from `atScale` (the frames at the view's size: the
 * pictures themselves, or their shrunk copies, each made once for the two views that share it). Always
 * new buffers: the pool takes them over.
 */
export const showFrames = (view: ReadingView, atScale: RawFrame[]): RawFrame[] => atScale.map(view.mirrored ? mirrorFrame : copyFrame);

/** A pose the model found on a frame `view` showed it, put back into the picture. */
export function poseBack(view: ReadingView, pose: Pose): Pose {
  const unmirrored = view.mirrored ? unmirrorPose(pose) : pose;
  return view.scale === 1 ? unmirrored : unshrinkPose(unmirrored, view.scale);
}

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
