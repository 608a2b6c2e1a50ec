/*
 * Looking for a second person: the golfer's box is blanked out and whoever the detector finds then
 * counts only when they are of about the golfer's size and stand outside the golfer's box.
 * (Real pixels: pose-stage.test.ts, "refuses a clip with two golfers side by side".)
 */
import { describe, expect, it } from 'vitest';
import { FRAMED_LEAD, MASK_MARGIN, MAX_CROWD_SHARE, MIN_OTHER_HEIGHT, MIN_SWINGING_FRAMES, NEAR_AS_GOLFER, SWING_REACH, blankOut, bodyBox, boxHeight, boxInCrop, crowdChecks, crowdVerdict, grow, handsHeight, isAmbiguous, isSomeoneElse, someoneToHide, statureOf, type Box } from '../src/pose/crowd.js';
import { EVENT_THRESHOLDS } from '../src/pose/events.js';
import { LANDMARK_COUNT, LM, type Pose } from '../src/pose/landmarks.js';
import type { RawFrame } from '../src/pose/runtime/protocol.js';

/** A pose whose landmarks fill the box (corners and centre), normalised coordinates. */
function personIn(b: Box): Pose {
  const image = new Float32Array(LANDMARK_COUNT * 4);
  const corners: [number, number][] = [[b.left, b.top], [b.right, b.top], [b.left, b.bottom], [b.right, b.bottom]];
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    const [x, y] = corners[i] ?? [(b.left + b.right) / 2, (b.top + b.bottom) / 2];
    image.set([x, y, 0, 1], i * 4);
  }
  return { image, world: new Float32Array(LANDMARK_COUNT * 4) };
}

const golfer: Box = { left: 0.4, top: 0.2, right: 0.6, bottom: 0.8 };

describe('the golfer box', () => {
  it('spans the landmarks and grows by a share of its height on every side', () => {
    expect(bodyBox(personIn(golfer))).toEqual({ left: expect.closeTo(0.4, 6), top: expect.closeTo(0.2, 6), right: expect.closeTo(0.6, 6), bottom: expect.closeTo(0.8, 6) });
    const g = grow(golfer, 0.1);
    expect([g.left, g.top, g.right, g.bottom].map((v) => Math.round(v * 1000) / 1000)).toEqual([0.34, 0.14, 0.66, 0.86]);
  });

  it('is blanked mid-grey in a copy, clipped to the picture, the original untouched', () => {
    const frame: RawFrame = { index: 3, timeMs: 100, width: 10, height: 4, data: new Uint8Array(10 * 4 * 4).fill(7) };
    const out = blankOut(frame, { left: -0.5, top: 0.25, right: 0.3, bottom: 0.75 });
    const at = (f: RawFrame, x: number, y: number) => f.data[(y * f.width + x) * 4];
    expect([at(out, 0, 1), at(out, 2, 2), at(out, 3, 1), at(out, 0, 0), at(out, 0, 3)]).toEqual([128, 128, 7, 7, 7]);
    expect(frame.data.every((v) => v === 7)).toBe(true);
    expect(out.index).toBe(3);
  });
});

describe('who counts as someone else', () => {
  const beside = (height: number): Pose => personIn({ left: 0.7, top: 0.8 - height, right: 0.8, bottom: 0.8 });
  it.each([
    ['nobody found', null, false],
    ['a second golfer as tall, beside', beside(0.6), true],
    [`someone ${MIN_OTHER_HEIGHT * 100}% of the golfer's height`, beside(0.6 * MIN_OTHER_HEIGHT + 1e-6), true],
    ['a spectator far behind (a third of the height)', beside(0.2), false],
    ["the golfer's own leftover (centred inside the golfer's box)", personIn({ left: 0.45, top: 0.25, right: 0.55, bottom: 0.75 }), false],
  ] as const)('%s → %s', (_, found, expected) => {
    expect(isSomeoneElse(found, golfer)).toBe(expected);
  });
});

describe('the share of frames with someone else', () => {
  const frame = (index: number): RawFrame => ({ index, timeMs: index * 33, width: 8, height: 8, data: new Uint8Array(8 * 8 * 4) });
  it('leaves out frames where the golfer was not tracked and counts the rest', () => {
    const checks = crowdChecks([frame(0), frame(1), frame(2), frame(3), frame(4)], (i) => (i === 4 ? null : personIn(golfer)));
    expect(checks.map((c) => c.frame.index)).toEqual([0, 1, 2, 3]);
    const other = personIn({ left: 0.05, top: 0.2, right: 0.2, bottom: 0.8 });
    expect(crowdVerdict(checks, (i) => (i < 3 ? other : null)).share).toBe(0.75);
    expect(crowdVerdict([], () => other).share).toBe(0);
  });
});

/**
 * A person in `b` (nose and eyes at its corners, so it spans the box) with shoulders a quarter and hips
 * 55% of the way down, and both hands `up` torso lengths above the hips.
 */
function personWithHands(b: Box, up: number): Pose {
  const pose = personIn(b);
  const h = b.bottom - b.top;
  const x = (b.left + b.right) / 2;
  const [shoulders, hips] = [b.top + 0.25 * h, b.top + 0.55 * h];
  const set = (i: number, y: number) => pose.image.set([x, y], i * 4);
  [LM.leftShoulder, LM.rightShoulder].forEach((i) => set(i, shoulders));
  [LM.leftHip, LM.rightHip].forEach((i) => set(i, hips));
  [LM.leftWrist, LM.rightWrist].forEach((i) => set(i, hips - up * (hips - shoulders)));
  return pose;
}

describe('someone else makes the clip ambiguous only if they swing too', () => {
  const frame = (index: number): RawFrame => ({ index, timeMs: index * 33, width: 8, height: 8, data: new Uint8Array(8 * 8 * 4) });
  const checks = crowdChecks(Array.from({ length: 10 }, (_, i) => frame(i)), () => personIn(golfer));
  const beside: Box = { left: 0.7, top: 0.2, right: 0.8, bottom: 0.8 };
  /** Someone beside the golfer in `seen` of the 10 frames, hands at `up` torso lengths, `raised` of them high. */
  const other = (seen: number, raised: number) => (i: number) => (i < seen ? personWithHands(beside, i < raised ? 1.5 : -0.6) : null);
  const high = EVENT_THRESHOLDS.high;

  it('reads the hands against the person\'s own hips and torso', () => {
    expect(handsHeight(personWithHands(beside, 1.5), 8, 8)).toBeCloseTo(1.5, 6);
    expect(handsHeight(personWithHands(beside, -0.6), 8, 8)).toBeCloseTo(-0.6, 6);
  });

  it.each([
    ['nobody else', other(0, 0), 0, false, false],
    ['an onlooker standing by in every frame, hands low', other(10, 0), 1, false, false],
    ['a second golfer swinging beside, hands high in 4 frames', other(10, 4), 1, true, true],
    [`hands high in ${MIN_SWINGING_FRAMES - 1} frame only (a misplaced wrist)`, other(10, MIN_SWINGING_FRAMES - 1), 1, false, false],
    [`hands high in ${MIN_SWINGING_FRAMES} frames`, other(10, MIN_SWINGING_FRAMES), 1, true, true],
    [`a swinging golfer in only ${MAX_CROWD_SHARE * 10} of 10 frames`, other(MAX_CROWD_SHARE * 10, 3), MAX_CROWD_SHARE, true, false],
  ] as const)('%s', (_, found, share, swinging, ambiguous) => {
    const verdict = crowdVerdict(checks, found);
    expect(verdict).toEqual({ share: expect.closeTo(share, 9), swinging });
    expect(isAmbiguous(verdict)).toBe(ambiguous);
  });

  it(`counts hands as high only above the event search's top height (${high} torso lengths)`, () => {
    const at = (up: number) => crowdVerdict(checks, () => personWithHands(beside, up)).swinging;
    expect([at(high - 0.01), at(high + 0.01)]).toEqual([false, true]);
  });
});

describe('someone swinging in the next bay is hidden, not refused, when they are plainly further off', () => {
  // A square picture keeps the boxes' arithmetic readable (reach is the same share across and down).
  const [W, H] = [1000, 1000];
  const golferAt = (left: number): Pose => personWithHands({ left, top: 0.1, right: left + 0.2, bottom: 0.9 }, 0);
  /** Someone `size` of the golfer's stature (statures: the nose at the box's top, the feet at its middle, personIn). */
  const neighbourAt = (left: number, size: number): Pose => personWithHands({ left, top: 0.9 - 0.8 * size, right: left + 0.2 * size, bottom: 0.9 }, 1.5);
  const frames = (tracked: (i: number) => Pose, other: (i: number) => Pose) => Array.from({ length: 6 }, (_, i) => ({ tracked: tracked(i), other: other(i) }));
  const golfer = golferAt(0.1);
  const next = neighbourAt(0.7, 0.75);

  it('reads stature from the face to the feet, whatever the hands do', () => {
    const low = personWithHands({ left: 0.1, top: 0.1, right: 0.3, bottom: 0.9 }, -0.6);
    const high = personWithHands({ left: 0.1, top: 0.1, right: 0.3, bottom: 0.9 }, 2);
    expect(statureOf(high)).toBeCloseTo(statureOf(low), 9);
    expect(boxHeight(bodyBox(high))).toBeGreaterThan(boxHeight(bodyBox(low)));
  });

  it('hides the smaller one, grown by their reach, whichever of the two the search followed', () => {
    const followed = someoneToHide(frames(() => golfer, () => next), W, H);
    const swapped = someoneToHide(frames((i) => (i < 3 ? next : golfer), (i) => (i < 3 ? golfer : next)), W, H);
    expect(swapped).toEqual(followed);
    const reach = SWING_REACH * statureOf(next);
    const body = bodyBox(next);
    expect(followed).toEqual({ left: expect.closeTo(body.left - reach, 9), top: expect.closeTo(body.top - reach, 9), right: expect.closeTo(body.right + reach, 9), bottom: expect.closeTo(body.bottom + reach, 9) });
  });

  it.each([
    ['nobody seen beside the golfer', [], false],
    ['a neighbour three quarters as tall, clear of the golfer', frames(() => golfer, () => next), true],
    [`a second golfer ${NEAR_AS_GOLFER * 100}% as tall: one of two of a size`, frames(() => golfer, () => neighbourAt(0.7, NEAR_AS_GOLFER)), false],
    ['a second golfer as tall', frames(() => golfer, () => neighbourAt(0.7, 1)), false],
    ["a smaller one whose reach comes within the golfer's margin", frames(() => golfer, () => neighbourAt(0.3 + MASK_MARGIN * statureOf(golfer), 0.75)), false],
  ] as const)('%s → hidden: %s', (_, seen, hidden) => {
    expect(someoneToHide([...seen], W, H) !== null).toBe(hidden);
  });

  describe('the one the phone was pointed at, plainly nearer the middle, is the golfer whatever their sizes', () => {
    // Statures 0.4 of the picture: the golfer's margin reaches 0.048 past its box, a neighbour's swing 0.1.
    const framed = golferAt(0.3); // centre 0.4, 0.1 from the middle
    /** Someone as tall whose centre stands `lead` further from the middle than the golfer's, on the right. */
    const asideBy = (lead: number) => neighbourAt(0.5 + lead, 1); // centre 0.6 + lead
    it.each([
      [`as tall, ${FRAMED_LEAD + 0.08} further from the middle`, asideBy(FRAMED_LEAD + 0.08), true],
      [`as tall, ${FRAMED_LEAD + 0.01} further from the middle`, asideBy(FRAMED_LEAD + 0.01), true],
      [`as tall, ${FRAMED_LEAD - 0.01} further from the middle: the doubt stays`, asideBy(FRAMED_LEAD - 0.01), false],
      [`${NEAR_AS_GOLFER * 100}% as tall, ${FRAMED_LEAD + 0.08} further`, neighbourAt(0.78, NEAR_AS_GOLFER), true],
      ['a taller one at the side: people differ in height, the picture tells who was filmed', neighbourAt(0.76, 1.15), true],
    ] as const)('%s → hidden: %s', (_, other, hidden) => {
      expect(someoneToHide(frames(() => framed, () => other), W, H) !== null).toBe(hidden);
    });

    it('hides the one at the side, whichever of the two the search followed', () => {
      const aside = asideBy(FRAMED_LEAD + 0.08);
      const followed = someoneToHide(frames(() => framed, () => aside), W, H);
      const swapped = someoneToHide(frames(() => aside, () => framed), W, H);
      expect(swapped).toEqual(followed);
      expect(followed!.left).toBeCloseTo(bodyBox(aside).left - SWING_REACH * statureOf(aside), 9);
    });

    it("still refuses where the side one's swing reaches the golfer", () => {
      expect(someoneToHide(frames(() => golferAt(0.4), () => asideBy(FRAMED_LEAD + 0.01)), W, H)).toBeNull();
    });
  });

  it('puts a box of the whole picture into a crop\'s own units', () => {
    const inCrop = boxInCrop({ left: 0.5, top: 0.25, right: 0.75, bottom: 0.5 }, { x: 400, y: 100, width: 200, height: 200 }, 1000, 800);
    expect(inCrop).toEqual({ left: 0.5, top: 0.5, right: 1.75, bottom: 1.5 });
  });
});
