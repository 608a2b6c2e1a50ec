import type { Kysely } from 'kysely';
import type { Job } from 'bullmq';
import { HttpError, addAgain } from '@swingfit/server-kit';
import { ANALYSIS_QUEUE, AUDIT_ACTIONS, JOBS, REMEASURE_ERRORS, type RemeasureResponse } from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';
import { recordAdminAction, type AdminActor } from '../db/audit-repository.js';
import { analysisOwner, analysisStatus, reopenFailedAnalysis, restoreFailedAnalysis } from '../db/admin-analyses-repository.js';
import type { OperatorQueues } from './operator-queues.js';
import { describeFailedJob } from './operator-queues.js';

/*
 * The operator's buttons on a failed job: retry (back to waiting, with a fresh attempt budget) and
 * remove (gone for good). Only failed jobs: a running or waiting job is not the operator's to move.
 */

async function failedJob(queues: OperatorQueues, queueName: string, jobId: string): Promise<Job> {
  const queue = queues.get(queueName);
  if (!queue) throw new HttpError(404, `Unknown queue: ${queueName}`);
  const job = await queue.getJob(jobId);
  if (!job) throw new HttpError(404, 'Job not found');
  const state = await job.getState();
  if (state !== 'failed') throw new HttpError(409, `Only a failed job can be retried or removed; this one is ${state}`);
  return job;
}

/** What the audit line says about a job; an analysis job's golfer is looked up (its data holds only the analysis id). */
async function auditDetail(db: Kysely<CoreDatabase>, queueName: string, job: Job) {
  const d = describeFailedJob(job);
  const owner = d.analysisId ? await analysisOwner(db, d.analysisId) : undefined;
  return { targetUserId: d.userId ?? owner ?? null, detail: { queue: queueName, jobId: d.id, name: d.name, analysisId: d.analysisId, eventType: d.eventType, failedReason: d.failedReason } };
}

/**
 * A failed analysis job re-runs only if its analysis is pending again (the worker skips finished
 * ones), so the row is reopened and the audit line written in one transaction, committed BEFORE the
 * job moves: a worker picking the job up at once must already see the row pending. If the job then
 * cannot move, the row goes back to failed and the log says the retry did not happen.
 */
export async function retryJob(db: Kysely<CoreDatabase>, queues: OperatorQueues, actor: AdminActor, queueName: string, jobId: string): Promise<void> {
  const job = await failedJob(queues, queueName, jobId);
  const { targetUserId, detail } = await auditDetail(db, queueName, job);
  const analysisId = queueName === ANALYSIS_QUEUE ? detail.analysisId : null;
  const reopened = await db.transaction().execute(async (trx) => {
    const previous = analysisId ? await reopenFailedAnalysis(trx, analysisId) : undefined;
    await recordAdminAction(trx, actor, { action: AUDIT_ACTIONS.retryJob, targetUserId, detail: { ...detail, analysisReopened: Boolean(previous) } });
    return previous;
  });
  try {
    // A fresh retry budget (attemptsMade back to 0), but the count of runs kept: the operator's view shows it (attemptsInAll).
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: false });
  } catch (error) {
    if (analysisId && reopened) await restoreFailedAnalysis(db, analysisId, reopened.technicalDetails);
    await recordAdminAction(db, actor, { action: AUDIT_ACTIONS.retryJobFailed, targetUserId, detail: { ...detail, error: String(error) } });
    throw new HttpError(409, 'The job could not be retried; it may have changed state. Refresh and try again.');
  }
}

/** Removes a failed job; the audit line commits only if the removal happened. */
export async function removeJob(db: Kysely<CoreDatabase>, queues: OperatorQueues, actor: AdminActor, queueName: string, jobId: string): Promise<void> {
  const job = await failedJob(queues, queueName, jobId);
  const { targetUserId, detail } = await auditDetail(db, queueName, job);
  await db.transaction().execute(async (trx) => {
    await recordAdminAction(trx, actor, { action: AUDIT_ACTIONS.removeJob, targetUserId, detail });
    await job.remove();
  });
}

/**
 * Queues a golfer's completed analysis to be measured again from its uploads with today's measurement
 * (the worker's `analysis.remeasure`, behind any golfer's upload that waits): what an operator does when a
 * golfer's older analysis still shows figures an older measurement read. The audit line names the golfer.
 */
export async function remeasureAnalysis(db: Kysely<CoreDatabase>, queues: OperatorQueues, actor: AdminActor, analysisId: number): Promise<RemeasureResponse> {
  const analysis = await analysisStatus(db, analysisId);
  if (!analysis) throw new HttpError(404, REMEASURE_ERRORS.notFound);
  if (analysis.status !== 'complete') throw new HttpError(409, REMEASURE_ERRORS.notComplete);
  const outcome = await addAgain(queues.get(JOBS['analysis.remeasure'].queue)!, 'analysis.remeasure', { analysisId });
  await recordAdminAction(db, actor, { action: AUDIT_ACTIONS.remeasureAnalysis, targetUserId: analysis.userId, detail: { analysisId, outcome } });
  return { analysisId, outcome };
}
