import type { Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { CoreDatabase } from '@swingfit/core-db';
import { processScheduledJob, type JobHandlers, type JobQueues, type QueueSettings } from '@swingfit/server-kit';
import { measuredBefore } from '../db/analyses.js';
import { MEASUREMENT_EDITION } from '@swingfit/contracts';

/*
 * Job `analysis.remeasure-older` (repeatable, once across replicas): every analysis stores the edition of
 * the measurement that read it (contracts MEASUREMENT_EDITION). After a release raises the edition, each
 * run queues the oldest `batch` analyses an older edition read as `analysis.remeasure` jobs, which the
 * worker does behind golfers' own uploads. While those wait, the next run finds the same ones (already queued), so no more
 * than `batch` ever wait; as they are measured, the next ones follow. One the new edition cannot read is
 * marked tried and left (jobs/remeasure.ts), and so is one whose remeasurement keeps failing
 * (analysis-worker.ts): neither comes back until a newer edition. What `pnpm analyses:remeasure --all`
 * does by hand, without an operator having to remember it, and at a pace the worker can keep.
 */

export interface RemeasureOlderDeps {
  db: Kysely<CoreDatabase>;
  queues: Pick<JobQueues, 'add'>;
  logger: Logger;
  /** How many may wait at once; 0 turns the job off. */
  batch: number;
}

export interface RemeasureOlderReport {
  /** Analyses an older edition read that are queued now (newly, or still waiting from an earlier run). */
  queued: number;
  edition: number;
}

export async function queueOlderMeasurements(deps: RemeasureOlderDeps): Promise<RemeasureOlderReport> {
  const ids = deps.batch > 0 ? await measuredBefore(deps.db, { edition: MEASUREMENT_EDITION, limit: deps.batch }) : [];
  // A plain add: one still waiting (or finished within the week BullMQ keeps it) is left as it is. A
  // finished one's analysis is already at this edition, or marked tried, so it is not among `ids` again.
  for (const id of ids) await deps.queues.add('analysis.remeasure', { analysisId: id });
  if (ids.length > 0) deps.logger.info({ queued: ids.length, edition: MEASUREMENT_EDITION, first: ids[0] }, 'analyses read by an older measurement queued to be measured again');
  return { queued: ids.length, edition: MEASUREMENT_EDITION };
}

export function remeasureOlderJobHandlers(deps: RemeasureOlderDeps): Pick<JobHandlers, 'analysis.remeasure-older'> {
  return { 'analysis.remeasure-older': () => queueOlderMeasurements(deps) };
}

/** The worker of the job's queue. */
export function createRemeasureOlderWorker(deps: RemeasureOlderDeps, settings: QueueSettings): Worker {
  return processScheduledJob('analysis.remeasure-older', () => queueOlderMeasurements(deps), { service: 'analysis-worker', settings, logger: deps.logger });
}
