import { ApiError } from '../api/client';

/** A call that never reached the server (fetch rejects with a TypeError: 'Failed to fetch', 'Load failed'...). */
export const CONNECTION_PROBLEM = "We couldn't reach SwingFit. Check your connection and try again.";

/**
 * What a form shows for a failed call: the server's own message when it sent one, else the fallback. Never
 * the "status: text" line (a proxy's error page, '500: Internal Server Error') nor the browser's wording of a
 * lost connection; the app's own errors (section 8's 'No checkout URL received from server') keep theirs.
 */
export function errorText(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  if (err instanceof TypeError) return CONNECTION_PROBLEM;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/**
 * A 400's schema errors by top-level field ({ errors: [{ field: 'handicap', message: 'must be at most 54' }] }
 * becomes { handicap: 'must be at most 54' }), so a form can show each under its input. Empty otherwise.
 */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  const errors = (err.body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return {};
  const byField: Record<string, string> = {};
  for (const e of errors as Array<{ field?: unknown; message?: unknown }>) {
    if (typeof e?.field !== 'string' || typeof e.message !== 'string') continue;
    const [field = e.field] = e.field.split('.');
    byField[field] ??= e.message;
  }
  return byField;
}

/** A schema error ("must be …") as the sentence under a field: "Must be …". */
export const sentence = (problem: string) => problem.charAt(0).toUpperCase() + problem.slice(1);
