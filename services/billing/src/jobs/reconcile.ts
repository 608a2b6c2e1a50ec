import type { Worker } from 'bullmq';
import { processScheduledJob, type JobHandlers, type QueueSettings } from '@swingfit/server-kit';
import type { BillingDeps } from '../deps.js';
import { overdueSubscriptions } from '../db/subscriptions.js';
import { syncGolfer } from '../services/sync.js';

/** Stripe renews or ends a subscription within about an hour of its period end; later than that, ask it. */
export const OVERDUE_AFTER_MS = 60 * 60_000;
/** Golfers re-read per run: a lost batch of webhooks is caught up over a few runs, without a burst at Stripe. */
const PER_RUN = 200;

export interface ReconcileResult {
  checked: number;
  changed: number;
  failed: number;
}

/**
 * The safety net under the webhooks: golfers whose stored state is Premium but whose paid period ended
 * more than an hour ago go through the same sync as a webhook would have sent them.
 */
export async function reconcileOverdue(deps: BillingDeps, now = new Date()): Promise<ReconcileResult> {
  const golfers = await overdueSubscriptions(deps.db, now, OVERDUE_AFTER_MS, PER_RUN);
  const result: ReconcileResult = { checked: golfers.length, changed: 0, failed: 0 };
  for (const userId of golfers) {
    try {
      if ((await syncGolfer(deps, userId)).outcome === 'changed') result.changed += 1;
    } catch (err) {
      // One golfer Stripe cannot answer for must not hold up the others; the next run tries again.
      result.failed += 1;
      deps.logger.warn({ err, userId }, 'reconcile could not sync a golfer');
    }
  }
  if (result.checked > 0) deps.logger.info(result, 'overdue subscriptions reconciled');
  return result;
}

/** The handler of `billing.reconcile` in the job table (scheduled once across replicas by JobQueues.keepScheduled). */
export function reconcileJobHandlers(deps: BillingDeps): Pick<JobHandlers, 'billing.reconcile'> {
  return { 'billing.reconcile': () => reconcileOverdue(deps) };
}

/** The worker of the reconcile queue. */
export function createReconcileWorker(deps: BillingDeps, settings: QueueSettings): Worker {
  return processScheduledJob('billing.reconcile', () => reconcileOverdue(deps), { service: 'billing', settings, logger: deps.logger });
}
