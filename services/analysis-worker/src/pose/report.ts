/*
 * The specification's text fields from the measured metrics, compared with its targets
 * (hip rotation 40–50°, shoulder turn 85–95°, X-factor 40–50°). Wording reuses the words the app
 * maps to focus areas (limited, restricted, early extension, compromised…).
 */
import type { AnalysisResults, Metric, MobilityAnalysis, PoseSummary } from '@swingfit/contracts';

export const MOBILITY_TARGETS = {
  shoulderTurn: { min: 85, max: 95 },
  hipRotation: { min: 40, max: 50 },
  xFactor: { min: 40, max: 50 },
} as const;

export const NOT_MEASURABLE = 'Not measurable from this view';

const deg = (m: Metric): string => (m.measurable && m.value !== null ? `${Math.round(m.value)}°` : NOT_MEASURABLE);
const num = (m: Metric): number | null => (m.measurable ? m.value : null);

export interface SwingFindings {
  mobilityAnalysis: MobilityAnalysis;
  analysisResults: AnalysisResults;
  swingStrengths: string[];
  swingWeaknesses: string[];
  keyIssues: string[];
}

export function describeSwing(summary: Pick<PoseSummary, 'metrics' | 'tempo' | 'view' | 'viewMatchesSlot' | 'multipleSwings'>, slot: string): SwingFindings {
  const m = summary.metrics;
  const strengths: string[] = [];
  const weaknesses: string[] = [];
  const issues: string[] = [];

  const range = (name: string, metric: Metric, target: { min: number; max: number }, low: string, high: string) => {
    const v = num(metric);
    if (v === null) return;
    const r = Math.round(v);
    if (v < target.min) {
      weaknesses.push(`${low} (${r}°), under the ${target.min}-${target.max}° target`);
      issues.push(`${low} (${r}°)`);
    } else if (v > target.max) {
      weaknesses.push(`${high} (${r}°), over the ${target.min}-${target.max}° target`);
    } else {
      strengths.push(`${name} of ${r}° is within the ${target.min}-${target.max}° target`);
    }
  };
  range('Shoulder turn', m.shoulderTurn, MOBILITY_TARGETS.shoulderTurn, 'Limited shoulder turn', 'Shoulder turn beyond the target');
  range('Hip rotation', m.hipRotation, MOBILITY_TARGETS.hipRotation, 'Restricted hip rotation', 'Excess hip rotation, which reduces separation');
  range('X-factor (shoulder-hip separation)', m.xFactor, MOBILITY_TARGETS.xFactor, 'Reduced X-factor', 'Large X-factor');

  const change = num(m.spineAngleChange);
  let posture: string;
  if (change !== null) {
    if (change < -5) {
      weaknesses.push(`Early extension: the spine angle was lost by ${Math.round(-change)}° at impact`);
      issues.push('Early extension (loss of spine angle through impact)');
      posture = `Spine angle ${deg(m.spineAngleAddress)} at address; early extension: the golfer uprights by ${Math.round(-change)}° at impact`;
    } else {
      strengths.push('Spine angle maintained through impact');
      posture = `Spine angle ${deg(m.spineAngleAddress)} at address, maintained through impact (${change >= 0 ? '+' : ''}${Math.round(change)}°)`;
    }
  } else {
    posture = num(m.spineAngleAddress) !== null
      ? `Spine angle ${deg(m.spineAngleAddress)} at address`
      : `Spine angle not measurable from this view (${m.spineAngleAddress.note ?? 'needs the down-the-line view'})`;
  }

  const hipSway = num(m.hipSway);
  const headSway = num(m.headSway);
  let balance: string;
  if (hipSway === null && headSway === null) {
    balance = 'Lateral balance is not measurable from this view (needs the face-on view)';
  } else {
    const parts: string[] = [];
    let compromised = false;
    if (hipSway !== null) {
      parts.push(`hips moved ${Math.abs(Math.round(hipSway))} cm ${hipSway >= 0 ? 'away from' : 'toward'} the target`);
      if (hipSway > 10) {
        compromised = true;
        weaknesses.push(`Hip sway of ${Math.round(hipSway)} cm away from the target in the backswing`);
        issues.push('Hip sway in the backswing');
      } else if (Math.abs(hipSway) <= 6) strengths.push('Stable lower body: little hip sway');
    }
    if (headSway !== null) {
      parts.push(`head moved ${Math.abs(Math.round(headSway))} cm`);
      if (Math.abs(headSway) > 10) {
        compromised = true;
        weaknesses.push(`Head moves ${Math.abs(Math.round(headSway))} cm in the backswing`);
        issues.push('Head movement in the backswing');
      } else if (Math.abs(headSway) <= 5) strengths.push('Steady head through the backswing');
    }
    balance = `${compromised ? 'Compromised' : 'Stable'}: ${parts.join(', ')} between address and the top`;
  }

  const ratio = summary.tempo.ratio;
  if (ratio > 0) {
    if (ratio >= 2.5 && ratio <= 3.5) strengths.push(`Smooth tempo of ${ratio.toFixed(1)}:1 (backswing : downswing)`);
    else weaknesses.push(`Tempo of ${ratio.toFixed(1)}:1 (backswing : downswing), outside the usual 2.5-3.5:1`);
  }
  if (!summary.viewMatchesSlot) {
    issues.push(`This video looks ${summary.view === 'face-on' ? 'face-on' : 'down the line'} but was uploaded as ${slot}`);
  }
  if (summary.multipleSwings) issues.push('Several swings in the clip: the largest one was analysed');

  const mobilityAnalysis: MobilityAnalysis = {
    shoulderTurn: deg(m.shoulderTurn),
    hipRotation: deg(m.hipRotation),
    xFactor: deg(m.xFactor),
    spineAngle: deg(m.spineAngleAddress),
  };
  return {
    mobilityAnalysis,
    analysisResults: { posture, balance, mobilityAnalysis },
    swingStrengths: strengths,
    swingWeaknesses: weaknesses,
    keyIssues: issues,
  };
}
