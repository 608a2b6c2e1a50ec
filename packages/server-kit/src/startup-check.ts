import { EVENT_SUBSCRIPTIONS, JOB_NAMES, JOBS, type EventType } from '@swingfit/contracts';

/*
 * A subscription without a handler silently drops events; a job without a handler waits forever.
 * Every consumer checks its handler maps against the job table when it starts, and refuses to
 * start with one line naming what is missing.
 */

export class StartupCheckError extends Error {
  override name = 'StartupCheckError';
}

export interface ServiceHandlers {
  /** The event handler map given to consumeEvents (only the keys are read). */
  events?: Partial<Record<EventType, unknown>>;
  /** Every job handler of the service, over all its queues (only the keys are read). */
  jobs?: Partial<Record<string, unknown>>;
}

export interface CheckScope {
  /** The event types the service receives; defaults to EVENT_SUBSCRIPTIONS[service]. */
  subscriptions?: readonly EventType[];
  /** Restrict the job check to one queue (a worker checks its own queue). */
  queue?: string;
}

/** Every mismatch between a service's handler maps and the job table, one sentence each. */
export function handlerProblems(service: string, handlers: ServiceHandlers, scope: CheckScope = {}): string[] {
  const problems: string[] = [];
  if (handlers.events) {
    const subscribed = scope.subscriptions ?? EVENT_SUBSCRIPTIONS[service] ?? [];
    for (const type of subscribed) {
      if (typeof handlers.events[type] !== 'function') problems.push(`${service} subscribes to ${type} but has no handler for it`);
    }
    for (const type of Object.keys(handlers.events) as EventType[]) {
      if (!subscribed.includes(type)) problems.push(`${service} has a handler for ${type} but does not subscribe to it (EVENT_SUBSCRIPTIONS)`);
    }
  }
  if (handlers.jobs) {
    const own = JOB_NAMES.filter((name) => JOBS[name].service === service && (!scope.queue || JOBS[name].queue === scope.queue));
    for (const name of own) {
      if (typeof handlers.jobs[name] !== 'function') problems.push(`${service} consumes job ${name} (queue ${JOBS[name].queue}) but has no handler for it`);
    }
    for (const name of Object.keys(handlers.jobs)) {
      if (!(own as string[]).includes(name)) problems.push(`${service} has a handler for job ${name}, which the job table does not give it${scope.queue ? ` on queue ${scope.queue}` : ''}`);
    }
  }
  return problems;
}

/** Throws a StartupCheckError whose one-line message names the first problem (and how many more). */
export function assertHandlers(service: string, handlers: ServiceHandlers, scope: CheckScope = {}): void {
  const problems = handlerProblems(service, handlers, scope);
  if (problems.length === 0) return;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  throw new StartupCheckError(`startup check: ${problems[0]}${more}`);
}

/** For a process entry point: a failed check ends the process with exactly one line (exit code 78, like a bad config). */
export function requireHandlers(service: string, handlers: ServiceHandlers): void {
  try {
    assertHandlers(service, handlers);
  } catch (error) {
    if (!(error instanceof StartupCheckError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
}
