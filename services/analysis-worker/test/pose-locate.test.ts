/*
 * Finding a golfer too small for the whole-frame search: the tiles cover the frame so that a golfer
 * anywhere is whole on one of them, and the search square sits around the golfer who is nearest the
 * camera. (Real pixels: real-clips.test.ts, "finds a golfer about a sixth of a landscape frame's height".)
 */
import { describe, expect, it } from 'vitest';
import { MIN_LOCATED_SHARE, SQUARE_SEARCH_BYTES, SWING_SQUARE_HEIGHTS, TILE_SHARE, golferSquare, squareSearchSide, tileGrid } from '../src/pose/locate.js';
import type { Box } from '../src/pose/crowd.js';
import { LANDMARK_COUNT, type Pose } from '../src/pose/landmarks.js';

function personIn(b: Box): Pose {
  const image = new Float32Array(LANDMARK_COUNT * 4);
  const corners: [number, number][] = [[b.left, b.top], [b.right, b.bottom]];
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    const [x, y] = corners[i] ?? [(b.left + b.right) / 2, (b.top + b.bottom) / 2];
    image.set([x, y, 0, 1], i * 4);
  }
  return { image, world: new Float32Array(LANDMARK_COUNT * 4) };
}

describe('the tiles', () => {
  it.each([[640, 360], [360, 640], [256, 256]])('of a %ix%i frame stay inside it, and any box up to a quarter of the short side lies whole on one', (width, height) => {
    const tiles = tileGrid(width, height);
    const side = Math.floor((Math.min(width, height) * TILE_SHARE) / 2) * 2;
    for (const t of tiles) {
      expect([t.width, t.height]).toEqual([side, side]);
      expect(t.x >= 0 && t.y >= 0 && t.x + t.width <= width && t.y + t.height <= height).toBe(true);
    }
    const box = Math.floor(side / 2);
    for (let x = 0; x + box <= width; x += 7) {
      for (let y = 0; y + box <= height; y += 7) {
        expect(tiles.some((t) => t.x <= x && t.y <= y && x + box <= t.x + t.width && y + box <= t.y + t.height), `box at ${x},${y}`).toBe(true);
      }
    }
  });
});

describe('the search square around the golfer', () => {
  const golfer: Box = { left: 0.2, top: 0.5, right: 0.26, bottom: 0.7 };
  const bystander: Box = { left: 0.8, top: 0.6, right: 0.82, bottom: 0.66 };

  it('is centred on the tallest body, SWING_SQUARE_HEIGHTS of its height a side, in the frame\'s pixels', () => {
    const square = golferSquare([[personIn(bystander), personIn(golfer)], [personIn(golfer)], []], 640, 360)!;
    // Even pixels, from float32 landmarks: within 2 pixels of the exact side.
    const side = SWING_SQUARE_HEIGHTS * 0.2 * 360;
    expect(Math.abs(square.width - side)).toBeLessThanOrEqual(2);
    expect(square.height).toBe(square.width);
    expect(Math.abs(square.x + square.width / 2 - 0.23 * 640)).toBeLessThanOrEqual(2);
    expect(Math.abs(square.y + square.height / 2 - 0.6 * 360)).toBeLessThanOrEqual(2);
  });

  it('stays inside the frame for a golfer at its edge', () => {
    const square = golferSquare([[personIn({ left: 0.9, top: 0.75, right: 0.98, bottom: 0.98 })]], 640, 360)!;
    expect(square.x + square.width).toBeLessThanOrEqual(640);
    expect(square.y + square.height).toBeLessThanOrEqual(360);
  });

  it('is none when the golfer was found on too few frames, or would fill the frame anyway', () => {
    const found = [[personIn(golfer)], [], [], []];
    expect(found.filter((f) => f.length).length / found.length).toBeLessThan(MIN_LOCATED_SHARE);
    expect(golferSquare(found, 640, 360)).toBeNull();
    expect(golferSquare([[personIn({ left: 0.3, top: 0.1, right: 0.5, bottom: 0.9 })]], 640, 360)).toBeNull();
  });
});

describe('the square search\'s frames', () => {
  it.each([[300, 256], [1200, 256], [1800, 208], [3600, 146]])('for %i analysed frames (up to MAX_VIDEO_SECONDS at 30 fps) are %i pixels a side, within the memory the search may keep', (frames, side) => {
    expect(squareSearchSide(frames)).toBe(side);
    expect(frames * squareSearchSide(frames) ** 2 * 4).toBeLessThanOrEqual(SQUARE_SEARCH_BYTES);
  });

  it('never go below the smallest square worth searching (a longer clip than the product takes would pass the budget)', () => {
    expect(squareSearchSide(1_000_000)).toBe(128);
  });
});
