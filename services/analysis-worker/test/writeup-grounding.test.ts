import { describe, expect, it } from 'vitest';
import { groundingRules, groundText, groundWriteUp, isGrounded, numbersIn, sentenceProblem, ungroundedNumbers, writableNumbers, type GroundingRules } from '../src/writeup/grounding.js';
import { buildFacts, offlineWriteUp, type WriteUp, type WriteUpInput } from '../src/writeup/index.js';
import { whatMattersMost } from '../src/writeup/offline.js';
import { input, launchData, notMeasurable, pose } from './writeup-fixtures.js';
describe('numbersIn', () => {
  it.each([
    ['Club speed 95.3 mph', [95.3]],
    ['Spin 2,200 rpm', [2200]],
    ['target 85-95°', [85, 95]],
    ['tempo 3:1', [3, 1]],
    ['-4.2 degrees', [4.2]],
    ['no figures here', []],
  ])('%j -> %j', (text, expected) => {
    expect(numbersIn(text).map((n) => n.value)).toEqual(expected);
  });
});

describe('isGrounded', () => {
  const allowed = [17.6, 1.42, 88, 2200];
  it.each([
    ['17.6', true],
    ['18', true], // 17.6 written whole
    ['17', false],
    ['1.42', true],
    ['1.4', true], // 1.42 to one decimal
    ['1.5', false],
    ['88', true],
    ['2,200', true],
    ['2,300', false],
    ['23', false],
  ])('%s -> %s', (text, expected) => {
    const [written] = numbersIn(text);
    expect(isGrounded(written!, allowed)).toBe(expected);
  });
});

/** What the grounding holds a reply to for this input: the rules' own choices, as createWriteUp passes them. */
function rulesFor(writeUpInput: WriteUpInput): GroundingRules {
  const facts = buildFacts(writeUpInput);
  return groundingRules(facts, { mattersMost: whatMattersMost(facts, writeUpInput.club), focus: offlineWriteUp(writeUpInput).exerciseRecommendations });
}

// A slicer filmed face-on only: the launch card shows 96.4 mph against the tour's 113 (16.6 short); the
// mobility card shows a 68° shoulder turn and says hip rotation and X-Factor need the down-the-line video.
// The rules choose the club path to matter most, and Thoracic Spine, Shoulder, Core and Lower Body work.
const slicer: WriteUpInput = input({
  launchMonitor: launchData('driver', 'pga', { clubSpeed: 96.4, ballSpeed: 134, carry: 221, total: 243, spinRate: 3100, clubPath: -4.2, faceAngle: 1.5 }),
  pose: pose('face-on', { shoulderTurn: { value: 68.4 }, hipRotation: notMeasurable(), xFactor: notMeasurable() }),
});

describe('writableNumbers', () => {
  it('holds the targets, references and the club, and none of the figures the cards show', () => {
    const allowed = writableNumbers(buildFacts(input({ ...slicer, club: '7-iron' })), {});
    for (const n of [85, 95, 40, 50, 3, 1, 15, 7]) expect(allowed).toContain(n);
    // club speed, its tour and amateur averages and differences, ball speed, smash, carry, spin, face to path, shoulder turn, tempo seconds
    for (const n of [96.4, 113, 93, 16.6, 134, 1.39, 221, 3100, 900, 5.7, 68, 0.8, 0.27]) expect(allowed).not.toContain(n);
  });
});

describe('groundText', () => {
  it('drops only the sentences holding a figure the cards show or an invented one', () => {
    const result = groundText('Your club speed is 96.4 mph. Your shoulder turn is short of the 85-95° target. Fixing this adds 23 yards.', rulesFor(slicer), true);
    expect(result.text).toBe('Your shoulder turn is short of the 85-95° target.');
    expect(result.dropped).toEqual(['Your club speed is 96.4 mph.', 'Fixing this adds 23 yards.']);
  });
});

describe('groundWriteUp: a model reply beside the cards', () => {
  const rules = rulesFor(slicer);
  const tourClubSpeed = buildFacts(slicer).launch!.comparisons.find((c) => c.metric === 'clubSpeed')!;
  // What the page needs: each figure left to its card, the rules' focus first, only the chosen focus areas.
  const reply: WriteUp = {
    performanceAssessment: 'What matters most is your club path: it cuts across the ball, the pattern behind slices and pulls. The one thing to work on: start the downswing with your lower body so the arms drop to the inside.',
    launchMonitorAssessment: 'Club speed and ball speed are below the PGA Tour average. Off-centre contact is costing ball speed.',
    swingStrengths: ['Your head stays steady in the backswing.'],
    swingWeaknesses: ['A strong out-to-in club path.', 'Your shoulder turn is short of the 85-95° target.'],
    keyIssues: ['Out-to-in club path', 'Restricted shoulder turn'],
    recommendations: ['Rehearse downswings with a headcover just outside the ball.', 'Do open books every day for Thoracic Spine Mobility.'],
    exerciseRecommendations: [],
  };

  it('keeps a reply that says what the figures mean without repeating them', () => {
    expect(groundWriteUp(reply, rules)).toEqual({ ok: true, writeUp: reply, dropped: [] });
  });

  type Expected = { ok: true; dropped: string[] } | { ok: false; reason: RegExp };
  const table: Array<[string, Partial<WriteUp>, Expected, WriteUpInput?]> = [
    // Launch numbers: the launch card shows each with its tour and amateur averages.
    ['repeats a launch number', { launchMonitorAssessment: 'Your 96.4 mph club speed is below the PGA Tour average. Off-centre contact is costing ball speed.' }, { ok: true, dropped: ['Your 96.4 mph club speed is below the PGA Tour average.'] }],
    ['repeats a tour average the card shows', { swingWeaknesses: ['A strong out-to-in club path.', `Tour players average ${tourClubSpeed.tour} mph.`] }, { ok: true, dropped: [`Tour players average ${tourClubSpeed.tour} mph.`] }],
    ['works out the gap the card shows', { swingWeaknesses: ['A strong out-to-in club path.', `You are ${-tourClubSpeed.diffFromTour!} mph short of tour speed.`] }, { ok: true, dropped: [`You are ${-tourClubSpeed.diffFromTour!} mph short of tour speed.`] }],
    ['repeats a measured body figure', { swingWeaknesses: ['A strong out-to-in club path.', 'Your shoulder turn of 68° is short of the 85-95° target.'] }, { ok: true, dropped: ['Your shoulder turn of 68° is short of the 85-95° target.'] }],
    ['repeats a launch number that equals a target', { launchMonitorAssessment: 'Carry of 95 yards is below the PGA Tour average. Off-centre contact is costing ball speed.' }, { ok: true, dropped: ['Carry of 95 yards is below the PGA Tour average.'] }],
    ['repeats the launch numbers throughout', { launchMonitorAssessment: 'Club speed 96.4 mph. Ball speed 134 mph. Carry 221 yards. Spin 3,100 rpm.' }, { ok: false, reason: /4 sentences/ }],
    ['leaves nothing but numbers in the launch paragraph', { launchMonitorAssessment: 'Club speed 96.4 mph against 113 mph.' }, { ok: false, reason: /launch-monitor assessment/ }],
    // Figures the page shows no reading of: the hips and X-Factor need the down-the-line video.
    ['judges the hip turn the view could not give', { swingStrengths: ['Your head stays steady in the backswing.', 'Your hips turn inside the 40-50° target.'] }, { ok: true, dropped: ['Your hips turn inside the 40-50° target.'] }],
    ['names a key issue of a figure not measured', { keyIssues: ['Out-to-in club path', 'Limited hip rotation'] }, { ok: true, dropped: ['Limited hip rotation'] }],
    ['says again what the mobility card says under a figure', { performanceAssessment: `${reply.performanceAssessment} Your X-Factor could not be measured from this view.` }, { ok: true, dropped: ['Your X-Factor could not be measured from this view.'] }],
    ['advises a fuller turn without judging a figure', { recommendations: [...reply.recommendations, 'A fuller hip and shoulder turn adds club speed more safely than swinging the arms harder.'] }, { ok: true, dropped: [] }],
    ['judges a tempo no real-time video timed', { swingStrengths: ['Steady head.', 'Your tempo is close to the 3:1 rhythm of tour players.'] }, { ok: true, dropped: ['Your tempo is close to the 3:1 rhythm of tour players.'] }, input({ ...slicer, pose: pose('face-on', { shoulderTurn: { value: 68.4 }, hipRotation: notMeasurable(), xFactor: notMeasurable() }, { tempo: { backswingSec: null, downswingSec: null, ratio: 2.1 }, slowMotion: { factor: 3 } }) })],
    ['says again that the video plays in slow motion', { performanceAssessment: `${reply.performanceAssessment} Your video plays in slow motion.` }, { ok: true, dropped: ['Your video plays in slow motion.'] }],
    ['uses technical words', { swingStrengths: ['Your head stays steady in the backswing.', 'The pose model was unsure of your hips.'] }, { ok: true, dropped: ['The pose model was unsure of your hips.'] }],
    // The focus: what matters most and the workout's four areas are the rules'.
    ['names a focus area the rules did not choose', { recommendations: [...reply.recommendations, 'Make Ankle Mobility your priority this week.'] }, { ok: true, dropped: ['Make Ankle Mobility your priority this week.'] }],
    ['opens with another fault than the rules chose', { performanceAssessment: 'What matters most is your shoulder turn: a fuller one builds speed. The one thing to work on: open books every day.' }, { ok: false, reason: /another focus than the rules chose \(clubPath\)/ }],
    ['opens with the rules\' focus in its own words', { performanceAssessment: 'Swinging across the ball from out to in is what costs you most. The one thing to work on: let the arms drop before you turn.' }, { ok: true, dropped: [] }],
  ];

  it.each(table)('%s', (_name, change, expected, other) => {
    const result = groundWriteUp({ ...reply, ...change }, other ? rulesFor(other) : rules);
    if (expected.ok) expect(result).toMatchObject({ ok: true, dropped: expected.dropped });
    else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(expected.reason);
    }
  });

  it('rejects a reply with more dropped sentences than it can rewrite', () => {
    const result = groundWriteUp({ ...reply, recommendations: [...reply.recommendations, 'Add 61 mph.', 'Gain 47%.', 'Do 400 reps.'] }, rules);
    expect(result.ok).toBe(false);
    expect(result.dropped).toHaveLength(3);
  });

  it('rejects a reply without a launch-monitor reading only when there was launch data', () => {
    expect(groundWriteUp({ ...reply, launchMonitorAssessment: null }, rules).ok).toBe(false);
    // Without launch data the rules' focus is the shoulder turn: the reply opens with it.
    const shoulderFirst = { ...reply, launchMonitorAssessment: null, performanceAssessment: 'What matters most is your shoulder turn: a fuller one gives your swing room. The one thing to work on: open books every day.' };
    expect(groundWriteUp(shoulderFirst, rulesFor(input({ pose: slicer.pose }))).ok).toBe(true);
  });
});

describe('the offline writer passes its own grounding', () => {
  const slowed = { tempo: { backswingSec: null, downswingSec: null, ratio: 2.1 }, slowMotion: { factor: 3 } } as const;
  const cases: Array<[string, WriteUpInput]> = [
    ['launch and a face-on video', slicer],
    ['both views, early extension', input({ pose: pose('face-on'), downTheLinePose: pose('down-the-line', { spineAngleChange: { value: -14.6 } }) })],
    ['a slow-motion down-the-line video alone', input({ downTheLinePose: pose('down-the-line', { headSway: notMeasurable('needs the face-on view'), hipSway: notMeasurable('needs the face-on view') }, slowed) })],
    ['a face-on video with hips sliding and hip turn not measured', input({ pose: pose('face-on', { hipSway: { value: -12 }, hipRotation: notMeasurable(), xFactor: notMeasurable(), spineAngleChange: notMeasurable(), spineAngleAddress: notMeasurable() }) })],
    ['slow club speed, shoulder turn read unsteadily', input({ launchMonitor: launchData('driver', 'pga', { clubSpeed: 80, ballSpeed: 118 }), pose: pose('face-on', { shoulderTurn: { measurable: false, value: null, confidence: 0.1, withheld: 'uncertain' } }) })],
    ['launch only, lpga 7-iron', input({ club: '7-iron', tour: 'lpga', launchMonitor: launchData('7-iron', 'lpga', { clubSpeed: 70.4, ballSpeed: 96.2, carry: 128, spinRate: 5200, clubPath: 3.6, faceAngle: -2.1 }) })],
    ['nothing measured', input({})],
  ];
  it.each(cases)('%s', (_name, writeUpInput) => {
    const written = offlineWriteUp(writeUpInput);
    expect(groundWriteUp(written, rulesFor(writeUpInput))).toEqual({ ok: true, writeUp: written, dropped: [] });
  });
});

describe('sentenceProblem', () => {
  it('says why a sentence was dropped', () => {
    const rules = rulesFor(slicer);
    expect(sentenceProblem('Your 96.4 mph club speed is low.', rules, true)).toMatch(/96\.4/);
    expect(sentenceProblem('Your hips turn inside the 40-50° target.', rules, true)).toMatch(/hipRotation/);
    expect(sentenceProblem('Your hips turn inside the 40-50° target.', rules, false)).toBeNull();
    expect(ungroundedNumbers('short of the 85-95° target', rules.allowed)).toEqual([]);
  });
});
