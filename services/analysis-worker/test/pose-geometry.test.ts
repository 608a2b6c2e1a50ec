import { describe, expect, it } from 'vitest';
import { CONFIDENCE_BAR, withFaceOnLimits, xFactorWithheldWords, type PoseSummary } from '@swingfit/contracts';
import { WITHHELD_TEXT, computeMetrics, type EventPoses } from '../src/pose/metrics.js';
import { FACE_ON_HIPS_LEAST_DEG, PELVIS_DEPTH_RATIO, cameraYawFaceOn, faceOnHipResolution, flatTopOfCurve, monotoneFit, outlineWidth, turnFromOutline } from '../src/pose/turn.js';
import { GRIP_SPAN_TORSO, alignLabels, gripPx } from '../src/pose/geometry.js';
import { LM } from '../src/pose/landmarks.js';
import { buildFacts, measuredAnalysisText, offlineWriteUp } from '../src/writeup/index.js';
import { syntheticPose, syntheticSwing, type SyntheticSwingSpec } from '../src/pose/synthetic.js';
import { detectHandedness, detectView } from '../src/pose/view.js';

const W = 720;
const H = 1280;
const ctxFor = (view: SyntheticSwingSpec['view'], handedness: 'right' | 'left' = 'right') => ({ view, handedness, width: W, height: H });
const measure = (spec: SyntheticSwingSpec) => computeMetrics(syntheticSwing(spec), ctxFor(spec.view, spec.handedness));

/** What the writer makes of metrics measured in one view (the texts golfers and the workout read). */
function writerInput(metrics: PoseSummary['metrics'], view: PoseSummary['view'], viewMatchesSlot = true) {
  const ev = (frame: number) => ({ frame, timeSec: frame / 30 });
  const pose: PoseSummary = {
    view, viewMatchesSlot, handedness: 'right', fps: 30, frameCount: 60, personFoundRatio: 1, multipleSwings: false,
    events: { address: ev(5), top: ev(30), impact: ev(38), finish: ev(50) },
    tempo: { backswingSec: 0.9, downswingSec: 0.3, ratio: 3 }, metrics, keyframes: {}, poseUrl: null,
  };
  const slot = viewMatchesSlot ? view : view === 'face-on' ? 'down-the-line' : 'face-on';
  return { club: 'driver', tour: 'pga', launchMonitor: null, pose: slot === 'face-on' ? pose : null, downTheLinePose: slot === 'down-the-line' ? pose : null } as const;
}
const textFor = (metrics: PoseSummary['metrics'], view: PoseSummary['view']) => measuredAnalysisText(buildFacts(writerInput(metrics, view)));

describe('down the line: the 3D skeleton seen from above, through the backswing', () => {
  const cases = [
    { pelvis: 25, thorax: 70, tilt: 25, yaw: 0, hand: 'right' as const },
    { pelvis: 45, thorax: 90, tilt: 35, yaw: 20, hand: 'left' as const },
    { pelvis: 55, thorax: 105, tilt: 30, yaw: -25, hand: 'right' as const },
  ];
  it.each(cases)('pelvis $pelvis°, thorax $thorax°, tilt $tilt°, camera yaw $yaw°, $hand-handed', ({ pelvis, thorax, tilt, yaw, hand }) => {
    const m = measure({ view: 'down-the-line', handedness: hand, pelvisTurn: pelvis, thoraxTurn: thorax, forwardTilt: tilt, cameraYaw: yaw });
    expect(Math.abs(m.shoulderTurn.value! - thorax)).toBeLessThanOrEqual(3);
    expect(Math.abs(m.hipRotation.value! - pelvis)).toBeLessThanOrEqual(3);
    expect(Math.abs(m.xFactor.value! - (thorax - pelvis))).toBeLessThanOrEqual(3);
    expect(m.shoulderTurn.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe('face-on: the lead shoulder against the spine, through the backswing', () => {
  it.each([
    { thorax: 70, hand: 'right' as const, yaw: 0, tilt: 30 },
    { thorax: 95, hand: 'left' as const, yaw: 0, tilt: 40 },
    { thorax: 105, hand: 'right' as const, yaw: 0, tilt: 25 },
    { thorax: 90, hand: 'right' as const, yaw: 15, tilt: 35 },
    { thorax: 85, hand: 'left' as const, yaw: -20, tilt: 35 },
  ])('shoulders $thorax°, $hand-handed, camera $yaw° off square, tilt $tilt°', ({ thorax, hand, yaw, tilt }) => {
    const m = measure({ view: 'face-on', handedness: hand, pelvisTurn: 45, thoraxTurn: thorax, forwardTilt: tilt, cameraYaw: yaw, hipSway: 0.05, headSway: 0.02 });
    expect(Math.abs(m.shoulderTurn.value! - thorax)).toBeLessThanOrEqual(3);
  });

  it('reads the camera off square from the address hips and feet, and without that correction a 15° camera would be 15° off', () => {
    const { address } = syntheticSwing({ view: 'face-on', pelvisTurn: 45, thoraxTurn: 90, forwardTilt: 35, cameraYaw: 15 });
    expect(Math.abs(Math.abs(cameraYawFaceOn(address, 'right')) - 15)).toBeLessThanOrEqual(1);
  });

  it.each([
    { pelvis: 30, thorax: 80, hand: 'right' as const, yaw: 0 },
    { pelvis: 45, thorax: 95, hand: 'left' as const, yaw: 0 },
    { pelvis: 55, thorax: 100, hand: 'right' as const, yaw: 15 },
    { pelvis: 40, thorax: 90, hand: 'left' as const, yaw: -15 },
  ])('hips $pelvis° from the narrowing of their outline ($hand-handed, camera $yaw° off square), and the X-factor', ({ pelvis, thorax, hand, yaw }) => {
    const m = measure({ view: 'face-on', handedness: hand, pelvisTurn: pelvis, thoraxTurn: thorax, forwardTilt: 35, cameraYaw: yaw, hipSway: 0.05 });
    expect(Math.abs(m.hipRotation.value! - pelvis)).toBeLessThanOrEqual(3);
    expect(Math.abs(m.xFactor.value! - (thorax - pelvis))).toBeLessThanOrEqual(4);
    expect(m.hipRotation.view).toBe('any');
  });

  it('inverts the outline exactly, and takes a width no turning oval can have as no reading', () => {
    for (const deg of [0, 15, 30, 45, 60, 90]) expect(turnFromOutline(outlineWidth(deg))).toBeCloseTo(deg, 6);
    expect(turnFromOutline(PELVIS_DEPTH_RATIO - 0.1)).toBeNaN();
    expect(turnFromOutline(1.2)).toBeNaN();
  });

  it.each([
    { deg: 0, low: 10, high: 12 },
    { deg: 20, low: 13, high: 16 },
    { deg: 35, low: 7, high: 8.5 },
    { deg: 50, low: 6, high: 7.5 },
  ])('puts a pixel of the face-on hips\' width at about $low-$high° of turn at $deg°', ({ deg, low, high }) => {
    expect(faceOnHipResolution(deg)).toBeGreaterThanOrEqual(low);
    expect(faceOnHipResolution(deg)).toBeLessThanOrEqual(high);
  });

  it('gives the face-on hips no more confidence than their width\'s resolution allows, however well the readings agree', () => {
    const m = measure({ view: 'face-on', pelvisTurn: 40, thoraxTurn: 85 });
    expect(m.hipRotation.measurable).toBe(true);
    expect(m.hipRotation.confidence).toBeLessThanOrEqual(1 - faceOnHipResolution(m.hipRotation.value!) / 30 + 0.005);
    // The shoulders keep theirs (metrics.ts turnCurve: a pixel is 2-3° of their turn, not 7-15).
    expect(m.shoulderTurn.confidence).toBeGreaterThan(m.hipRotation.confidence + 0.15);
  });

  it('withholds a small face-on hip turn the width cannot resolve, saying so, and reads it from behind', () => {
    // 15° narrows the hips' outline by 2%, under one of the model's pixels: with 4 mm of jitter the readings
    // cannot tell it from no turn.
    const small = { pelvisTurn: 15, thoraxTurn: 70, noise: 0.004 };
    const m = measure({ view: 'face-on', ...small });
    expect(m.hipRotation).toMatchObject({ value: null, measurable: false, withheld: 'uncertain', note: WITHHELD_TEXT.hipsTooFine });
    expect(m.xFactor).toMatchObject({ value: null, note: xFactorWithheldWords(true, false) });
    const behind = measure({ view: 'down-the-line', ...small });
    expect(Math.abs(behind.hipRotation.value! - 15)).toBeLessThanOrEqual(5);
    // More jitter reads some frames wider than at address, which no turn gives: said as such.
    expect(measure({ view: 'face-on', ...small, noise: 0.008 }).hipRotation.note).toBe(WITHHELD_TEXT.hipsUnreadable);
    // A full turn the same jitter leaves readable.
    expect(measure({ view: 'face-on', pelvisTurn: 45, thoraxTurn: 90, noise: 0.008 }).hipRotation.measurable).toBe(true);
  });

  it('withholds a face-on hip turn within a pixel of square even when every reading agrees: the picture cannot tell it from none', () => {
    // A 21° turn narrows the outline by a thirtieth, one of the model's pixels across the hips.
    expect(outlineWidth(FACE_ON_HIPS_LEAST_DEG)).toBeCloseTo(1 - 1 / 30, 6);
    expect(FACE_ON_HIPS_LEAST_DEG).toBeCloseTo(21.3, 1);
    const m = measure({ view: 'face-on', pelvisTurn: 15, thoraxTurn: 70 });
    expect(m.hipRotation).toMatchObject({ value: null, measurable: false, withheld: 'uncertain', note: WITHHELD_TEXT.hipsTooFine });
    const past = measure({ view: 'face-on', pelvisTurn: 28, thoraxTurn: 80 });
    expect(past.hipRotation.measurable).toBe(true);
    expect(Math.abs(past.hipRotation.value! - 28)).toBeLessThanOrEqual(3);
  });

  it('tells the golfer how closely the front view reads the hips, in the words the oval bears out', () => {
    const m = measure({ view: 'face-on', pelvisTurn: 40, thoraxTurn: 85 });
    expect(m.hipRotation.note).toMatch(/by about a tenth over a 40° turn, so from the front this figure is good to about 10° either way: a down-the-line video reads your hip turn more closely\.$/);
    // 'About a tenth': the oval at 40° is 0.89 of its square-on width.
    expect(1 - outlineWidth(40)).toBeGreaterThan(0.08);
    expect(1 - outlineWidth(40)).toBeLessThan(0.12);
    // And from behind the note makes no such claim.
    expect(measure({ view: 'down-the-line', pelvisTurn: 40, thoraxTurn: 85 }).hipRotation.note).not.toMatch(/10°/);
  });

  it('withholds the face-on hips, saying why, when their outline narrows more than hips can through the backswing', () => {
    const swing = syntheticSwing({ view: 'face-on', pelvisTurn: 45, thoraxTurn: 90 });
    // Hip points squeezed together at the top: joints, not an outline; no turn of an oval gives that.
    const squeezed = swing.backswing.map((f) => {
      if (!f.atTop) return f;
      const image = Float32Array.from(f.pose.image);
      const centre = (image[LM.leftHip * 4]! + image[LM.rightHip * 4]!) / 2;
      for (const i of [LM.leftHip, LM.rightHip]) image[i * 4] = centre + (image[i * 4]! - centre) * 0.4;
      const pose = { ...f.pose, image };
      return { ...f, pose, readings: [pose] };
    });
    const m = computeMetrics({ ...swing, backswing: squeezed }, ctxFor('face-on'));
    expect(m.hipRotation).toMatchObject({ value: null, measurable: false, withheld: 'uncertain', note: WITHHELD_TEXT.hipsUnreadable });
    expect(m.xFactor).toMatchObject({ value: null, withheld: 'uncertain', note: xFactorWithheldWords(true, false) });
    expect(m.shoulderTurn.measurable).toBe(true);
    expect(textFor(m, 'face-on').mobilityAnalysis.hipRotation).toBe('not measurable from this video: the readings were too uncertain');
  });

  it('is unmoved by a side-bent torso turning about its own spine', () => {
    const m = measure({ view: 'face-on', pelvisTurn: 45, thoraxTurn: 80, forwardTilt: 35, sideBend: 10, turnAxis: 'spine' });
    expect(Math.abs(m.shoulderTurn.value! - 80)).toBeLessThanOrEqual(3);
  });
});

describe('the curve through the backswing', () => {
  it('is the closest never-decreasing curve: a dip is pooled, a rise kept', () => {
    expect(monotoneFit([0, 20, 40, 70, 62, 66, 80])).toEqual([0, 20, 40, 66, 66, 66, 80]);
    expect(monotoneFit([10, Number.NaN, 30])).toEqual([10, 10, 30]);
    expect(monotoneFit([5, 4, 3])).toEqual([4, 4, 4]);
  });

  it.each([
    // A last reading higher than the rest of the top is pooled with them, not taken as the figure.
    { values: [0, 20, 40, 41, 39, 55], flatFrom: 3, top: 45 },
    // A top that still rises reads as its mean.
    { values: [0, 20, 40, 44, 45, 46], flatFrom: 3, top: 45 },
    // A high reading just before the top is pooled into it, as the free curve would.
    { values: [0, 20, 50, 40, 41, 42], flatFrom: 3, top: 43.25 },
    { values: [10, Number.NaN, 30, Number.NaN], flatFrom: 2, top: 30 },
  ])('with the top flat from frame $flatFrom, $values tops at $top', ({ values, flatFrom, top }) => {
    expect(flatTopOfCurve(values, flatFrom)).toBeCloseTo(top, 6);
  });

  /** A swing whose last top frame reads the hips `offset` degrees off their 45° turn, in both views' readings. */
  function hipsMisreadAtTheEnd(view: SyntheticSwingSpec['view'], offset: number): EventPoses {
    const swing = syntheticSwing({ view, pelvisTurn: 45, thoraxTurn: 90 });
    const last = swing.backswing.findLastIndex((f) => f.atTop);
    const pose = syntheticPose({ view, pelvisTurn: 45 + offset, thoraxTurn: 90, hands: [0.3, 0.55, 0.1] });
    const backswing = swing.backswing.map((f, i) => (i === last ? { ...f, pose, readings: [pose] } : f));
    return { ...swing, backswing };
  }

  it.each(['down-the-line', 'face-on'] as const)('%s: the hips hold one turn across the top, so a last top frame misread 15° high is not their figure', (view) => {
    const swing = hipsMisreadAtTheEnd(view, 15);
    expect(swing.backswing.filter((f) => f.atTop).length).toBeGreaterThanOrEqual(3);
    const m = computeMetrics(swing, ctxFor(view));
    expect(m.hipRotation.measurable).toBe(true);
    // The mean of three top frames, one of them 15° off: 5° over; the free curve's top would be that frame's 60°.
    expect(m.hipRotation.value!).toBeGreaterThanOrEqual(43);
    expect(m.hipRotation.value!).toBeLessThanOrEqual(52);
  });

  /** A swing whose top frames read as `topReadings` (degrees off the truth) on the picture and its mirror. */
  function shaky(offsets: [number, number][]): EventPoses {
    const swing = syntheticSwing({ view: 'down-the-line', pelvisTurn: 45, thoraxTurn: 90 });
    let k = 0;
    const backswing = swing.backswing.map((f) => {
      if (!f.atTop) return f;
      const [a, b] = offsets[k++ % offsets.length]!;
      const at = (d: number) => syntheticPose({ view: 'down-the-line', pelvisTurn: 45 + d, thoraxTurn: 90 + d, hands: [0.3, 0.55, 0.1] });
      return { ...f, readings: [at(a), at(b)] };
    });
    return { ...swing, backswing };
  }

  it('keeps a figure whose picture and mirror agree within a few degrees, and withholds one they put 40° apart', () => {
    const close = computeMetrics(shaky([[-3, 3]]), ctxFor('down-the-line'));
    expect(close.shoulderTurn.measurable).toBe(true);
    expect(close.shoulderTurn.confidence).toBeGreaterThan(0.8);
    const apart = computeMetrics(shaky([[-20, 20]]), ctxFor('down-the-line'));
    expect(apart.shoulderTurn).toMatchObject({ value: null, measurable: false, withheld: 'uncertain', note: WITHHELD_TEXT.scattered });
    expect(apart.shoulderTurn.confidence).toBeLessThan(CONFIDENCE_BAR);
    // A figure under the bar never reaches the texts the workout reads.
    expect(textFor(apart, 'down-the-line').mobilityAnalysis.shoulderTurn).toBe('not measurable from this video: the readings were too uncertain');
  });

  /** A 90° shoulder turn with frames past the hands' top read at these turns, in both views. */
  function pastTop(view: SyntheticSwingSpec['view'], turns: number[]): EventPoses {
    const swing = syntheticSwing({ view, pelvisTurn: 45, thoraxTurn: 90 });
    const last = swing.backswing[swing.backswing.length - 1]!;
    const after = turns.map((thoraxTurn, i) => {
      const pose = syntheticPose({ view, pelvisTurn: 45, thoraxTurn, hands: [0.3, 0.55, 0.1] });
      return { timeSec: last.timeSec + (i + 1) / 30, pose, readings: [pose], atTop: true, afterTop: true };
    });
    return { ...swing, backswing: [...swing.backswing, ...after] };
  }

  it.each([
    // From behind, the arms coming down hide the shoulders and the 3D reading collapses past the top (an
    // 8x slow-motion copy of tour pro B's clip read 35° there, and its figure fell from 86 to 68).
    { view: 'down-the-line', after: [35], figure: 90 },
    { view: 'down-the-line', after: [80, 60], figure: 90 },
    { view: 'face-on', after: [70], figure: 90 },
    // The shoulders still finishing their turn past the hands' top: that raises the figure.
    { view: 'down-the-line', after: [96], figure: 96 },
    { view: 'face-on', after: [94, 60], figure: 94 },
  ] as const)('$view: frames past the top read $after leave the figure at $figure', ({ view, after, figure }) => {
    const m = computeMetrics(pastTop(view, [...after]), ctxFor(view));
    expect(m.shoulderTurn.measurable).toBe(true);
    expect(Math.abs(m.shoulderTurn.value! - figure)).toBeLessThanOrEqual(3);
  });

  it('withholds the turn as not found when no top frame was read', () => {
    const swing = syntheticSwing({ view: 'down-the-line', pelvisTurn: 45, thoraxTurn: 90 });
    const m = computeMetrics({ ...swing, backswing: swing.backswing.filter((f) => !f.atTop) }, ctxFor('down-the-line'));
    expect(m.shoulderTurn).toMatchObject({ measurable: false, withheld: 'uncertain', note: WITHHELD_TEXT.notFound });
  });
});

describe('spine angle', () => {
  it.each([
    { tilt: 30, yaw: 0 },
    { tilt: 38, yaw: 10 },
    { tilt: 22, yaw: -10 },
  ])('forward tilt $tilt° is read down the line (camera yaw $yaw°)', ({ tilt, yaw }) => {
    const m = measure({ view: 'down-the-line', pelvisTurn: 40, thoraxTurn: 85, forwardTilt: tilt, cameraYaw: yaw });
    expect(Math.abs(m.spineAngleAddress.value! - tilt)).toBeLessThanOrEqual(3);
  });

  const postureAtImpact = (tiltImpact: number) => measure({ view: 'down-the-line', pelvisTurn: 45, thoraxTurn: 90, forwardTilt: 35, forwardTiltImpact: tiltImpact });

  it('reports early extension as a negative change at impact', () => {
    const m = postureAtImpact(22);
    expect(Math.abs(m.spineAngleChange.value! - -13)).toBeLessThanOrEqual(3);
    const text = textFor(m, 'down-the-line');
    expect(text.analysisResults.posture).toMatch(/early extension/i);
    expect(text.mobilityAnalysis.spineAngle).toMatch(/^35° at address, loss of 1[0-6]° by impact \(early extension\)$/);
  });

  it('does not call bending further over early extension', () => {
    const m = postureAtImpact(48);
    expect(Math.abs(m.spineAngleChange.value! - 13)).toBeLessThanOrEqual(3);
    const text = textFor(m, 'down-the-line');
    expect(JSON.stringify(text)).not.toMatch(/early extension|loss/i);
    expect(text.mobilityAnalysis.spineAngle).toMatch(/more bent over by 1[0-6]° at impact/);
    expect(offlineWriteUp(writerInput(m, 'down-the-line')).swingWeaknesses.join(' ')).toMatch(/bend further over the ball/);
  });

  it('is not measurable face-on, and says so', () => {
    const m = measure({ view: 'face-on', pelvisTurn: 45, thoraxTurn: 90 });
    expect(m.spineAngleAddress).toMatchObject({ value: null, measurable: false, note: WITHHELD_TEXT.postureFromFront });
    const text = textFor(m, 'face-on');
    expect(text.mobilityAnalysis.spineAngle).toBe('not measurable from this view');
    // A face-on shoulder turn past 70° is a lower limit (contracts FACE_ON_SHOULDER_LIMIT_DEG): its figure
    // is kept, and its text carries no number for the workout rule to read as the whole turn.
    expect(withFaceOnLimits(m)!.shoulderTurn).toMatchObject({ measurable: true, atLeast: true });
    expect(m.shoulderTurn.value!).toBeGreaterThanOrEqual(88);
    expect(text.mobilityAnalysis.shoulderTurn).not.toMatch(/\d/);
    const short = textFor(measure({ view: 'face-on', pelvisTurn: 30, thoraxTurn: 60 }), 'face-on');
    expect(short.mobilityAnalysis.shoulderTurn).toMatch(/^(5[89]|6[0-2])°$/);
  });
});

describe('sway (face-on, in head widths)', () => {
  // The synthetic head is 0.14 m from ear to ear.
  it.each([
    { hand: 'right' as const, hip: 0.08, head: 0.03 },
    { hand: 'left' as const, hip: 0.12, head: -0.04 },
    { hand: 'right' as const, hip: -0.05, head: 0 },
  ])('$hand-handed: hips $hip m, head $head m', ({ hand, hip, head }) => {
    const m = measure({ view: 'face-on', handedness: hand, pelvisTurn: 45, thoraxTurn: 90, hipSway: hip, headSway: head });
    expect(m.hipSway.unit).toBe('headWidths');
    // The head rides on the hips in the image, so its sway is the sum.
    expect(Math.abs(m.hipSway.value! - hip / 0.14)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(m.headSway.value! - (hip + head) / 0.14)).toBeLessThanOrEqual(0.05);
  });

  it('is not measurable down the line', () => {
    const m = measure({ view: 'down-the-line', pelvisTurn: 45, thoraxTurn: 90, hipSway: 0.1 });
    expect(m.hipSway.measurable).toBe(false);
    expect(m.headSway.note).toBe(WITHHELD_TEXT.swayFromBehind);
  });

  it('writes balance in head widths, never centimetres', () => {
    const m = measure({ view: 'face-on', pelvisTurn: 45, thoraxTurn: 90, hipSway: 0.12, headSway: 0.02 });
    const text = textFor(m, 'face-on');
    expect(text.analysisResults.balance).toMatch(/^Compromised: head and hips sway off the ball \(head about one head-width away from the target, hips about three quarters of a head-width away from the target between address and the top\)$/);
    expect(JSON.stringify(text)).not.toMatch(/cm/);
  });
});

describe('camera view and handedness', () => {
  it.each([
    { view: 'face-on' as const, hand: 'right' as const, yaw: 0 },
    { view: 'face-on' as const, hand: 'left' as const, yaw: 20 },
    { view: 'down-the-line' as const, hand: 'right' as const, yaw: 0 },
    { view: 'down-the-line' as const, hand: 'left' as const, yaw: -15 },
  ])('$view, $hand-handed, camera yaw $yaw°', ({ view, hand, yaw }) => {
    const address = syntheticPose({ view, handedness: hand, cameraYaw: yaw, hands: [0, -0.35, 0.35] });
    const top = syntheticPose({ view, handedness: hand, cameraYaw: yaw, pelvisTurn: 45, thoraxTurn: 90, hands: [0.3, 0.55, 0.1] });
    expect(detectView([address], W, H).view).toBe(view);
    expect(detectHandedness(view, address, top, W, H)).toBe(hand);
  });

  // A hand-held phone: the picture moves between address and the top by more than a far golfer's hands
  // move, toward the hands' own way or against it; the hands' place against the hips still tells the hand.
  it.each([
    { hand: 'right' as const, pan: 0.3 },
    { hand: 'right' as const, pan: -0.3 },
    { hand: 'left' as const, pan: 0.3 },
    { hand: 'left' as const, pan: -0.3 },
  ])('face-on, $hand-handed, with the camera moved $pan of the frame between address and the top', ({ hand, pan }) => {
    const address = syntheticPose({ view: 'face-on', handedness: hand, hands: [0, -0.35, 0.35] });
    const top = syntheticPose({ view: 'face-on', handedness: hand, pelvisTurn: 45, thoraxTurn: 90, hands: [0.3, 0.55, 0.1] });
    const moved = { ...top, image: top.image.map((v, i) => (i % 4 === 0 ? v + pan : v)) };
    expect(detectHandedness('face-on', address, moved, W, H)).toBe(hand);
  });
});

describe('strengths and weaknesses against the spec targets', () => {
  it('flags a limited turn and praises a good X-factor, in words (the figures are on their cards)', () => {
    const m = measure({ view: 'down-the-line', pelvisTurn: 30, thoraxTurn: 75 });
    const f = offlineWriteUp(writerInput(m, 'down-the-line', false));
    expect(f.swingWeaknesses.join(' ')).toMatch(/Your shoulder turn is short of the 85-95° target/);
    expect(f.swingWeaknesses.join(' ')).toMatch(/Your hips turn less than the 40-50° target/);
    expect(f.swingStrengths.join(' ')).toMatch(/X-Factor inside the 40-50° target/);
    // The tempo card says which view the video looks like: the assessment does not say it again.
    expect(f.performanceAssessment).not.toMatch(/looks like a/);
    expect([...f.swingWeaknesses, ...f.swingStrengths, f.performanceAssessment].join(' ')).not.toMatch(/\b(75|30|45)°/);
  });
});

describe('left/right labels swapped by the pose model', () => {
  it('puts them back when hips and legs changed sides, and leaves a real turn past 90° or a leg mix-up alone', () => {
    // Address: shoulders 0.4 wide, hips 0.3, knees 0.25, ankles 0.3 (normalised x), face-on.
    const pose = (sh: number, hip: number, legs: 1 | -1) => {
      // legs: +1 labelled as at address, -1 left and right knees and ankles exchanged.
      const image = new Float32Array(33 * 4);
      const put = (i: number, x: number) => image.set([0.5 + x, 0.5, 0, 1], i * 4);
      put(LM.leftShoulder, sh / 2); put(LM.rightShoulder, -sh / 2);
      put(LM.leftHip, hip / 2); put(LM.rightHip, -hip / 2);
      put(LM.leftKnee, (legs * 0.25) / 2); put(LM.rightKnee, (-legs * 0.25) / 2);
      put(LM.leftAnkle, (legs * 0.3) / 2); put(LM.rightAnkle, (-legs * 0.3) / 2);
      return { image, world: new Float32Array(33 * 4) };
    };
    const address = pose(0.4, 0.3, 1);
    const width = (p: ReturnType<typeof pose>) => {
      const a = alignLabels(p, address, 100, 100);
      return a.image[LM.leftShoulder * 4]! - a.image[LM.rightShoulder * 4]!;
    };
    // A real 100° shoulder turn: the shoulder line reverses, the legs do not, so it stays reversed.
    expect(width(pose(0.4 * Math.cos((100 * Math.PI) / 180), 0.3 * Math.cos(Math.PI / 4), 1))).toBeLessThan(0);
    // The model mirrored the whole body at a 60° turn: every left/right pair reversed, and put back.
    expect(width(pose(-0.4 * Math.cos(Math.PI / 3), -0.3 * Math.cos(Math.PI / 4), -1))).toBeCloseTo(0.2, 5);
    // The model mixed up the legs alone: hips in place, so the shoulder labels are kept and the legs put back.
    const legsMixedUp = pose(0.4 * Math.cos((70 * Math.PI) / 180), 0.3 * Math.cos(Math.PI / 4), -1);
    expect(width(legsMixedUp)).toBeCloseTo(0.4 * Math.cos((70 * Math.PI) / 180), 5);
    const fixed = alignLabels(legsMixedUp, address, 100, 100);
    expect([fixed.image[LM.leftKnee * 4], fixed.image[LM.rightAnkle * 4]]).toEqual([address.image[LM.leftKnee * 4], address.image[LM.rightAnkle * 4]]);
  });
});

describe('the hands on the grip coming down to impact', () => {
  // A body with its hip centre at (100, 300) and shoulder centre at (100, 100): 200 px of torso.
  const body = (left: [number, number], right: [number, number]) => {
    const image = new Float32Array(33 * 4);
    const put = (i: number, [x, y]: [number, number]) => image.set([x / W, y / H, 0, 0.9], i * 4);
    put(LM.leftHip, [90, 300]); put(LM.rightHip, [110, 300]); put(LM.leftShoulder, [80, 100]); put(LM.rightShoulder, [120, 100]);
    put(LM.leftWrist, left); put(LM.rightWrist, right);
    return { image, world: new Float32Array(33 * 4) };
  };
  it.each([
    { case: 'wrists together: their midpoint', left: [200, 400], right: [210, 420], want: [205, 410] },
    { case: 'a grip\'s span apart: still the midpoint', left: [200, 400], right: [200, 400 + GRIP_SPAN_TORSO * 200 - 1], want: [200, 400 + (GRIP_SPAN_TORSO * 200 - 1) / 2] },
    { case: 'the left wrist left behind above: the right one', left: [200, 300], right: [210, 420], want: [210, 420] },
    { case: 'the right wrist left behind above: the left one', left: [200, 430], right: [190, 250], want: [200, 430] },
  ] as { case: string; left: [number, number]; right: [number, number]; want: [number, number] }[])('$case', ({ left, right, want }) => {
    const [x, y] = gripPx(body(left, right), W, H);
    expect(x).toBeCloseTo(want[0], 3);
    expect(y).toBeCloseTo(want[1], 3);
  });
});
