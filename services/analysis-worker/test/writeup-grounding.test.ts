import { describe, expect, it } from 'vitest';
import { allowedNumbers, groundText, groundWriteUp, isGrounded, numbersIn, ungroundedNumbers } from '../src/writeup/grounding.js';
import { buildFacts, offlineWriteUp, type WriteUp, type WriteUpInput } from '../src/writeup/index.js';
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

const both: WriteUpInput = input({
  launchMonitor: launchData('driver', 'pga', { clubSpeed: 95, ballSpeed: 134, carry: 221, total: 243, spinRate: 3100, clubPath: -4.2, faceAngle: 1.5 }),
  pose: pose('face-on', { shoulderTurn: { value: 68.4 }, hipRotation: notMeasurable(), xFactor: notMeasurable() }),
});

describe('allowedNumbers', () => {
  it('holds measured values, reference values and differences, and nothing invented', () => {
    const allowed = allowedNumbers(buildFacts(both));
    // measured: club speed, shoulder turn (rounded to a whole degree); reference: tour club speed, targets, tempo 3:1, 15-handicap
    for (const n of [95, 68, 113, 18, 85, 95, 40, 50, 3, 1, 15, 1.41, 5.7]) expect(allowed).toContain(n);
    expect(allowed).not.toContain(23);
    expect(allowed).not.toContain(68.4);
  });
});

describe('groundText', () => {
  it('drops only the sentences holding invented numbers', () => {
    const allowed = allowedNumbers(buildFacts(both));
    const result = groundText('Club speed was 95 mph. Fixing this adds 23 yards. Your shoulder turn was 68°.', allowed);
    expect(result.text).toBe('Club speed was 95 mph. Your shoulder turn was 68°.');
    expect(result.dropped).toEqual(['Fixing this adds 23 yards.']);
  });
});

describe('groundWriteUp', () => {
  const allowed = allowedNumbers(buildFacts(both));
  const reply: WriteUp = {
    performanceAssessment: 'Your driver club speed of 95 mph is 18 mph below the PGA Tour average of 113 mph.',
    launchMonitorAssessment: 'Smash factor 1.41 against the tour 1.48.',
    swingStrengths: ['Steady head.'],
    swingWeaknesses: ['Shoulder turn of 68° is short of the 85-95° target.'],
    keyIssues: ['Out-to-in path'],
    recommendations: ['Open books daily.'],
    exerciseRecommendations: [],
  };

  it('accepts a reply whose numbers are all measured or reference values', () => {
    const result = groundWriteUp(reply, allowed, true);
    expect(result).toEqual({ ok: true, writeUp: reply, dropped: [] });
  });

  it('rewrites a reply with one invented figure by removing that sentence', () => {
    const result = groundWriteUp({ ...reply, swingStrengths: ['Steady head.', 'You will gain 23 yards.'] }, allowed, true);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.writeUp.swingStrengths).toEqual(['Steady head.']);
    expect(result.dropped).toEqual(['You will gain 23 yards.']);
  });

  it('rejects a reply whose assessment rests on an invented figure', () => {
    const result = groundWriteUp({ ...reply, performanceAssessment: 'You are losing 31 yards to tour players.' }, allowed, true);
    expect(result.ok).toBe(false);
  });

  it('rejects a reply with more invented figures than it can rewrite', () => {
    const result = groundWriteUp({ ...reply, recommendations: ['Open books daily.', 'Add 61 mph.', 'Gain 47%.', 'Do 400 reps.'] }, allowed, true);
    expect(result.ok).toBe(false);
    expect(result.dropped).toHaveLength(3);
  });

  it('rejects a reply without a launch-monitor reading when there was launch data', () => {
    expect(groundWriteUp({ ...reply, launchMonitorAssessment: null }, allowed, true).ok).toBe(false);
    expect(groundWriteUp({ ...reply, launchMonitorAssessment: null }, allowed, false).ok).toBe(true);
  });
});

describe('the offline writer is grounded by construction', () => {
  const cases: Array<[string, WriteUpInput]> = [
    ['launch and pose', both],
    ['pose only, both views', input({ pose: pose('face-on'), downTheLinePose: pose('down-the-line', { spineAngleChange: { value: -14.6 } }) })],
    ['launch only, lpga 7-iron', input({ club: '7-iron', tour: 'lpga', launchMonitor: launchData('7-iron', 'lpga', { clubSpeed: 70.4, ballSpeed: 96.2, carry: 128, spinRate: 5200, clubPath: 3.6, faceAngle: -2.1 }) })],
    ['nothing measured', input({})],
  ];
  it.each(cases)('%s', (_name, writeUpInput) => {
    const written = offlineWriteUp(writeUpInput);
    const allowed = allowedNumbers({ ...buildFacts(writeUpInput), workoutFocus: written.exerciseRecommendations });
    const texts = [
      written.performanceAssessment,
      written.launchMonitorAssessment ?? '',
      ...written.swingStrengths,
      ...written.swingWeaknesses,
      ...written.keyIssues,
      ...written.recommendations,
      ...written.exerciseRecommendations.map((r) => r.why),
    ];
    for (const text of texts) expect(ungroundedNumbers(text, allowed), text).toEqual([]);
  });
});
