import { FOCUS_CATEGORIES, MOBILITY_TARGETS } from '@swingfit/contracts';
import { describe, expect, it } from 'vitest';
import { buildFacts, measuredAnalysisText, offlineWriteUp, type WriteUp } from '../src/writeup/index.js';
import { input, launchData, notMeasurable, pose } from './writeup-fixtures.js';

const allText = (w: WriteUp) =>
  [w.performanceAssessment, w.launchMonitorAssessment ?? '', ...w.swingStrengths, ...w.swingWeaknesses, ...w.keyIssues, ...w.recommendations, ...w.exerciseRecommendations.map((e) => e.why)].join('\n');

function expectWellFormed(w: WriteUp) {
  expect(w.performanceAssessment.length).toBeGreaterThan(40);
  for (const list of [w.swingStrengths, w.swingWeaknesses, w.keyIssues, w.recommendations]) {
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) expect(item.trim()).not.toBe('');
  }
  expect(w.exerciseRecommendations).toHaveLength(4);
  expect(new Set(w.exerciseRecommendations.map((e) => e.category)).size).toBe(4);
  for (const e of w.exerciseRecommendations) {
    expect(FOCUS_CATEGORIES).toContain(e.category);
    expect(e.exercises.length).toBeGreaterThanOrEqual(2);
    expect(e.exercises.length).toBeLessThanOrEqual(3);
    expect(e.why.length).toBeGreaterThan(20);
  }
  expect(allText(w)).not.toMatch(/undefined|null|NaN/);
}

const slicerLaunch = launchData('driver', 'pga', { clubSpeed: 95, ballSpeed: 134, carry: 221, total: 243, spinRate: 3100, clubPath: -4.2, faceAngle: 1.5 });
const comparison = (lm: typeof slicerLaunch, metric: string) => lm.comparisons.find((c) => c.metric === metric)!;

describe('offline writer: launch monitor only', () => {
  const w = offlineWriteUp(input({ launchMonitor: slicerLaunch }));

  it('compares the numbers with tour and amateur averages', () => {
    expectWellFormed(w);
    const speed = comparison(slicerLaunch, 'clubSpeed');
    expect(w.launchMonitorAssessment).toContain(`Club speed of ${speed.value} mph`);
    expect(w.launchMonitorAssessment).toContain(`PGA Tour average of ${speed.tour} mph`);
    expect(w.launchMonitorAssessment).toContain(`15-handicap amateur average of ${speed.amateur} mph`);
    expect(w.launchMonitorAssessment).toContain(`${Math.round(speed.tour! - speed.value)} mph below`);
    expect(w.launchMonitorAssessment).toContain(`Smash factor is ${slicerLaunch.smashFactor}`);
  });

  it('reads club path and ball flight and names them as issues', () => {
    expect(w.launchMonitorAssessment).toContain('Club path: strong out-to-in.');
    expect(w.launchMonitorAssessment).toMatch(/Ball flight: Slice/);
    expect(w.keyIssues[0]).toBe('Out-to-in club path');
    expect(w.keyIssues).toContain('Off-centre strike is costing ball speed');
    expect(w.swingWeaknesses.join(' ')).toMatch(/high|above the tour average/);
  });

  it('says honestly that no body measurements were available and uses the default focus', () => {
    expect(w.performanceAssessment).toContain('No body measurements were available');
    expect(w.exerciseRecommendations.map((e) => e.category)).toEqual(['Core Control & Rotational Strength', 'Lower Body Stability & Strength', 'Thoracic Spine Mobility', 'Pelvic Mobility & Control']);
    expect(w.recommendations.join(' ')).not.toContain('launch-monitor numbers with the next upload');
  });
});

describe('offline writer: pose only', () => {
  const restricted = pose('face-on', { shoulderTurn: { value: 78.4 }, hipRotation: { value: 31.6 }, xFactor: { value: 46.8 } });
  const w = offlineWriteUp(input({ pose: restricted }));

  it('compares mobility with the targets', () => {
    expectWellFormed(w);
    expect(w.launchMonitorAssessment).toBeNull();
    expect(w.performanceAssessment).toContain(`shoulder turn 78° (below the ${MOBILITY_TARGETS.shoulderTurn.min}-${MOBILITY_TARGETS.shoulderTurn.max}° target)`);
    expect(w.performanceAssessment).toContain('hip rotation 32° (below the 40-50° target)');
    expect(w.performanceAssessment).toContain('X-Factor 47° (inside the 40-50° target)');
    expect(w.swingStrengths.join(' ')).toContain('X-Factor of 47°');
    expect(w.keyIssues).toEqual(expect.arrayContaining(['Restricted shoulder turn (78°)', 'Limited hip rotation (32°)']));
  });

  it('mentions tempo against the tour rhythm and asks for launch numbers next time', () => {
    expect(w.swingStrengths.join(' ')).toMatch(/Tempo of 3:1 \(backswing 0\.8 s, downswing 0\.27 s\)/);
    expect(w.recommendations.join(' ')).toContain('Enter your launch-monitor numbers');
  });

  it('picks the focus areas from the measured shortfalls', () => {
    const categories = w.exerciseRecommendations.map((e) => e.category);
    expect(categories.slice(0, 2)).toEqual(['Pelvic Mobility & Control', 'Thoracic Spine Mobility']);
    const thoracic = w.exerciseRecommendations.find((e) => e.category === 'Thoracic Spine Mobility')!;
    expect(thoracic.why).toContain('78°');
    expect(w.recommendations.at(-1)).toContain('Pelvic Mobility & Control');
  });
});

describe('offline writer: launch monitor and both views', () => {
  const faceOn = pose('face-on', { hipSway: { value: 13.2 }, headSway: { value: 11.4 }, spineAngleChange: notMeasurable(), spineAngleAddress: notMeasurable() });
  const dtl = pose('down-the-line', { spineAngleChange: { value: -14.6 }, headSway: notMeasurable('needs the face-on view'), hipSway: notMeasurable('needs the face-on view') });
  const w = offlineWriteUp(input({ launchMonitor: slicerLaunch, pose: faceOn, downTheLinePose: dtl }));

  it('combines the figures from each view', () => {
    expectWellFormed(w);
    expect(w.launchMonitorAssessment).not.toBeNull();
    expect(w.performanceAssessment).not.toContain('not measurable');
    expect(w.swingWeaknesses.join(' ')).toContain('lost 15° of forward tilt between address and impact');
    expect(w.swingWeaknesses.join(' ')).toContain('Hips moved 13 cm away from the target in the backswing');
    expect(w.keyIssues).toContain('Early extension (losing posture through impact)');
    expect(w.performanceAssessment).toContain('The biggest opportunity is out-to-in club path.');
  });

  it('turns early extension and sway into the matching focus areas', () => {
    const text = measuredAnalysisText(buildFacts(input({ pose: faceOn, downTheLinePose: dtl })));
    expect(text.mobilityAnalysis.spineAngle).toContain('early extension');
    expect(text.analysisResults.balance).toMatch(/^Compromised/);
    expect(w.exerciseRecommendations.map((e) => e.category)).toEqual([
      'Core Control & Rotational Strength',
      'Postural Integrity',
      'Lower Body Stability & Strength',
      'Ankle Mobility & Foot Function',
    ]);
    expect(w.exerciseRecommendations[0]!.why).toContain('15°');
  });
});

describe('offline writer: metrics this view cannot measure', () => {
  const faceOnOnly = pose('face-on', { hipRotation: notMeasurable(), xFactor: notMeasurable(), spineAngleChange: notMeasurable(), spineAngleAddress: notMeasurable() });
  const w = offlineWriteUp(input({ pose: faceOnOnly }));

  it('says "not measurable from this view" instead of a figure and suggests the missing view', () => {
    expectWellFormed(w);
    expect(w.performanceAssessment).toContain('Hip rotation, X-Factor, spine angle at address and spine angle change are not measurable from this view.');
    expect(w.performanceAssessment).toContain('A down-the-line video would add them.');
    expect(allText(w)).not.toMatch(/Hip rotation of|X-Factor of/);
    expect(w.recommendations.join(' ')).toContain('Add a down-the-line video');
    expect(measuredAnalysisText(buildFacts(input({ pose: faceOnOnly }))).mobilityAnalysis.hipRotation).toBe('not measurable from this view');
  });

  it('tells a figure this video could not be read for apart from one the view cannot show', () => {
    const unsteady = { measurable: false, value: null, confidence: 0.12, withheld: 'uncertain' } as const;
    const mixed = pose('face-on', { hipRotation: unsteady, xFactor: unsteady, spineAngleChange: notMeasurable(), spineAngleAddress: notMeasurable() });
    const text = offlineWriteUp(input({ pose: mixed }));
    expectWellFormed(text);
    expect(text.performanceAssessment).toContain('Spine angle at address and spine angle change are not measurable from this view. A down-the-line video would add them.');
    expect(text.performanceAssessment).toContain('Hip rotation and X-Factor could not be read reliably from this video, so they are left out');
    expect(allText(text)).not.toMatch(/Hip rotation of|X-Factor of|hip rotation[^.]*not measurable from this view/i);
    const measuredText = measuredAnalysisText(buildFacts(input({ pose: mixed }))).mobilityAnalysis;
    expect(measuredText.hipRotation).toBe('not measurable from this video: the readings were too uncertain');
    expect(measuredText.spineAngle).toBe('not measurable from this view');
    // Only unsteady figures: another camera angle would not help, so it is not suggested.
    const onlyUnsteady = offlineWriteUp(input({ pose: pose('face-on', { hipRotation: unsteady, xFactor: unsteady }), downTheLinePose: null }));
    expect(onlyUnsteady.recommendations.join(' ')).not.toContain('Add a down-the-line video');
  });

  it('flags figures measured with low confidence as approximate', () => {
    const shaky = offlineWriteUp(input({ pose: pose('face-on', { shoulderTurn: { value: 90, confidence: 0.3 } }) }));
    expect(shaky.swingStrengths.join(' ')).toContain('90° (approximate');
  });

  it('passes on camera cautions', () => {
    const w2 = offlineWriteUp(input({ pose: pose('down-the-line', {}, { viewMatchesSlot: false, multipleSwings: true }) }));
    expect(w2.performanceAssessment).toContain('looks like a down-the-line view');
    expect(w2.performanceAssessment).toContain('more than one swing; the fullest one was measured');
    expect(w2.performanceAssessment).not.toContain('left-handed');
    const lefty = offlineWriteUp(input({ pose: pose('face-on', {}, { handedness: 'left' }) }));
    expect(lefty.performanceAssessment).toContain('Your driver swing (left-handed), compared');
  });
});

describe('sideways movement: either way is a fault, the text says which way', () => {
  it.each([
    // [hip sway cm (positive = away from the target), steady?, sway?, balance verdict, words]
    { hips: -12.4, steady: false, sway: true, balance: /^Poor lower-body control/, words: 'Hips moved 12 cm toward the target in the backswing' },
    { hips: 12.4, steady: false, sway: true, balance: /^Poor lower-body control/, words: 'Hips moved 12 cm away from the target in the backswing' },
    { hips: -0.1, steady: true, sway: false, balance: /^Stable and centred \(head 2 cm away from the target, hips 0 cm away from the target/, words: 'Hips stayed steady (0 cm of sideways movement).' },
    { hips: -4.6, steady: true, sway: false, balance: /^Stable and centred \(.*hips 5 cm toward the target/, words: 'Hips stayed steady (5 cm of sideways movement).' },
  ])('hips $hips cm', ({ hips, steady, sway, balance, words }) => {
    // Turn figures left out, so the strengths list (five at most) has room for the balance ones.
    const turn = { shoulderTurn: notMeasurable(), hipRotation: notMeasurable(), xFactor: notMeasurable() };
    const i = input({ pose: pose('face-on', { ...turn, hipSway: { value: hips }, headSway: { value: 2 } }) });
    const w = offlineWriteUp(i);
    const text = measuredAnalysisText(buildFacts(i));
    expect(allText(w)).toContain(words);
    expect(allText(w)).not.toMatch(/-0 cm/);
    expect(w.swingStrengths.some((s) => s.startsWith('Hips stayed steady'))).toBe(steady);
    expect(w.keyIssues.includes('Lateral hip slide')).toBe(sway);
    expect(text.analysisResults.balance).toMatch(balance);
    expect(w.exerciseRecommendations.map((e) => e.category).includes('Lower Body Stability & Strength')).toBe(true);
    expect(w.exerciseRecommendations.find((e) => e.category === 'Lower Body Stability & Strength')!.why.startsWith('Your hips moved')).toBe(sway);
  });

  it('calls a head moving toward the target a reverse pivot', () => {
    const w = offlineWriteUp(input({ pose: pose('face-on', { headSway: { value: -11 } }) }));
    expect(w.keyIssues).toContain('Head moving toward the target (reverse pivot)');
  });
});

describe('figures the camera view is known to misread', () => {
  it.each([
    // [x-factor, its bias, caveat expected]
    [8, 'low', true], // short of the target, and the view reads it low: say so
    [8, undefined, false],
    [46, 'low', false], // inside the target: nothing to qualify
  ] as const)('X-Factor %d° with bias %s', (value, bias, caveat) => {
    const w = offlineWriteUp(input({ pose: pose('face-on', { xFactor: { value, ...(bias ? { bias } : {}) } }) }));
    expect(allText(w).includes('the face-on view tends to read this low')).toBe(caveat);
  });

  it('qualifies an over-read the same way, and only in the direction the view errs', () => {
    const high = offlineWriteUp(input({ pose: pose('face-on', { hipRotation: { value: 61, bias: 'high' } }) }));
    expect(high.swingWeaknesses.join(' ')).toContain('Hip rotation of 61° (the face-on view tends to read this high) is beyond the 40-50° target');
    // The headline paragraph carries the same caveat, so no figure is qualified in one place and not another.
    expect(high.performanceAssessment).toContain('hip rotation 61° (above the 40-50° target; the face-on view tends to read this high)');
    const low = offlineWriteUp(input({ pose: pose('face-on', { hipRotation: { value: 30, bias: 'high' } }) }));
    expect(allText(low)).not.toContain('tends to read');
  });
});

describe('texts the workout reads, with one view or both', () => {
  it('nests the mobility texts in analysisResults, as the focus-area rule reads them first', () => {
    const text = measuredAnalysisText(buildFacts(input({ pose: pose('face-on') })));
    expect(text.analysisResults.mobilityAnalysis).toEqual(text.mobilityAnalysis);
  });

  it('says lateral balance needs the face-on video when only down the line was analysed', () => {
    const dtlOnly = pose('down-the-line', { headSway: notMeasurable('needs the face-on view'), hipSway: notMeasurable('needs the face-on view') });
    expect(measuredAnalysisText(buildFacts(input({ downTheLinePose: dtlOnly }))).analysisResults.balance).toBe('Lateral balance is not measurable from this view: it needs the face-on video');
  });
});

describe('offline writer: LPGA and 7-iron', () => {
  const lm = launchData('7-iron', 'lpga', { clubSpeed: 70.4, ballSpeed: 96.2, carry: 128, total: 140, spinRate: 4200, clubPath: 0.5, faceAngle: 0.2 });
  const w = offlineWriteUp(input({ club: '7-iron', tour: 'lpga', launchMonitor: lm }));

  it('compares with LPGA Tour figures for the 7-iron', () => {
    expectWellFormed(w);
    const speed = comparison(lm, 'clubSpeed');
    const pga = comparison(launchData('7-iron', 'pga', { clubSpeed: 70.4 }), 'clubSpeed');
    expect(speed.tour).not.toBe(pga.tour);
    expect(w.performanceAssessment).toContain('Your 7-iron swing, compared with LPGA Tour averages.');
    expect(w.launchMonitorAssessment).toContain(`LPGA Tour average of ${speed.tour} mph`);
    expect(w.launchMonitorAssessment).not.toContain('PGA Tour average of' + ` ${pga.tour} mph`);
    expect(w.launchMonitorAssessment).toContain('an LPGA Tour average');
  });

  it('reads 7-iron spin in iron terms and leaves total distance out', () => {
    expect(w.launchMonitorAssessment).toContain('low for a 7-iron');
    expect(w.launchMonitorAssessment).not.toContain('Total distance');
    expect(w.swingStrengths.join(' ')).toContain('flies straight');
  });
});
