/*
 * The flip test: the measure model also reads a mirrored copy of each frame, and its pose, mirrored
 * back, is a second reading of the same body. On a small golfer at the top single readings scatter by
 * ±10° and the model sometimes mixes up left and right; its errors on a picture and on its mirror
 * image are largely independent, so their mean scatters less. It also makes the numbers fair between
 * hands: a left-hander's swing is a right-hander's mirrored, and both are read from the same two views.
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

/** How two readings of one frame were made into one: averaged, or the only one there was. */
export type Fusion = 'mean' | 'single';

export interface FusedReading {
  pose: Pose;
  fusion: Fusion;
  /** The readings the pose was made from, labelled like the reference: how far they differ is part of its uncertainty. */
  kept: Pose[];
}

/**
 * One reading of a frame from its two (the picture's and the mirror's, put back): landmark by landmark
 * the mean, as the flip test averages its two predictions. Each is first labelled like `reference` (the
 * golfer at address): averaging a left hip with a right one would shrink every width to nothing. Where
 * the two disagree, the figures' confidence says so (metrics.ts); no rule picks one of them.
 */
export function fuseReadings(direct: Pose | undefined, mirrored: Pose | undefined, reference: Pose | undefined, width: number, height: number): FusedReading | undefined {
  if (!direct || !mirrored) {
    const only = direct ?? mirrored;
    return only ? { pose: only, fusion: 'single', kept: [only] } : undefined;
  }
  const [a, b] = reference ? [alignLabels(direct, reference, width, height), alignLabels(mirrored, reference, width, height)] : [direct, mirrored];
  const mean = (x: Float32Array, y: Float32Array) => x.map((v, i) => (v + y[i]!) / 2);
  return { pose: { image: mean(a.image, b.image), world: mean(a.world, b.world) }, fusion: 'mean', kept: [a, b] };
}
