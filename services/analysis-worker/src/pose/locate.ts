/*
 * Finding a golfer too small for the whole-frame search. The pose model's person detector sees the frame
 * shrunk to a 224-pixel square, so a golfer a fifth of a landscape frame's height is about 25 pixels
 * there and goes unseen (the search then finds a person on few frames). On a tile half the frame's short
 * side, the same golfer fills two fifths of the detector's input. Tiles are read on a few frames spread
 * over the clip; the swing is then searched again on a square around where the golfer stands, and
 * measured as any small golfer is (crop.ts).
 */
import { evenPx, type PixelBox } from './crop.js';
import { bodyBox, boxHeight } from './crowd.js';
import { SEARCH_LONG_SIDE } from './frames.js';
import { median } from './geometry.js';
import type { Pose } from './landmarks.js';

/** Frames spread over the clip that are looked at tile by tile. */
export const LOCATE_SAMPLES = 4;
/** Tile side as a share of the frame's short side: a fifth-height golfer fills two fifths of a tile. */
export const TILE_SHARE = 0.5;
/** Tiles overlap by half, so a golfer cut by one tile's edge is whole in the next. */
const TILE_STEP_SHARE = 0.5;
/** The golfer must be found on at least this share of the sampled frames. */
export const MIN_LOCATED_SHARE = 0.5;
/**
 * The search square's side, in golfer heights (standing at address): at the top and the finish the hands
 * and the club reach about half a height beyond the body on every side.
 */
export const SWING_SQUARE_HEIGHTS = 2;

const positions = (length: number, side: number, step: number): number[] => {
  const out: number[] = [];
  for (let at = 0; at + side < length; at += step) out.push(Math.round(at));
  out.push(length - side);
  return [...new Set(out)];
};

/** Overlapping square tiles covering a `width`×`height` frame. */
export function tileGrid(width: number, height: number): PixelBox[] {
  const side = Math.floor(Math.min(width, height) * TILE_SHARE / 2) * 2;
  const step = side * TILE_STEP_SHARE;
  return positions(height, side, step).flatMap((y) => positions(width, side, step).map((x) => ({ x, y, width: side, height: side })));
}

/**
 * Where the golfer stands, from what the tiles found on each sampled frame (poses in the whole frame's
 * normalised coordinates): on each frame the tallest body (the golfer is nearest the camera), then the
 * median centre and height over the frames. The square around it, in the frame's pixels, or null when
 * the golfer was found on too few frames or the square would be the whole frame anyway.
 */
export function golferSquare(foundPerFrame: Pose[][], width: number, height: number): PixelBox | null {
  const golfers = foundPerFrame.flatMap((poses) => {
    const boxes = poses.map(bodyBox);
    return boxes.length ? [boxes.reduce((a, b) => (boxHeight(b) > boxHeight(a) ? b : a))] : [];
  });
  if (golfers.length === 0 || golfers.length < MIN_LOCATED_SHARE * foundPerFrame.length) return null;
  const cx = median(golfers.map((b) => (b.left + b.right) / 2)) * width;
  const cy = median(golfers.map((b) => (b.top + b.bottom) / 2)) * height;
  const side = evenPx(SWING_SQUARE_HEIGHTS * median(golfers.map(boxHeight)) * height);
  if (side >= Math.min(width, height)) return null;
  const x = evenPx(Math.max(0, Math.min(width - side, cx - side / 2)));
  const y = evenPx(Math.max(0, Math.min(height - side, cy - side / 2)));
  return { x, y, width: side, height: side };
}

/**
 * A golfer shorter than this share of the frame's long side is searched again on a square around them,
 * even where the whole frame's search found a swing: under about 50 pixels of the 256-pixel search
 * frame the torso is some 15 pixels, and a pixel of the lite model's jitter is 0.07 of it, more than the
 * hands move when they leave address (events.onsetTorso) and than they drift at a held finish. On the
 * square the golfer is half its side. The shared clips' golfers are 0.29-0.61 of the long side;
 * bench:robustness's far and hand-held golfers 0.08-0.16.
 */
export const SQUARE_SEARCH_SHARE = 0.2;

/**
 * The square search reads frames SEARCH_LONG_SIDE square, and keeps them all for its fine pass: a 10 s clip
 * takes 80 MB. (Read at 192 pixels, the far golfers of bench:robustness lost up to 10° of their turns: the
 * measure crop is drawn from these poses.) A long clip gets smaller squares, so they stay within this.
 */
export const SQUARE_SEARCH_BYTES = 300 * 1024 * 1024;
/** Below this the golfer (half the square) would be as small to the detector as on the whole frame. */
const MIN_SQUARE_SEARCH_SIDE = 128;

/** Pixels a side of the square search's frames for a clip of `frames` analysed frames (RGBA). */
export function squareSearchSide(frames: number): number {
  const fits = Math.floor(Math.sqrt(SQUARE_SEARCH_BYTES / (4 * Math.max(1, frames))) / 2) * 2;
  return Math.max(MIN_SQUARE_SEARCH_SIDE, Math.min(SEARCH_LONG_SIDE, fits));
}
