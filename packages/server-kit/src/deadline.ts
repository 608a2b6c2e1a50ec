/** A run that went past its job's timeoutMs (the job table): counted as a failed attempt. */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
}

/**
 * Runs `work` with an AbortSignal that fires after `ms` (or when `outer` fires), and rejects at
 * the deadline even when the work ignores its signal: the job is then retried or failed, never
 * left running forever. Work that honours the signal (ffmpeg, fetch) stops too.
 */
export async function withDeadline<T>(ms: number, what: string, work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const error = new DeadlineError(`${what} took longer than ${ms} ms`);
  let timer: NodeJS.Timeout | undefined;
  const onOuter = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuter, { once: true });
  if (outer?.aborted) controller.abort(outer.reason);
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(error);
      reject(error);
    }, ms);
  });
  const running = work(controller.signal);
  // Past the deadline nobody awaits the work any more: its late failure must not surface as unhandled.
  running.catch(() => undefined);
  try {
    return await Promise.race([running, deadline]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuter);
  }
}

/** Rejects after `ms` when `promise` has not settled (it keeps running; callers make that harmless). */
export function settleWithin<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  return withDeadline(ms, what, () => promise);
}
