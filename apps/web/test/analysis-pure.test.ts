import { describe, expect, it } from 'vitest';
import { BELOW_BAR_WORDS, BOTH_VIEWS_WORDS, CONFIDENCE_BAR, FACE_ON_SHOULDER_LIMIT_DEG, LOWER_LIMIT_WORDS, TIMING_MS, type MonthlyAverage, type PoseSummary, type Metric } from '@swingfit/contracts';
import { relativeAge } from '../src/components/analysis/logic/relative-time';
import { comparisonBars, mobilityScale, scalePosition } from '../src/components/analysis/logic/scales';
import { HOLD_PERCENT, loadingDecision, loadingProgress, statusRefusalIsFinal } from '../src/components/analysis/logic/loading-progress';
import { analysisCardState, analysisErrorMessage, completedCount, inProgressPollMs, ANALYSIS_FAILED_FALLBACK, ANALYSIS_FAST_POLL_FOR_MS } from '../src/components/analysis/logic/analysis-state';
import { bodyReadings, mobilityReadings } from '../src/components/analysis/logic/mobility';
import { formatDelta, progressRows } from '../src/components/analysis/logic/progress';
import { LANDING_MARK_R, TARGET_LABEL_BASELINE, ballFlightPath } from '../src/components/analysis/logic/ball-flight';
import { focusIntro } from '../src/components/analysis/logic/focus-intro';
import { containedRect, frameIndexAt, frameStepTime } from '../src/components/analysis/logic/pose-overlay';

const NOW = new Date('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeAge (section 9: Just now, then minutes, hours, days)', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [-5 * MIN, 'Just now'], // a server clock slightly ahead
    [MIN, '1 minute ago'],
    [2 * MIN + 30_000, '2 minutes ago'],
    [59 * MIN + 59_000, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [5 * HOUR + 10 * MIN, '5 hours ago'],
    [23 * HOUR + 59 * MIN, '23 hours ago'],
    [DAY, '1 day ago'],
    [45 * DAY, '45 days ago'],
  ])('%i ms ago reads %s', (ms, expected) => {
    expect(relativeAge(ago(ms), NOW)).toBe(expected);
  });
});

describe('scale positions (section 9 mobility scales)', () => {
  it.each([
    [35, 0, 70, 50],
    [0, 0, 110, 0],
    [110, 0, 110, 100],
    [-10, 0, 70, 0],
    [90, 0, 70, 100],
    [55, 0, 110, 50],
  ])('%d on %d..%d sits at %d%%', (value, min, max, pct) => {
    expect(scalePosition(value, min, max)).toBeCloseTo(pct, 6);
  });

  it.each([
    ['hipRotation', 45, 40, 50, 70, 'within'],
    ['hipRotation', 30, 40, 50, 70, 'below'],
    ['shoulderTurn', 100, 85, 95, 110, 'above'],
    ['shoulderTurn', 85, 85, 95, 110, 'within'],
    ['xFactor', 51, 40, 50, 70, 'above'],
    // Judged as shown, in whole degrees: 50.2 reads "50°" and sits at the band's end, not above it.
    ['xFactor', 50.2, 40, 50, 70, 'within'],
    ['xFactor', 50.6, 40, 50, 70, 'above'],
    ['hipRotation', 39.6, 40, 50, 70, 'within'],
    ['hipRotation', 39.4, 40, 50, 70, 'below'],
  ] as const)('%s %d: band %d-%d on 0-%d, %s', (key, value, low, high, max, verdict) => {
    const s = mobilityScale(key, value);
    expect(s.target).toEqual([low, high]);
    expect(s.scaleMax).toBe(max);
    expect(s.bandStart).toBeCloseTo((low / max) * 100, 6);
    expect(s.bandEnd).toBeCloseTo((high / max) * 100, 6);
    expect(s.shown).toBe(Math.round(value));
    expect(s.marker).toBeCloseTo((Math.round(value) / max) * 100, 6);
    expect(s.verdict).toBe(verdict);
  });

  it('has no marker or verdict without a value', () => {
    expect(mobilityScale('xFactor', null)).toMatchObject({ marker: null, verdict: null });
  });

  it('scales comparison bars to the longest of you, tour and amateur', () => {
    expect(comparisonBars(100, 125, 80)).toEqual({ value: 80, tour: 100, amateur: 64 });
    expect(comparisonBars(2600, 2200, null)).toEqual({ value: 100, tour: (2200 / 2600) * 100, amateur: null });
    expect(comparisonBars(0, null, null)).toEqual({ value: 0, tour: null, amateur: null });
  });
});

describe('loading progress schedule (steps 2, 15, 8, 5 s; 90% over 30 s, then 95%)', () => {
  const steps = TIMING_MS.loadingSteps;
  it('uses the section 9 step timings', () => {
    expect(steps).toEqual([2000, 15000, 8000, 5000]);
  });
  it.each([
    [0, 0, 0],
    [1_999, 0, 5],
    [2_000, 1, 6],
    [16_999, 1, 50],
    [17_000, 2, 51],
    [24_999, 2, 74],
    [25_000, 3, 75],
    [29_999, 3, 89],
    [30_000, 4, HOLD_PERCENT],
    [59_000, 4, HOLD_PERCENT],
  ])('at %i ms: step %i, %i%%', (elapsed, step, percent) => {
    expect(loadingProgress(elapsed, steps)).toEqual({ activeStep: step, percent });
  });
  it('never goes backwards', () => {
    let last = -1;
    for (let t = 0; t <= 35_000; t += 100) {
      const p = loadingProgress(t, steps).percent;
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
  });

  it.each([
    [{ isComplete: true, elapsedMs: 5_000 }, 'complete'],
    [{ isComplete: true, hasError: true, elapsedMs: 5_000 }, 'complete'],
    [{ hasError: true, elapsedMs: 5_000 }, 'failed'],
    [{ fetchFailed: true, elapsedMs: 1_000 }, 'failed'],
    [{ elapsedMs: 59_999 }, 'wait'],
    [{ elapsedMs: 60_000 }, 'failed'],
  ] as const)('decision %o -> %s', (input, expected) => {
    expect(loadingDecision({ ...input, failureTimeoutMs: TIMING_MS.loadingFailureTimeout })).toBe(expected);
  });
});

describe('statusRefusalIsFinal: a refused status read that no wait will change', () => {
  it.each([
    [404, true],
    [400, true],
    [403, true],
    [401, true],
    [408, false],
    [429, false],
    [500, false],
    [503, false],
    [undefined, false],
  ] as const)('%s -> %s', (status, expected) => expect(statusRefusalIsFinal(status)).toBe(expected));
});

describe('analysis card state (section 4)', () => {
  it.each([
    [null, 'in-progress'],
    [{ error: 'pose_failed', message: 'No golfer found' }, 'failed'],
    ['{"error":"transcode"}', 'failed'],
    [{ stages: [] }, 'complete'],
    ['{"warnings":[]}', 'complete'],
    ['{not json', 'in-progress'],
  ])('technicalDetails %j is %s', (technicalDetails, state) => {
    expect(analysisCardState({ technicalDetails } as never)).toBe(state);
  });

  describe('polling analyses in progress', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const uploaded = (msAgo: number, technicalDetails: unknown = null) => ({ createdAt: new Date(now - msAgo).toISOString(), technicalDetails }) as never;
    it.each([
      ['nothing in progress', [uploaded(1_000, { stages: [] })], false],
      ['one just uploaded', [uploaded(10_000)], TIMING_MS.analysisStatusPoll],
      ['one uploaded just under the fast stretch', [uploaded(ANALYSIS_FAST_POLL_FOR_MS - 1)], TIMING_MS.analysisStatusPoll],
      ['one stuck past it', [uploaded(ANALYSIS_FAST_POLL_FOR_MS)], TIMING_MS.analysisStatusSlowPoll],
      ['a stuck one beside a new one', [uploaded(3_600_000), uploaded(5_000)], TIMING_MS.analysisStatusPoll],
      ['a new one finished beside a stuck one', [uploaded(3_600_000), uploaded(5_000, { stages: [] })], TIMING_MS.analysisStatusSlowPoll],
      ['an unreadable upload time', [{ createdAt: 'not a date', technicalDetails: null } as never], TIMING_MS.analysisStatusPoll],
    ])('%s', (_name, analyses, interval) => {
      expect(inProgressPollMs(analyses, now)).toBe(interval);
    });
  });

  it('counts analyses that have technical details, failed ones (an error in them) left out', () => {
    expect(completedCount([{ technicalDetails: null }, { technicalDetails: { error: 'x' } }, { technicalDetails: {} }] as never)).toBe(1);
    expect(completedCount([{ technicalDetails: JSON.stringify({ error: 'no_golfer', message: 'No golfer was found in the video.' }) }] as never)).toBe(0);
  });

  it('shows the failure message, else the section 8 fallback', () => {
    expect(analysisErrorMessage({ error: 'x', message: 'The golfer was not in frame.' })).toBe('The golfer was not in frame.');
    expect(analysisErrorMessage({ error: 'x' })).toBe(ANALYSIS_FAILED_FALLBACK);
    expect(ANALYSIS_FAILED_FALLBACK).toBe('Video analysis failed. Please try uploading again with a clearer video file.');
    expect(analysisErrorMessage({})).toBeNull();
    expect(analysisErrorMessage(null)).toBeNull();
  });
});

const metric = (value: number | null, measurable: boolean, note?: string): Metric => ({ value, unit: 'deg', measurable, confidence: 0.9, view: 'any', ...(note ? { note } : {}) });
const summary = (view: PoseSummary['view'], metrics: Partial<PoseSummary['metrics']>) => ({ view, metrics }) as unknown as PoseSummary;

describe('mobility readings', () => {
  it('prefers the pose metrics and keeps "not measurable" honest', () => {
    const pose = summary('face-on', { hipRotation: metric(44, true), shoulderTurn: metric(null, false, 'Needs a down-the-line view'), xFactor: metric(41, true) });
    const r = mobilityReadings(pose, { hipRotation: '10°' });
    expect(r.map((x) => [x.key, x.value, x.measurable])).toEqual([
      ['hipRotation', 44, true],
      ['shoulderTurn', null, false],
      ['xFactor', 41, true],
    ]);
    expect(r[1]!.note).toBe('Needs a down-the-line view');
  });

  it('reads a turn both videos gave from both, takes one only one video gave from that video, and makes the X-factor add up', () => {
    const faceOn = summary('face-on', { hipRotation: metric(null, false, 'Needs a down-the-line video'), shoulderTurn: metric(66, true), xFactor: metric(null, false) });
    const dtl = summary('down-the-line', { hipRotation: metric(47, true), shoulderTurn: metric(88, true), xFactor: metric(41, true) });
    const both = mobilityReadings([faceOn, dtl], null);
    const values = (readings: typeof both) => readings.map((x) => (x.value === null ? null : Number(x.value.toFixed(6))));
    // Shoulders: both at confidence 0.9, so their mean; hips only from behind; X-factor = shoulders - hips as shown.
    expect(values(both)).toEqual([47, 77, 30]);
    expect(both.map((x) => x.fromView)).toEqual(['down-the-line', 'both', 'both']);
    expect(both[1]!.note).toBe(BOTH_VIEWS_WORDS.averaged('shoulderTurn', 22));
    expect(both[1]!.confidence).toBeCloseTo(0.9 * (1 - 11 / 30), 6);
    expect(mobilityReadings([faceOn, null], null).map((x) => x.value)).toEqual([null, 66, null]);
    // A face-on clip uploaded in the down-the-line slot is read as the face-on view it is.
    expect(values(mobilityReadings([dtl, faceOn], null))).toEqual([47, 77, 30]);
  });

  it('calls face-on hips a few degrees short near the target, unjudged, as far as the front view reads them; from behind it judges them', () => {
    const faceOn = summary('face-on', { hipRotation: metric(38.9, true), shoulderTurn: metric(74, true), xFactor: metric(35, true) });
    const hips = mobilityReadings([faceOn, null], null)[0]!;
    expect(hips).toMatchObject({ key: 'hipRotation', value: 38.9, marginDeg: 7 });
    expect(mobilityScale('hipRotation', hips.value, false, hips.marginDeg)).toMatchObject({ shown: 39, verdict: null, near: true });
    const shortFaceOn = mobilityReadings([summary('face-on', { hipRotation: metric(27.9, true) }), null], null)[0]!;
    expect(mobilityScale('hipRotation', shortFaceOn.value, false, shortFaceOn.marginDeg)).toMatchObject({ verdict: 'below', near: false });
    const behind = mobilityReadings([null, summary('down-the-line', { hipRotation: metric(38.9, true) })], null)[0]!;
    expect(behind.marginDeg).toBeUndefined();
    expect(mobilityScale('hipRotation', behind.value, false, behind.marginDeg)).toMatchObject({ verdict: 'below', near: false });
  });

  it('shows a face-on shoulder turn past 70° as the limit, a lower limit, unjudged, and takes a reading from behind above it', () => {
    const faceOn = summary('face-on', { hipRotation: metric(28, true), shoulderTurn: metric(74, true), xFactor: metric(46, true) });
    const alone = mobilityReadings([faceOn, null], null);
    // Read 74° and 46°: past the limit the front view tells only the limit, and the X-factor from it.
    expect(alone.map((x) => [x.value, x.atLeast ?? false])).toEqual([[28, false], [FACE_ON_SHOULDER_LIMIT_DEG, true], [FACE_ON_SHOULDER_LIMIT_DEG - 28, true]]);
    expect(alone[1]!.note).toBe(LOWER_LIMIT_WORDS.shoulderTurn);
    expect(mobilityScale('shoulderTurn', 74, true)).toMatchObject({ shown: 74, atLeast: true, verdict: null });
    expect(mobilityScale('shoulderTurn', 97, true)).toMatchObject({ verdict: 'above' });
    const dtl = summary('down-the-line', { hipRotation: metric(34, true), shoulderTurn: metric(86, true), xFactor: metric(52, true) });
    const both = mobilityReadings([faceOn, dtl], null);
    expect(both[1]).toMatchObject({ value: 86, fromView: 'both', note: LOWER_LIMIT_WORDS.aboveFrontLimit });
    expect(both.map((x) => x.atLeast ?? false)).toEqual([false, false, false]);
  });

  it('does not average in a figure from an older analysis that is under the confidence bar', () => {
    const faceOn = summary('face-on', { hipRotation: metric(null, false), shoulderTurn: { ...metric(60, true), confidence: CONFIDENCE_BAR - 0.1 }, xFactor: metric(null, false) });
    const dtl = summary('down-the-line', { hipRotation: metric(47, true), shoulderTurn: metric(88, true), xFactor: metric(41, true) });
    const r = mobilityReadings([faceOn, dtl], null);
    expect(r.map((x) => [x.value, x.fromView])).toEqual([[47, 'down-the-line'], [88, 'down-the-line'], [41, 'down-the-line']]);
  });

  it('does not show a figure under the confidence bar as a number, even from an older analysis', () => {
    const shaky = { ...metric(37, true), confidence: CONFIDENCE_BAR - 0.09 };
    const r = mobilityReadings(summary('face-on', { hipRotation: shaky, shoulderTurn: metric(61, true), xFactor: shaky }), null);
    expect(r.map((x) => [x.value, x.withheld])).toEqual([[null, 'uncertain'], [61, undefined], [null, 'uncertain']]);
    expect(r[0]!.note).toBe(BELOW_BAR_WORDS);
  });

  it('tells a figure withheld as not measured reliably apart from one the view cannot show', () => {
    const uncertain: Metric = { ...metric(null, false, 'Not measured reliably: the readings did not agree'), confidence: 0.1, withheld: 'uncertain' };
    const faceOn = summary('face-on', { hipRotation: { ...metric(null, false, 'Only down the line'), withheld: 'view' }, shoulderTurn: metric(70, true), xFactor: uncertain });
    const dtl = summary('down-the-line', { hipRotation: uncertain, shoulderTurn: metric(88, true), xFactor: metric(null, false) });
    expect(mobilityReadings([faceOn, dtl], null).map((x) => [x.key, x.withheld])).toEqual([
      ['hipRotation', 'uncertain'],
      ['shoulderTurn', undefined],
      ['xFactor', 'uncertain'],
    ]);
    expect(mobilityReadings([summary('face-on', { hipRotation: metric(null, false), shoulderTurn: metric(70, true), xFactor: metric(null, false) }), null], null)[0]!.withheld).toBe('view'); // older analyses have no reason: the view
    const fromText = mobilityReadings(null, { hipRotation: 'not measurable from this video: the readings were too uncertain', xFactor: 'not measurable from this view' });
    expect(fromText.map((x) => x.withheld)).toEqual(['uncertain', undefined, 'view']);
  });

  it('parses the spec strings when there is no pose (section 5 extraction)', () => {
    const r = mobilityReadings(null, { hipRotation: '42° of rotation', shoulderTurn: 'limited turn', xFactor: 'not measurable from this view' });
    expect(r.map((x) => x.value)).toEqual([42, 65, null]);
    expect(r[2]!.measurable).toBe(false);
  });
});

describe('balance and posture readings', () => {
  const widths = (value: number): Metric => ({ value, unit: 'headWidths', measurable: true, confidence: 0.9, view: 'face-on' });
  it.each([
    [0.05, 'Stayed steady'],
    [0.3, 'Steady: about a third of a head-width away from the target'],
    [0.48, 'Some movement: about half a head-width away from the target'],
    [-0.7, 'A slide: about two thirds of a head-width toward the target'],
    [1.1, 'A sway: about one head-width away from the target'],
  ])('sway of %d head widths reads "%s" (what it means, then how far)', (value, text) => {
    const r = bodyReadings([summary('face-on', { headSway: widths(value), hipSway: widths(0), spineAngleAddress: metric(null, false, 'Seen from the side'), spineAngleChange: metric(null, false) })]);
    expect(r.find((x) => x.key === 'headSway')!.text).toBe(text);
  });

  it('reads posture from down the line, sway from the face-on video, and says why a figure is missing', () => {
    const faceOn = summary('face-on', { headSway: widths(0.2), hipSway: widths(0.5), spineAngleAddress: { ...metric(null, false, 'Forward bend is seen from the side'), withheld: 'view' }, spineAngleChange: metric(null, false) });
    const dtl = summary('down-the-line', { headSway: metric(null, false), hipSway: metric(null, false), spineAngleAddress: metric(34.6, true), spineAngleChange: metric(-11.2, true) });
    const both = bodyReadings([faceOn, dtl]);
    expect(both.map((x) => [x.key, x.text])).toEqual([
      ['headSway', 'Steady: about a quarter of a head-width away from the target'],
      ['hipSway', 'Some movement: about half a head-width away from the target'],
      ['spineAngleAddress', '35° from upright'],
      ['spineAngleChange', 'Stood up by 11°'],
    ]);
    const alone = bodyReadings([faceOn, null]);
    expect(alone.find((x) => x.key === 'spineAngleAddress')).toMatchObject({ text: null, withheld: 'view', note: 'Forward bend is seen from the side' });
  });

  it('shows sway from an older analysis, in centimetres, as head widths too', () => {
    const cm: Metric = { value: 7.5, unit: 'cm', measurable: true, confidence: 0.9, view: 'face-on' };
    expect(bodyReadings([summary('face-on', { headSway: cm, hipSway: cm, spineAngleAddress: metric(null, false), spineAngleChange: metric(null, false) })])[0]!.text).toBe('Some movement: about half a head-width away from the target');
  });
});

describe('monthly progress rows', () => {
  const avg: MonthlyAverage = { hasData: true, count: 3, clubSpeed: 100, ballSpeed: 146.04, smashFactor: 1.46, spinRate: 2600, carry: 230.4 };
  it('compares this swing with the 30-day average', () => {
    const rows = progressRows({ clubSpeed: 102.5, ballSpeed: 146.0, smashFactor: 1.42, carry: 230.4, spinRate: null }, avg);
    expect(rows.map((r) => [r.metric, r.delta, r.trend])).toEqual([
      ['clubSpeed', 2.5, 'up'],
      ['ballSpeed', 0, 'flat'],
      ['smashFactor', -0.04, 'down'],
      ['carry', 0, 'flat'],
    ]);
    expect(rows.map(formatDelta)).toEqual(['+2.5 mph', '±0.0 mph', '−0.04', '±0 yds']);
  });
  it('is empty without monthly data', () => {
    expect(progressRows({ clubSpeed: 100 }, { ...avg, hasData: false })).toEqual([]);
    expect(progressRows({ clubSpeed: 100 }, undefined)).toEqual([]);
  });
});

describe('workout focus card: how the four areas were chosen, said once', () => {
  const choice = (source: 'matched' | 'default' | 'padding') => ({ category: 'Thoracic Spine Mobility' as const, source, reason: 'Your shoulder turn is under 85°' });
  it.each([
    [['default', 'default', 'default', 'default'], 'Nothing in this analysis pointed to one area, so your workout builds on the standard four.'],
    [['matched', 'padding', 'padding', 'padding'], 'Your workout builds on these four areas: the first comes from this analysis, and every workout covers the other three as well.'],
    [['matched', 'matched', 'matched', 'padding'], 'Your workout builds on these four areas: the first three come from this analysis, and every workout covers the last as well.'],
    [['matched', 'matched', 'matched', 'matched'], 'Your workout builds on these four areas, each chosen from this analysis.'],
  ] as const)('%j', (sources, text) => {
    expect(focusIntro(sources.map(choice))).toBe(text);
  });
});

describe('ball flight drawing', () => {
  it.each([
    [0, 0, 50],
    [3, 2, 65], // open face, open to path: starts right and fades further right
    [-3, -2, 35],
    [3, -4, 47], // push-draw: starts right, curves back
    [20, 20, 95], // clamped to the drawing
  ])('face %d°, face-to-path %d° ends at x=%d', (face, f2p, endX) => {
    expect(ballFlightPath(face, f2p).end.x).toBe(endX);
  });

  it("lands below the 'target' label, so the landing mark never covers the word", () => {
    // The label's letters rise from its baseline; the mark's top edge must stay under it.
    expect(ballFlightPath(0, 0).end.y - LANDING_MARK_R).toBeGreaterThan(TARGET_LABEL_BASELINE);
  });
});

describe('pose overlay geometry', () => {
  it.each([
    [0, 30, 90, 0],
    [1.0, 30, 90, 30],
    [1.016, 30, 90, 30],
    [10, 30, 90, 89],
    [-1, 30, 90, 0],
    [1, 0, 90, 0],
  ])('t=%d at %d fps over %d frames -> frame %d', (t, fps, count, frame) => {
    expect(frameIndexAt(t, fps, count)).toBe(frame);
  });
  it.each([
    // [now (s), fps, direction, duration (s), frame shown after the step]
    [0, 60, 1, 10, 1],
    [1 / 60, 60, 1, 10, 2], // exactly on a frame boundary
    [(10 + 0.6) / 60, 60, 1, 10, 11], // paused part-way through frame 10
    [(10 + 0.6) / 60, 60, -1, 10, 9],
    [0, 30, -1, 3, 0], // no frame before the first
    [2.99, 30, 1, 3, 89], // nor after the last (90 frames)
    [0.5, 30, 1, Number.NaN, 16], // duration unknown before metadata
  ] as const)('one step from %d s at %d fps, direction %d -> frame %d', (now, fps, direction, duration, frame) => {
    const t = frameStepTime(now, fps, direction, duration);
    expect(Math.floor(t * fps)).toBe(frame); // the frame the browser shows at t
    expect(frameIndexAt(t, fps, 1000)).toBe(frame); // and the one the overlay draws
  });

  it('finds the letterboxed picture of a portrait video in a wide box', () => {
    expect(containedRect(400, 600, 1080, 1920)).toEqual({ x: 31.25, y: 0, w: 337.5, h: 600 });
    expect(containedRect(400, 600, 1920, 1080)).toEqual({ x: 0, y: 187.5, w: 400, h: 225 });
  });
});
