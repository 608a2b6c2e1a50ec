import type { ClubSelection, ExerciseRecommendation, LaunchMonitorAnalysis, PoseSummary, TourComparison } from '@swingfit/contracts';

export interface WriteUpInput {
  club: ClubSelection;
  tour: TourComparison;
  launchMonitor: LaunchMonitorAnalysis | null;
  pose: PoseSummary | null;
  downTheLinePose: PoseSummary | null;
}

/** The written part of an analysis: what the golfer reads on the analysis detail screen. */
export interface WriteUp {
  performanceAssessment: string;
  launchMonitorAssessment: string | null;
  swingStrengths: string[];
  swingWeaknesses: string[];
  keyIssues: string[];
  recommendations: string[];
  exerciseRecommendations: ExerciseRecommendation[];
}

export type WriteUpSource = 'openai' | 'offline';

export interface WriteUpResult {
  writeUp: WriteUp;
  source: WriteUpSource;
  /** Why the offline writer was used although a model was configured (timeout, error, ungrounded...). */
  fallbackReason?: string;
  /**
   * Sentences or items removed from the model's reply (grounding sentenceProblem): a figure a card shows
   * or a number not in the facts, a reading the page does not have, a focus area the rules did not choose.
   */
  droppedForGrounding?: string[];
  model?: string;
}
