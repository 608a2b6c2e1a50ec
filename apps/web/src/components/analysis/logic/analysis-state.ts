import { TIMING_MS, parseJsonField, type SwingAnalysis, type TechnicalDetails } from '@swingfit/contracts';

/** Section 3: several analysis fields may arrive as JSON text; malformed text is logged and ignored (section 5). */
export function parseMaybeJson<T>(value: unknown, field = 'value'): T | null {
  return parseJsonField<T>(value, (reason) => console.warn(`Malformed ${field} JSON ignored: ${reason}`)) ?? null;
}

export type AnalysisCardState = 'failed' | 'in-progress' | 'complete';

/** Section 4: failed when technicalDetails carries an error, in progress while it is absent, else complete. */
export function analysisCardState(analysis: Pick<SwingAnalysis, 'technicalDetails'>): AnalysisCardState {
  const details = parseMaybeJson<TechnicalDetails>(analysis.technicalDetails, 'technical details');
  if (!details) return 'in-progress';
  return details.error ? 'failed' : 'complete';
}

/**
 * How long after its upload an analysis is read again at the status poll's 2 s pace: an analysis takes
 * 10-30 s, longer behind a queue of others. One still in progress after this is stuck or waiting for a
 * worker to come back (its job's deadline then fails it), and polling it every 2 s from every open tab
 * would only load the server; it is read again every TIMING_MS.analysisStatusSlowPoll instead.
 */
export const ANALYSIS_FAST_POLL_FOR_MS = 3 * 60_000;

/** The poll interval for analyses still in progress (ms), or false when none is. */
export function inProgressPollMs(analyses: ReadonlyArray<Pick<SwingAnalysis, 'technicalDetails' | 'createdAt'>>, now: number): number | false {
  const running = analyses.filter((a) => analysisCardState(a) === 'in-progress');
  if (running.length === 0) return false;
  const youngest = Math.max(...running.map((a) => Date.parse(a.createdAt)));
  // An unreadable date is treated as new: polling too often for a while beats never showing the result.
  return Number.isNaN(youngest) || now - youngest < ANALYSIS_FAST_POLL_FOR_MS ? TIMING_MS.analysisStatusPoll : TIMING_MS.analysisStatusSlowPoll;
}

/**
 * The history badge counts analyses that have technical details (section 2), less those whose details
 * carry an error: a failed analysis counted read '1 completed' above its own 'Analysis Failed' card.
 */
export function completedCount(analyses: ReadonlyArray<Pick<SwingAnalysis, 'technicalDetails'>>): number {
  return analyses.filter((a) => analysisCardState(a) === 'complete').length;
}

export const ANALYSIS_FAILED_FALLBACK = 'Video analysis failed. Please try uploading again with a clearer video file.';

/**
 * Why the worker could not analyse the video, in its own words (section 8's 'technicalDetails message'),
 * or null when it gave none: the screens' fixed failure text already says the rest.
 */
export function analysisFailureReason(details: TechnicalDetails | null): string | null {
  return details?.error && details.message ? details.message : null;
}

/** The detail screen's error text: the details' message, else the fallback of section 8. */
export function analysisErrorMessage(details: TechnicalDetails | null): string | null {
  if (!details?.error) return null;
  return analysisFailureReason(details) ?? ANALYSIS_FAILED_FALLBACK;
}

export function clubLabel(club: string): string {
  return club === 'driver' ? 'Driver' : club === '7-iron' ? '7-Iron' : club;
}
