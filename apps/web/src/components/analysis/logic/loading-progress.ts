/** Percent reached when every step's time has passed; the bar then waits at HOLD_PERCENT for the server. */
export const STEPS_DONE_PERCENT = 90;
export const HOLD_PERCENT = 95;

export interface LoadingProgress {
  /** Index of the step in progress; equals steps.length when all have run their course. */
  activeStep: number;
  percent: number;
}

/** Section 4: progress rises to 90% over the summed step durations (2, 15, 8, 5 s), then holds at 95%. */
export function loadingProgress(elapsedMs: number, stepsMs: readonly number[]): LoadingProgress {
  const total = stepsMs.reduce((a, b) => a + b, 0);
  const elapsed = Math.max(0, elapsedMs);
  if (elapsed >= total) return { activeStep: stepsMs.length, percent: HOLD_PERCENT };
  let activeStep = 0;
  let boundary = 0;
  for (const [i, ms] of stepsMs.entries()) {
    boundary += ms;
    if (elapsed < boundary) {
      activeStep = i;
      break;
    }
  }
  return { activeStep, percent: Math.floor((elapsed / total) * STEPS_DONE_PERCENT) };
}

export type LoadingDecision = 'wait' | 'complete' | 'failed';

/** What the loading screen does with one status answer (or a fetch error) at a given elapsed time. */
export function loadingDecision(input: { isComplete?: boolean; hasError?: boolean; fetchFailed?: boolean; elapsedMs: number; failureTimeoutMs: number }): LoadingDecision {
  if (input.isComplete) return 'complete';
  if (input.hasError || input.fetchFailed || input.elapsedMs >= input.failureTimeoutMs) return 'failed';
  return 'wait';
}

/**
 * Whether a refused status read is the server's last word: a 4xx (the analysis is not there, not the
 * golfer's, or the id is not one) will not turn into results however long the page waits, unlike a lost
 * connection, a 5xx, a timeout (408) or a rate limit (429).
 */
export function statusRefusalIsFinal(httpStatus: number | undefined): boolean {
  return httpStatus !== undefined && httpStatus >= 400 && httpStatus < 500 && httpStatus !== 408 && httpStatus !== 429;
}
