/*
 * Filmed against the light? A phone that exposes for a bright sky behind the golfer leaves the golfer a
 * dark outline: the shading and the clothes' detail that show which way each part of the body faces, and
 * which part is nearer the lens, fall into the video's darkest codes, where the codec keeps none of it.
 * The pose model still finds the outline, so the swing is timed as well as ever (the hands' path is in
 * the outline), but its depth and its points inside the outline are guesses: from behind, tour pro A's
 * shoulders read 42.6° against 86.1 at a confidence of 0.92, and face-on the head's sway 0.60 head widths
 * from the original's (bench:robustness 'against the light').
 *
 * The light is read on the body's own pixels, between its joints (the trunk's middle and the thighs),
 * whatever stands behind them, on the frames around the address. The lit side of a body in any clothes
 * reads well above the darkest codes: the shared clips' golfers and their copies, one in navy, read
 * 29-108 at the bright end (the 90th percentile; bench:accuracy prints it); against the light 0-8. A dim
 * or dusky picture is not an outline: its body keeps its shading at 27 (bench:robustness 'dusk'), and is
 * measured.
 */
import { LM, type Pose } from './landmarks.js';
import { lumaAt } from './picture.js';
import type { RawFrame } from './runtime/protocol.js';

export const EXPOSURE = {
  /** The body's bright end: this share of its pixels is darker. */
  brightShare: 0.9,
  /**
   * Luma (0-255) under which the body's bright end shows no shading: within the darkest sixteenth of the
   * codes, where video's black lies (limited-range black is 16) and the codec rounds detail away.
   */
  outlineBelow: 16,
  /** Half the side of the square read around each point inside the body, over the trunk's length. */
  patch: 0.08,
  /** At least this many body pixels, or the light is not read. */
  minPixels: 50,
} as const;

/** Points inside the body, as fractions along the lines between two joints: the trunk's diagonals and the thighs. */
const INSIDE: readonly (readonly [number, number, number])[] = [
  [LM.leftShoulder, LM.rightHip, 0.35], [LM.leftShoulder, LM.rightHip, 0.65],
  [LM.rightShoulder, LM.leftHip, 0.35], [LM.rightShoulder, LM.leftHip, 0.65],
  [LM.leftHip, LM.leftKnee, 0.4], [LM.rightHip, LM.rightKnee, 0.4],
];

/** Luma of the body's own pixels around points inside it, `pose` in the frame's normalised coordinates. */
export function bodyLuma(frame: RawFrame, pose: Pose): number[] {
  const { width, height, data } = frame;
  const at = (i: number): [number, number] => [pose.image[i * 4]! * width, pose.image[i * 4 + 1]! * height];
  const [shoulder, hip] = [at(LM.leftShoulder), at(LM.leftHip)];
  const radius = Math.max(1, Math.round(Math.hypot(shoulder[0] - hip[0], shoulder[1] - hip[1]) * EXPOSURE.patch));
  const out: number[] = [];
  for (const [a, b, f] of INSIDE) {
    const [p, q] = [at(a), at(b)];
    const [cx, cy] = [Math.round(p[0] + (q[0] - p[0]) * f), Math.round(p[1] + (q[1] - p[1]) * f)];
    for (let y = Math.max(0, cy - radius); y <= Math.min(height - 1, cy + radius); y++) {
      for (let x = Math.max(0, cx - radius); x <= Math.min(width - 1, cx + radius); x++) {
        out.push(lumaAt(data, (y * width + x) * 4));
      }
    }
  }
  return out;
}

export interface BodyLight {
  /** Luma (0-255) of the body's bright end (EXPOSURE.brightShare), or null where too little of the body was read. */
  bright: number | null;
  /** The body shows as a dark outline (filmed against the light): its figures are not read. */
  outline: boolean;
}

/** How the body is lit on `frames` (the golfer standing at address), with the pose there. */
export function bodyLight(frames: RawFrame[], pose: Pose | null): BodyLight {
  const values = pose ? frames.flatMap((f) => bodyLuma(f, pose)).sort((a, b) => a - b) : [];
  if (values.length < EXPOSURE.minPixels) return { bright: null, outline: false };
  const bright = Math.round(values[Math.floor(EXPOSURE.brightShare * (values.length - 1))]!);
  return { bright, outline: bright < EXPOSURE.outlineBelow };
}
