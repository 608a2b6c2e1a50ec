import type { Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ANALYSIS_QUEUE, analysisJobId } from '@swingfit/contracts';
import { processScheduledJob, type JobHandlers, type JobQueues, type QueueSettings } from '@swingfit/server-kit';
import type { CoreDatabase } from '@swingfit/core-db';
import { countRequeue, failAnalysis, findUnfinishedSince } from '../db/analyses.js';

/*
 * The reconciler (job `analysis.reconcile`, repeatable, once across replicas): an analysis can sit
 * in pending/processing with no job that will ever finish it, when Redis lost its data, a worker's
 * last failure could not be written, or a job id was taken by a finished job. Every run looks at
 * analyses untouched past the deadline; one whose job is alive in BullMQ (waiting, delayed, running)
 * is left to it, any other is queued again, and after `maxRequeues` re-queues it is failed with a
 * reason the golfer reads.
 */

/** BullMQ states in which the job will still run (a running job whose worker died is put back by BullMQ's stall check). */
const LIVE_STATES = new Set(['active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);

/** Analyses looked at per run; the rest wait for the next run. */
const BATCH = 100;

/** What the golfer reads on the failed analysis (technical_details.message). */
export const STUCK_MESSAGE = 'We could not finish analyzing this video after several tries. Please upload it again.';
export const stuckReason = (requeues: number) => `The analysis did not finish after ${requeues + 1} tries`;

export interface ReconcileSettings {
  stuckAfterMs: number;
  maxRequeues: number;
}

export interface ReconcileDeps {
  db: Kysely<CoreDatabase>;
  queues: JobQueues;
  logger: Logger;
  settings: ReconcileSettings;
}

export interface ReconcileReport {
  requeued: number[];
  failed: number[];
  /** Stuck-looking analyses whose job is alive in BullMQ. */
  alive: number[];
}

export async function reconcileAnalyses(deps: ReconcileDeps): Promise<ReconcileReport> {
  const { stuckAfterMs, maxRequeues } = deps.settings;
  const report: ReconcileReport = { requeued: [], failed: [], alive: [] };
  const queue = deps.queues.queue(ANALYSIS_QUEUE);
  for (const analysis of await findUnfinishedSince(deps.db, stuckAfterMs, BATCH)) {
    const job = await queue.getJob(analysisJobId(analysis.id));
    const state = job ? await job.getState() : 'missing';
    if (LIVE_STATES.has(state)) {
      report.alive.push(analysis.id);
      continue;
    }
    if (analysis.requeues >= maxRequeues) {
      const failed = await failAnalysis(deps.db, analysis.id, { error: stuckReason(analysis.requeues), message: STUCK_MESSAGE, requeues: analysis.requeues, jobState: state });
      if (failed) report.failed.push(analysis.id);
      continue;
    }
    if (!(await countRequeue(deps.db, analysis.id, stuckAfterMs))) continue;
    // A finished job keeps its id (for deduplication) and would swallow the new one.
    if (job) await job.remove();
    await deps.queues.add('analysis', { analysisId: analysis.id });
    report.requeued.push(analysis.id);
  }
  if (report.requeued.length || report.failed.length) deps.logger.warn({ ...report, stuckAfterMs }, 'reconciler: stuck analyses re-queued or failed');
  return report;
}

export function reconcileJobHandlers(deps: ReconcileDeps): Pick<JobHandlers, 'analysis.reconcile'> {
  return { 'analysis.reconcile': () => reconcileAnalyses(deps) };
}

/** The worker of the reconciler's queue. */
export function createReconcileWorker(deps: ReconcileDeps, settings: QueueSettings): Worker {
  return processScheduledJob('analysis.reconcile', () => reconcileAnalyses(deps), { service: 'analysis-worker', settings, logger: deps.logger });
}
