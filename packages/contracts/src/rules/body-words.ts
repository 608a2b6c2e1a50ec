/*
 * Balance and posture in words, one rule for the write-up and the detail page so the two never describe
 * one figure differently.
 */

/** A head is about this wide (cm): older analyses stored sway in centimetres, read on the head-width scale. */
export const HEAD_WIDTH_CM = 15;

/** Sideways movement under this share of a head width is no movement the camera can tell from stillness. */
export const UNMOVED_HEAD_WIDTHS = 0.15;

/**
 * Sideways movement of head or hips in the backswing, in widths of the golfer's own head (the camera gives
 * no distances; a head is about 15 cm across): beyond two thirds of one (~10 cm) they are swaying (away
 * from the target) or sliding (toward it) rather than turning…
 */
export const SWAY_HEAD_WIDTHS = 2 / 3;
/** …and up to a third (~5 cm) they count as steady. */
export const STEADY_HEAD_WIDTHS = 1 / 3;

/** Up to this change of forward lean (degrees) between address and impact, posture counts as held. */
export const POSTURE_HELD_DEG = 5;

const EASY_FRACTIONS: readonly [number, string][] = [
  [0.25, 'a quarter of a head-width'],
  [1 / 3, 'a third of a head-width'],
  [0.5, 'half a head-width'],
  [2 / 3, 'two thirds of a head-width'],
  [0.75, 'three quarters of a head-width'],
  [1, 'one head-width'],
  [1.5, 'one and a half head-widths'],
  [2, 'two head-widths'],
  [3, 'three head-widths'],
];

/** Sway in head widths from a stored figure (head widths, or centimetres from older analyses). */
export const swayHeadWidths = (value: number, unit: string): number => Math.abs(value) / (unit === 'cm' ? HEAD_WIDTH_CM : 1);

/** "half a head-width": a sideways movement to the nearest easy fraction; null when it is no movement at all. */
export function headWidthWords(size: number): string | null {
  if (size < UNMOVED_HEAD_WIDTHS) return null;
  return EASY_FRACTIONS.reduce((best, f) => (Math.abs(f[0] - size) < Math.abs(best[0] - size) ? f : best))[1];
}

/**
 * What a sideways movement of `size` head widths means, in one or two words, for the figure's row on the
 * detail page (the write-up says the same in sentences): steady, some movement, or a sway (away from the
 * target) or slide (toward it).
 */
export function swayVerdict(size: number, awayFromTarget: boolean): string {
  if (size <= STEADY_HEAD_WIDTHS) return 'Steady';
  if (size <= SWAY_HEAD_WIDTHS) return 'Some movement';
  return awayFromTarget ? 'A sway' : 'A slide';
}
