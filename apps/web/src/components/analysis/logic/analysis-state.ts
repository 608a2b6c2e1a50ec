import { parseJsonField, type SwingAnalysis, type TechnicalDetails } from '@swingfit/contracts';

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

/** The history badge counts analyses that have technical details (section 2). */
export function completedCount(analyses: ReadonlyArray<Pick<SwingAnalysis, 'technicalDetails'>>): number {
  return analyses.filter((a) => parseMaybeJson(a.technicalDetails, 'technical details') !== null).length;
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
  return details.message || ANALYSIS_FAILED_FALLBACK;
}

export function clubLabel(club: string): string {
  return club === 'driver' ? 'Driver' : club === '7-iron' ? '7-Iron' : club;
}
