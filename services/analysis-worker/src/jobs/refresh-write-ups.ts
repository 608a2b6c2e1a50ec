import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { processScheduledJob, type JobHandlers, type QueueSettings } from '@swingfit/server-kit';
import { WRITE_UP_EDITION } from './analysis-texts.js';
import { rewriteAnalyses, type RewriteDeps, type RewriteOutcome } from './rewrite-texts.js';

/*
 * Job `analysis.refresh-write-ups` (repeatable, once across replicas): the written part of an analysis is
 * written once, when it runs, and stamped with the edition of the write-up rules (WRITE_UP_EDITION). After
 * a release raises the edition, every run writes the older ones again from their stored figures, with the
 * configured writer, until none is left; then a run reads one empty page. What `pnpm analyses:rewrite`
 * does by hand, without an operator having to remember it.
 */

export interface RefreshDeps extends RewriteDeps {
  logger: Logger;
}

export type RefreshReport = Record<RewriteOutcome['outcome'], number>;

export async function refreshWriteUps(deps: RefreshDeps, signal?: AbortSignal): Promise<RefreshReport> {
  const report: RefreshReport = { rewritten: 0, unchanged: 0, superseded: 0, unreadable: 0, failed: 0 };
  const failures: RewriteOutcome[] = [];
  await rewriteAnalyses(deps, {
    staleOnly: true,
    // One analysis the writer fails on (a model call that did not come back) waits for the next run; the rest go on.
    skipFailures: true,
    ...(signal ? { signal } : {}),
    onOutcome: (o) => {
      report[o.outcome] += 1;
      if (o.outcome === 'failed') failures.push(o);
    },
  });
  const total = Object.values(report).reduce((a, b) => a + b, 0);
  if (total > 0) deps.logger.info({ ...report, edition: WRITE_UP_EDITION }, 'analyses written by older write-up rules written again');
  if (failures.length) deps.logger.warn({ failures: failures.slice(0, 10) }, 'the writer failed on some analyses; they are tried again next run');
  return report;
}

export function refreshJobHandlers(deps: RefreshDeps): Pick<JobHandlers, 'analysis.refresh-write-ups'> {
  return { 'analysis.refresh-write-ups': (_data, { signal }) => refreshWriteUps(deps, signal) };
}

/** The worker of the refresh's queue. */
export function createRefreshWorker(deps: RefreshDeps, settings: QueueSettings): Worker {
  return processScheduledJob('analysis.refresh-write-ups', (_data, { signal }) => refreshWriteUps(deps, signal), { service: 'analysis-worker', settings, logger: deps.logger });
}
