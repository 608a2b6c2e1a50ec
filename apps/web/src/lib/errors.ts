import { ApiError } from '../api/client';

/** What a form shows for a failed call: the server's own message when it sent one, else the "status: text" line. */
export function errorText(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
