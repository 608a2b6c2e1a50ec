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
  /** Sentences or items removed from the model's reply because they held numbers not in the facts. */
  droppedForGrounding?: string[];
  model?: string;
}
