import { POSTURE_HELD_DEG, extractMobilityValue, figureFromViews, figureMarginDeg, headWidthWords, metricsWithConfidenceBar, swayHeadWidths, swayVerdict, type FigureSource, type Metric, type MobilityAnalysis, type PoseSummary } from '@swingfit/contracts';
import type { MobilityKey } from './scales';

export interface MobilityReading {
  key: MobilityKey;
  value: number | null;
  measurable: boolean;
  confidence: number | null;
  /** How it was measured (a measured figure), or why it was not (a withheld one), in plain words. */
  note?: string;
  /** Why there is no figure: the view cannot show it, or this video was not read reliably enough. */
  withheld?: 'view' | 'uncertain';
  /** The video the figure came from (or both), when both were analysed. */
  fromView?: FigureSource;
  /** The figure is a lower limit: the turn went at least this far (contracts FACE_ON_SHOULDER_LIMIT_DEG). */
  atLeast?: boolean;
  /** How finely the camera reads it, degrees (contracts figureMarginDeg): this close outside its target it is near it. */
  marginDeg?: number;
}

const KIND = { hipRotation: 'hip', shoulderTurn: 'shoulder', xFactor: 'xFactor' } as const;
const NOT_MEASURABLE = /not measurable/i;
const TOO_UNCERTAIN = /too uncertain|reliably/i;
type PoseMetrics = Pick<PoseSummary, 'metrics' | 'view'> | null | undefined;

/** The figure for `key` from the face-on and down-the-line summaries, by the rule the written analysis uses (figureFromViews). */
export function figureFor(poses: readonly PoseMetrics[], key: keyof PoseSummary['metrics']): (Metric & { fromView?: FigureSource }) | undefined {
  // By the view each video was read as (a face-on clip in the down-the-line slot is read face-on).
  const downTheLine = poses.find((p) => p?.view === 'down-the-line');
  const faceOn = poses.find((p) => p && p !== downTheLine);
  // Older analyses stored figures under today's confidence bar as numbers: not shown as numbers either, as the write-up does not judge them.
  const asShown = (pose: PoseMetrics) => pose && metricsWithConfidenceBar<Metric>(pose.metrics);
  const found = figureFromViews(key, asShown(faceOn), asShown(downTheLine));
  return found && { ...found.figure, fromView: found.fromView };
}

/**
 * The three scale readings: the pose metrics when the pipeline produced them (they say honestly whether
 * the camera view supports them), else degrees parsed from the mobilityAnalysis strings (section 5).
 * `pose` may be one summary or the face-on and down-the-line summaries together.
 */
export function mobilityReadings(pose: PoseMetrics | readonly PoseMetrics[], mobility: MobilityAnalysis | null): MobilityReading[] {
  const poses: readonly PoseMetrics[] = Array.isArray(pose) ? pose : [pose as PoseMetrics];
  const both = poses.filter((p) => p).length > 1;
  return (Object.keys(KIND) as MobilityKey[]).map((key) => {
    const metric = figureFor(poses, key);
    if (metric) {
      const measurable = metric.measurable && metric.value !== null;
      const withheld = measurable ? undefined : (metric.withheld ?? 'view');
      const marginDeg = measurable ? figureMarginDeg(key, metric.fromView, metric.value!) : 0;
      return {
        key, value: measurable ? metric.value : null, measurable, confidence: metric.confidence, note: metric.note,
        ...(withheld ? { withheld } : {}), ...(both && measurable && metric.fromView ? { fromView: metric.fromView } : {}),
        ...(measurable && metric.atLeast ? { atLeast: true } : {}),
        ...(marginDeg > 0 ? { marginDeg } : {}),
      };
    }
    const text = mobility?.[key];
    if (typeof text !== 'string' || text.trim() === '') return { key, value: null, measurable: false, confidence: null };
    if (NOT_MEASURABLE.test(text)) return { key, value: null, measurable: false, confidence: null, note: text, withheld: TOO_UNCERTAIN.test(text) ? 'uncertain' : 'view' };
    const value = extractMobilityValue(text, KIND[key]);
    // The rule reads 0 as "no value" (section 5: otherwise 0).
    return value === 0 ? { key, value: null, measurable: false, confidence: null, note: text } : { key, value, measurable: true, confidence: null };
  });
}

/** How sure a figure is, in words (the figures shown are all at or above the bar). */
export const sureness = (confidence: number): string => (confidence >= 0.8 ? 'high' : 'fair');

export type BodyKey = 'headSway' | 'hipSway' | 'spineAngleAddress' | 'spineAngleChange';
export const BODY_LABELS: Record<BodyKey, string> = {
  headSway: 'Head movement',
  hipSway: 'Hip movement',
  spineAngleAddress: 'Forward lean at address',
  spineAngleChange: 'Posture through impact',
};

export interface BodyReading {
  key: BodyKey;
  label: string;
  /** The figure in words ("about half a head-width away from the target"), or null when not given. */
  text: string | null;
  note?: string;
  withheld?: 'view' | 'uncertain';
}

/** Sideways movement in head widths (or centimetres, from older analyses), in words, with what it means. */
function sway(metric: Metric): string {
  const value = metric.value!;
  const size = swayHeadWidths(value, metric.unit);
  const words = headWidthWords(size);
  if (words === null) return 'Stayed steady';
  return `${swayVerdict(size, value >= 0)}: about ${words} ${value >= 0 ? 'away from' : 'toward'} the target`;
}

function posture(key: 'spineAngleAddress' | 'spineAngleChange', metric: Metric): string {
  const value = Math.round(metric.value!);
  if (key === 'spineAngleAddress') return `${value}° from upright`;
  if (Math.abs(value) <= POSTURE_HELD_DEG) return 'Held';
  return value < 0 ? `Stood up by ${-value}°` : `Bent over by ${value}° more`;
}

/** Balance and posture: each figure from the view that shows it, in words; withheld ones with their reason. */
export function bodyReadings(poses: readonly PoseMetrics[]): BodyReading[] {
  return (Object.keys(BODY_LABELS) as BodyKey[]).flatMap((key): BodyReading[] => {
    const metric = figureFor(poses, key);
    if (!metric) return [];
    const measurable = metric.measurable && metric.value !== null;
    const text = !measurable ? null : key === 'headSway' || key === 'hipSway' ? sway(metric) : posture(key, metric);
    return [{ key, label: BODY_LABELS[key], text, ...(metric.note ? { note: metric.note } : {}), ...(measurable ? {} : { withheld: metric.withheld ?? 'view' }) }];
  });
}
