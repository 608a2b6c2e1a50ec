/*
 * The hips' outline seen from the front, shared by the worker (which reads the face-on hip turn through
 * it) and the page and write-up (which judge a face-on hip figure only as finely as it can be read).
 */

const DEG = 180 / Math.PI;

/**
 * Depth over width of the hips seen from above: buttock depth over hip breadth, 245 mm / 344 mm for
 * adult men in the ANSUR II survey (women 0.71 as well: 252 / 357 mm). An anthropometric fact, not a
 * value fitted to clips.
 */
export const PELVIS_DEPTH_RATIO = 0.71;

/** Width of the hips' outline turned `deg` from square to the camera, over its square-on width. */
export const outlineWidth = (deg: number): number => {
  const c = Math.cos(deg / DEG);
  return Math.sqrt(c * c + PELVIS_DEPTH_RATIO ** 2 * (1 - c * c));
};

/** The turn (degrees, 0–90) whose outline is `ratio` of the square-on width; NaN where no turn gives it. */
export function turnFromOutline(ratio: number): number {
  const k2 = PELVIS_DEPTH_RATIO ** 2;
  // Widths a hair past either end are jitter at 0° or 90°; further out the reading is not of a turning oval.
  const SLACK = 0.03;
  if (!(ratio >= PELVIS_DEPTH_RATIO - SLACK) || ratio > 1 + SLACK) return Number.NaN;
  const cos2 = (Math.min(1, Math.max(PELVIS_DEPTH_RATIO, ratio)) ** 2 - k2) / (1 - k2);
  return Math.acos(Math.sqrt(Math.max(0, Math.min(1, cos2)))) * DEG;
}

/**
 * How finely the pose model can place the hips: it reads a 256-pixel square that frames the whole body,
 * in which the two hip points are about 30 pixels apart (31 on the shared clips' measure frames, whose
 * golfers fill about that square), and it places a point to about a pixel. So the face-on hips' width is
 * known to about a thirtieth, however well the readings agree with each other.
 */
export const HIP_WIDTH_RESOLUTION = 1 / 30;

/**
 * Degrees of face-on hip turn that HIP_WIDTH_RESOLUTION of the width spans at a reading of `deg`: half
 * the turns a width that much narrower and wider give. The oval is flat near square, so the fewer
 * degrees turned, the more a pixel is worth (about 7 at 40°, 9 at 30°, 15 at 20°; at none 11, half of
 * the 21° a pixel narrower reads, a pixel wider reading square too).
 */
export function faceOnHipResolution(deg: number): number {
  const ratio = outlineWidth(Math.max(0, Math.min(90, deg)));
  const at = (r: number) => turnFromOutline(Math.min(1, Math.max(PELVIS_DEPTH_RATIO, r)));
  return (at(ratio - HIP_WIDTH_RESOLUTION) - at(ratio + HIP_WIDTH_RESOLUTION)) / 2;
}
