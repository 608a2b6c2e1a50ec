/*
 * Telling "a dependency is away" (PostgreSQL restarting, a store or peer refusing connections) from a
 * bug. The first is answered 503 with a sentence a golfer can act on (try again shortly); only the
 * second is a 500. Found by `pnpm test:faults` (scenario b): every request during a PostgreSQL restart
 * was answered 500 "Internal server error".
 */

/** What a golfer reads while a dependency is away: nothing was done, and trying again later will work. */
export const TEMPORARILY_UNAVAILABLE = 'SwingFit is briefly unavailable: nothing was changed. Please try again in a minute.';

/** Socket-level failures to reach another server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * PostgreSQL SQLSTATEs that mean the server is not there to ask right now: class 08 (connection
 * exception), 57P01-57P03 (shutting down, crashed, starting up), 53300 (too many connections).
 */
const DATABASE_AWAY = /^(08...|57P0[123]|53300)$/;

/** node-postgres' own words for a connection it lost or could not open in time. */
const DRIVER_AWAY = /^(Connection terminated( unexpectedly)?|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout)$/;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** True when the error (or what caused it) says a server the request needed could not be reached. */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as ErrorLike;
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || DATABASE_AWAY.test(e.code))) return true;
  if (typeof e.message === 'string' && DRIVER_AWAY.test(e.message)) return true;
  // Node's dual-stack connect reports an AggregateError of one failure per address.
  if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((inner) => isDependencyUnavailable(inner, depth + 1))) return true;
  return isDependencyUnavailable(e.cause, depth + 1);
}
