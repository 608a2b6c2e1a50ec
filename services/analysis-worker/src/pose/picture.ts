/*
 * The picture inside the frame. A clip shared from a phone's gallery or a social app often carries its
 * picture inside black bars (a landscape shot in a portrait frame, or the other way round). The bars are
 * black in every frame, while anything the camera filmed changes or at least carries light somewhere
 * along a whole row, so rows and columns that stay black in all the key frames are bars, not picture.
 * Key frames are cut inside the picture, so a golfer standing near its edge is not shown above a strip
 * of black.
 */
import { evenPx, type PixelBox } from './crop.js';
import type { RawFrame } from './runtime/protocol.js';

/**
 * Brightest a bar's pixel gets (0-255 luma): video black is 16, and encoders add a few levels of noise.
 * A filmed row, even at dusk, has something brighter somewhere along it.
 */
export const BAR_LUMA = 40;

/**
 * Bars leaving less than this share of the frame's side are no bars: a frame that dark is a dark picture.
 * The narrowest real case is a 16:9 picture in a 9:16 frame, 0.32 of its height.
 */
const MIN_PICTURE_SHARE = 0.25;

/** Brightness (BT.601 luma, 0-255) of the RGBA pixel at byte `i` of a frame's data: one formula for every reader of the picture's light. */
export const lumaAt = (d: Uint8Array, i: number): number => (d[i]! * 299 + d[i + 1]! * 587 + d[i + 2]! * 114) / 1000;

/** Whether the line of pixels (a row or a column) is black in every frame. */
function black(frames: RawFrame[], start: (f: RawFrame) => number, step: (f: RawFrame) => number, count: number): boolean {
  return frames.every((f) => {
    for (let k = 0, i = start(f); k < count; k++, i += step(f)) if (lumaAt(f.data, i) > BAR_LUMA) return false;
    return true;
  });
}

/** The picture's box: the frame less the rows and columns black in every one of `frames` (same size). */
export function pictureBox(frames: RawFrame[]): PixelBox {
  const { width, height } = frames[0] ?? { width: 0, height: 0 };
  const whole = { x: 0, y: 0, width, height };
  if (frames.length === 0 || frames.some((f) => f.width !== width || f.height !== height)) return whole;
  const row = (y: number) => black(frames, (f) => y * f.width * 4, () => 4, width);
  const column = (x: number) => black(frames, () => x * 4, (f) => f.width * 4, height);
  let [top, bottom, left, right] = [0, height - 1, 0, width - 1];
  while (top < bottom && row(top)) top++;
  while (bottom > top && row(bottom)) bottom--;
  while (left < right && column(left)) left++;
  while (right > left && column(right)) right--;
  // On even pixels, inside the picture (video crops need even offsets and sizes).
  const [x, y] = [left + (left % 2), top + (top % 2)];
  const box = { x, y, width: evenPx(right + 1 - x), height: evenPx(bottom + 1 - y) };
  return box.width < MIN_PICTURE_SHARE * width || box.height < MIN_PICTURE_SHARE * height ? whole : box;
}
