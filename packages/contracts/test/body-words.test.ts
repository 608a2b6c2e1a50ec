import { describe, expect, it } from 'vitest';
import { HEAD_WIDTH_CM, UNMOVED_HEAD_WIDTHS, headWidthWords, swayHeadWidths } from '../src/index.js';

describe('sideways movement in words, shared by the write-up and the detail page', () => {
  it.each([
    [0, null],
    [UNMOVED_HEAD_WIDTHS - 0.01, null],
    [UNMOVED_HEAD_WIDTHS, 'a quarter of a head-width'],
    [0.3, 'a third of a head-width'],
    [0.45, 'half a head-width'],
    [0.7, 'two thirds of a head-width'],
    [1.1, 'one head-width'],
    [2.4, 'two head-widths'],
    [9, 'three head-widths'],
  ])('%d head widths: %s', (size, words) => {
    expect(headWidthWords(size)).toBe(words);
  });

  it('reads older analyses in centimetres on the head-width scale, either direction alike', () => {
    expect(swayHeadWidths(-HEAD_WIDTH_CM / 2, 'cm')).toBe(0.5);
    expect(swayHeadWidths(0.5, 'headWidths')).toBe(0.5);
  });
});
