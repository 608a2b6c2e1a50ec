import { compareWithReference, type LaunchMonitorInput, type Metric, type PoseSummary } from '@swingfit/contracts';
import type { WriteUpInput } from '../src/writeup/index.js';

/* Builders for write-up inputs: realistic shapes, with only the fields a test cares about changed. */

type MetricOverrides = Partial<Record<keyof PoseSummary['metrics'], Partial<Metric>>>;

const deg = (value: number | null, view: Metric['view'] = 'any', confidence = 0.9): Metric => ({ value, unit: 'deg', measurable: value !== null, confidence, view });
const cm = (value: number | null, view: Metric['view'] = 'face-on', confidence = 0.9): Metric => ({ value, unit: 'cm', measurable: value !== null, confidence, view });

export function pose(view: PoseSummary['view'] = 'face-on', metrics: MetricOverrides = {}, extra: Partial<PoseSummary> = {}): PoseSummary {
  const base: PoseSummary['metrics'] = {
    shoulderTurn: deg(88.4),
    hipRotation: deg(44.6),
    xFactor: deg(43.8),
    spineAngleAddress: deg(36.2, 'down-the-line'),
    spineAngleChange: deg(3.4, 'down-the-line'),
    headSway: cm(3.2),
    hipSway: cm(4.1),
  };
  const merged = Object.fromEntries(
    Object.entries(base).map(([key, metric]) => [key, { ...metric, ...(metrics[key as keyof PoseSummary['metrics']] ?? {}) }]),
  ) as PoseSummary['metrics'];
  return {
    view,
    viewMatchesSlot: true,
    handedness: 'right',
    fps: 60,
    frameCount: 240,
    personFoundRatio: 0.98,
    multipleSwings: false,
    events: { address: { frame: 10, timeSec: 0.17 }, top: { frame: 58, timeSec: 0.97 }, impact: { frame: 74, timeSec: 1.23 }, finish: { frame: 120, timeSec: 2 } },
    tempo: { backswingSec: 0.8, downswingSec: 0.27, ratio: 2.96 },
    metrics: merged,
    keyframes: {},
    poseUrl: null,
    ...extra,
  };
}

export const notMeasurable = (note = 'needs the down-the-line view'): Partial<Metric> => ({ value: null, measurable: false, confidence: 0, view: 'down-the-line', note });

export function launchData(club: WriteUpInput['club'], tour: WriteUpInput['tour'], values: Partial<LaunchMonitorInput>) {
  const input: LaunchMonitorInput = { clubSpeed: null, ballSpeed: null, carry: null, total: null, spinRate: null, clubPath: null, faceAngle: null, ...values };
  return compareWithReference(input, club, tour);
}

export function input(overrides: Partial<WriteUpInput>): WriteUpInput {
  return { club: 'driver', tour: 'pga', launchMonitor: null, pose: null, downTheLinePose: null, ...overrides };
}
