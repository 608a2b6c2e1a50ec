/*
 * Two pictures side by side in one video: a coach's or an app's split screen, often the face-on and the
 * down-the-line views of one swing. The product reads one view per video, so it must read the picture
 * whose view the golfer uploaded the video as, not whichever golfer the search followed.
 *
 * The seam between two pictures is a column where the picture stops being one scene: across it, the
 * brightness of neighbouring columns differs, row by row, far more than between any two columns equally
 * far apart on either side, and it does so in every frame, from the top of the frame to the bottom. A
 * vertical edge inside one scene (a post, a door frame, a golfer's back) differs too, but on part of the
 * height, not on nearly every row of every frame. Split screens divide the frame in the middle, so
 * only columns near it are looked at.
 *
 * On four frames of each clip (bench/split-screen.ts): the face-on and down-the-line clips side by side
 * cut 0.42-0.73 of the rows at the seam in every frame; no column near the middle of the seven shared
 * clips, nor of a clip over a blurred copy of itself, cut more than 0.19 in any frame. What the seam
 * decides is only which picture to read when the one read first is of the other view (index.ts).
 */
import { evenPx, type PixelBox } from './crop.js';
import { bodyBox, type Box } from './crowd.js';
import { median } from './geometry.js';
import type { Pose } from './landmarks.js';
import type { RawFrame } from './runtime/protocol.js';

/** The seam is looked for between these shares of the frame's width (apps split screens in halves). */
export const SEAM_BAND = [0.4, 0.6] as const;
/**
 * Pixels either side of a candidate seam the columns compared across it stand (a scaled seam blurs over
 * 2-3); the columns on either side are compared over the same distance, twice this.
 */
const SEAM_REACH = 3;
/**
 * How many times the larger difference between columns as far apart on either side the difference across
 * the seam must be for a row to count as cut there.
 */
const CUT_RATIO = 2;
/** Grey levels: rows whose difference across is smaller than this do not count as cut (flat sky, black). */
const CUT_MIN_LUMA = 8;
/**
 * Share of rows cut, in every frame, for a seam. Two pictures of a golf course share grass and sky, whose
 * rows differ little across the seam, so a seam cuts under half the rows; an edge in one scene a fifth.
 */
const SEAM_ROWS = 0.3;

const lumaAt = (f: RawFrame, x: number, y: number): number => {
  const i = (y * f.width + x) * 4;
  return (f.data[i]! * 299 + f.data[i + 1]! * 587 + f.data[i + 2]! * 114) / 1000;
};

/** Share of the frame's rows on which column `x` cuts the picture (see CUT_RATIO). */
export function cutRows(f: RawFrame, x: number): number {
  const r = SEAM_REACH;
  if (x - 3 * r < 0 || x + 3 * r >= f.width) return 0;
  let cut = 0;
  for (let y = 0; y < f.height; y++) {
    const across = Math.abs(lumaAt(f, x - r, y) - lumaAt(f, x + r, y));
    const left = Math.abs(lumaAt(f, x - 3 * r, y) - lumaAt(f, x - r, y));
    const right = Math.abs(lumaAt(f, x + r, y) - lumaAt(f, x + 3 * r, y));
    // Against the larger side's step: a picture's edge is not a seam because the other side is flat.
    if (across >= CUT_MIN_LUMA && across > CUT_RATIO * Math.max(left, right, 1)) cut++;
  }
  return cut / f.height;
}

/**
 * Where two pictures meet side by side in every one of `frames` (same size), as a share of the width;
 * null for one picture. The column cut on most rows in its worst frame; the columns within SEAM_REACH of
 * a seam all straddle it, so the seam is the middle of the run of them.
 */
export function splitSeam(frames: RawFrame[]): number | null {
  const first = frames[0];
  if (!first || frames.some((f) => f.width !== first.width || f.height !== first.height)) return null;
  const columns: { x: number; rows: number }[] = [];
  for (let x = Math.ceil(SEAM_BAND[0] * first.width); x <= Math.floor(SEAM_BAND[1] * first.width); x++) {
    columns.push({ x, rows: Math.min(...frames.map((f) => cutRows(f, x))) });
  }
  const most = Math.max(0, ...columns.map((c) => c.rows));
  if (most < SEAM_ROWS) return null;
  // The run of columns around the most cut one that cut at least half as many rows, weighted by their cuts.
  const peak = columns.findIndex((c) => c.rows === most);
  let [from, to] = [peak, peak];
  while (from > 0 && columns[from - 1]!.rows >= most / 2) from--;
  while (to < columns.length - 1 && columns[to + 1]!.rows >= most / 2) to++;
  const run = columns.slice(from, to + 1);
  const centre = run.reduce((a, c) => a + c.x * c.rows, 0) / run.reduce((a, c) => a + c.rows, 0);
  // Column x's pixels span x..x+1: a seam between columns x and x+1 lies at x+1, the middle of its run plus a half.
  return (centre + 0.5) / first.width;
}

export type Side = 'left' | 'right';

/** A split screen's seam (share of the width) and the side of it the golfer read stands on. */
export interface SplitScreen {
  seam: number;
  golferSide: Side;
}

/** Beyond the seam's column, the share of the width its blur spreads over. */
const SEAM_BLUR = 0.01;

export const otherSide = (side: Side): Side => (side === 'left' ? 'right' : 'left');

/** The side of `seam` a golfer whose body's middle is at `x` (share of the width) stands on. */
export const sideOf = (x: number, seam: number): Side => (x < seam ? 'left' : 'right');

/** The box (normalised) covering the picture on `side` of the seam, the seam's blur included. */
export function pictureOn(side: Side, seam: number): Box {
  return side === 'left' ? { left: 0, top: 0, right: Math.min(1, seam + SEAM_BLUR), bottom: 1 } : { left: Math.max(0, seam - SEAM_BLUR), top: 0, right: 1, bottom: 1 };
}

/** The split screen in `frames` and the side of it the golfer (their `poses` in those frames) stands on; null for one picture. */
export function splitScreenOf(frames: RawFrame[], poses: (Pose | null)[]): SplitScreen | null {
  const seam = splitSeam(frames);
  const middles = poses.flatMap((p) => {
    if (!p) return [];
    const box = bodyBox(p);
    return [(box.left + box.right) / 2];
  });
  if (seam === null || middles.length === 0) return null;
  return { seam: Math.round(seam * 1000) / 1000, golferSide: sideOf(median(middles), seam) };
}

/** The part of `picture` (pixels of a frame `width` wide) on the golfer's side of the seam: the key frames show their picture alone. */
export function golferPicture(picture: PixelBox, split: SplitScreen, width: number): PixelBox {
  const seamPx = split.seam * width;
  const blur = SEAM_BLUR * width;
  const [from, to] = split.golferSide === 'left' ? [picture.x, Math.min(picture.x + picture.width, seamPx - blur)] : [Math.max(picture.x, seamPx + blur), picture.x + picture.width];
  const x = evenPx(from + 1);
  return { ...picture, x, width: evenPx(Math.max(0, to - x)) };
}
