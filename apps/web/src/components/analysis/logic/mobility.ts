import { extractMobilityValue, type Metric, type MobilityAnalysis, type PoseSummary } from '@swingfit/contracts';
import type { MobilityKey } from './scales';

export interface MobilityReading {
  key: MobilityKey;
  value: number | null;
  measurable: boolean;
  confidence: number | null;
  note?: string;
  /** Why there is no figure: the view cannot show it, or this video was not read steadily enough. */
  withheld?: 'view' | 'uncertain';
}

const KIND = { hipRotation: 'hip', shoulderTurn: 'shoulder', xFactor: 'xFactor' } as const;
const NOT_MEASURABLE = /not measurable/i;
const TOO_UNCERTAIN = /too uncertain/i;

type PoseMetrics = Pick<PoseSummary, 'metrics'> | null | undefined;

/**
 * The metric from whichever camera view measured it with the higher confidence (face-on on a tie), else
 * one withheld as too uncertain (filming again helps), else the first one reported: the rule the
 * worker's written analysis picks its figure by, so the scale and the text agree.
 */
function bestMetric(poses: readonly PoseMetrics[], key: MobilityKey): Metric | undefined {
  const found = poses.map((p) => p?.metrics[key]).filter((m): m is Metric => !!m);
  const measured = found.filter((m) => m.measurable && m.value !== null);
  const best = measured.reduce<Metric | undefined>((top, m) => (!top || m.confidence > top.confidence ? m : top), undefined);
  return best ?? found.find((m) => m.withheld === 'uncertain') ?? found[0];
}

/**
 * The three scale readings: the pose metrics when the pipeline produced them (they say honestly whether
 * the camera view supports them), else degrees parsed from the mobilityAnalysis strings (section 5).
 * `pose` may be one summary or the face-on and down-the-line summaries together.
 */
export function mobilityReadings(pose: PoseMetrics | readonly PoseMetrics[], mobility: MobilityAnalysis | null): MobilityReading[] {
  const poses: readonly PoseMetrics[] = Array.isArray(pose) ? pose : [pose as PoseMetrics];
  return (Object.keys(KIND) as MobilityKey[]).map((key) => {
    const metric = bestMetric(poses, key);
    if (metric) {
      const measurable = metric.measurable && metric.value !== null;
      const withheld = measurable ? undefined : (metric.withheld ?? 'view');
      return { key, value: measurable ? metric.value : null, measurable, confidence: metric.confidence, note: metric.note, ...(withheld ? { withheld } : {}) };
    }
    const text = mobility?.[key];
    if (typeof text !== 'string' || text.trim() === '') return { key, value: null, measurable: false, confidence: null };
    if (NOT_MEASURABLE.test(text)) return { key, value: null, measurable: false, confidence: null, note: text, withheld: TOO_UNCERTAIN.test(text) ? 'uncertain' : 'view' };
    const value = extractMobilityValue(text, KIND[key]);
    // The rule reads 0 as "no value" (section 5: otherwise 0).
    return value === 0 ? { key, value: null, measurable: false, confidence: null, note: text } : { key, value, measurable: true, confidence: null };
  });
}
