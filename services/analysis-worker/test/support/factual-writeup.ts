import type { LaunchMonitorAnalysis, MetricComparison } from '@swingfit/contracts';
import type { WriteUpStage } from '../../src/pipeline/stages.js';
import { LAUNCH_LABELS } from '../../src/writeup/facts.js';

/*
 * A deterministic write-up for pipeline tests: short factual sentences from the launch-monitor
 * comparison only, so assertions about stored texts do not depend on the real writer's wording.
 */


function sentence(c: MetricComparison, tourName: string): string {
  const unit = c.unit ? ` ${c.unit}` : '';
  if (c.tour == null || c.diffFromTour == null) return `${LAUNCH_LABELS[c.metric]}: ${c.value}${unit}.`;
  const diff = c.diffFromTour;
  const where = diff === 0 ? `matches the ${tourName} average` : `is ${Math.abs(diff)}${unit} ${diff > 0 ? 'above' : 'below'} the ${tourName} average of ${c.tour}${unit}`;
  return `${LAUNCH_LABELS[c.metric]} ${c.value}${unit} ${where}.`;
}

export function describeLaunchMonitor(lm: LaunchMonitorAnalysis): string {
  const tourName = lm.tour === 'lpga' ? 'LPGA Tour' : 'PGA Tour';
  const parts = lm.comparisons.map((c) => sentence(c, tourName));
  if (lm.clubPathLabel) parts.push(`Club path: ${lm.clubPathLabel.toLowerCase()}.`);
  if (lm.ballFlight) parts.push(`Ball flight: ${lm.ballFlight.description}.`);
  return parts.join(' ');
}

export const factualWriteUp: WriteUpStage = async ({ club, launchMonitor }) => {
  const clubName = club === 'driver' ? 'driver' : '7-iron';
  const strengths: string[] = [];
  const weaknesses: string[] = [];
  for (const c of launchMonitor?.comparisons ?? []) {
    if (c.diffFromTour == null || c.metric === 'spinRate' || c.metric === 'total') continue;
    (c.diffFromTour >= 0 ? strengths : weaknesses).push(sentence(c, launchMonitor?.tour === 'lpga' ? 'LPGA Tour' : 'PGA Tour'));
  }
  const lmText = launchMonitor && launchMonitor.comparisons.length > 0 ? describeLaunchMonitor(launchMonitor) : null;
  return {
    performanceAssessment: lmText
      ? `Your ${clubName} swing was analysed against tour averages. ${lmText}`
      : `Your ${clubName} swing video was processed. Add launch-monitor numbers to your next upload for a comparison with tour averages.`,
    launchMonitorAssessment: lmText,
    swingStrengths: strengths,
    swingWeaknesses: weaknesses,
    keyIssues: weaknesses.slice(0, 3),
    recommendations: [],
    exerciseRecommendations: [],
  };
};
