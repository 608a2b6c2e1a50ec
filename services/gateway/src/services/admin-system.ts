import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ADMIN_FAILED_JOBS_SHOWN, ANALYSIS_JOB_NAME, ANALYSIS_QUEUE, ANALYSIS_WINDOW_HOURS, type FailedJob, type OutboxLag, type QueueView, type SystemView } from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';
import { analysesWindow, analysisRunCounts } from '../db/admin-analyses-repository.js';
import { outboxLag } from '../db/outbox-lag.js';
import type { OperatorQueues } from './operator-queues.js';
import { readPeer, type PeerReport } from './peer-readiness.js';

export interface SystemContext {
  db: Kysely<CoreDatabase>;
  queues: OperatorQueues;
  logger: Logger;
  /** The other services with an outbox, by name, at their internal URLs (billing first: it also reports the Stripe mode). */
  peers: Array<{ service: string; url: string }>;
}

const HOUR_MS = 3_600_000;
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A failed analysis job's attempts as the analysis itself counts them (our own record): BullMQ's count
 * starts again when the job is retried or added again for the same upload, the analysis's does not.
 */
async function withAnalysisRuns(db: Kysely<CoreDatabase>, jobs: FailedJob[]): Promise<FailedJob[]> {
  const ids = jobs.filter((j) => j.name === ANALYSIS_JOB_NAME && j.analysisId !== null).map((j) => j.analysisId!);
  const runs = await analysisRunCounts(db, ids);
  return jobs.map((j) => (j.name === ANALYSIS_JOB_NAME && j.analysisId !== null ? { ...j, attemptsMade: Math.max(j.attemptsMade, runs.get(j.analysisId) ?? 0) } : j));
}

async function queueView(ctx: SystemContext, name: string): Promise<QueueView> {
  try {
    const [counts, jobs] = await Promise.all([ctx.queues.counts(name), ctx.queues.failedJobs(name, ADMIN_FAILED_JOBS_SHOWN)]);
    const failedJobs = name === ANALYSIS_QUEUE ? await withAnalysisRuns(ctx.db, jobs) : jobs;
    return { name, counts, failedJobs, error: null };
  } catch (error) {
    ctx.logger.warn({ err: error, queue: name }, 'could not read queue');
    return { name, counts: null, failedJobs: [], error: `Queue could not be read: ${reason(error)}` };
  }
}

async function ownOutbox(ctx: SystemContext): Promise<OutboxLag> {
  try {
    return { service: 'gateway', ...(await outboxLag(ctx.db)), error: null };
  } catch (error) {
    return { service: 'gateway', unsent: null, oldestUnsentAgeMs: null, error: `Outbox could not be read: ${reason(error)}` };
  }
}

const peerOutbox = (service: string, report: PeerReport): OutboxLag => ({
  service,
  unsent: report.outbox?.unsent ?? null,
  oldestUnsentAgeMs: report.outbox?.oldestUnsentAgeMs ?? null,
  error: report.error,
});

/**
 * The operator's view at this moment: every queue's counts and newest failed jobs (BullMQ), each
 * outbox's backlog (ours from PostgreSQL, the others' from their /readyz), and the last 24 hours of
 * analyses (PostgreSQL). One part failing leaves the others standing.
 */
export async function systemView(ctx: SystemContext, now = new Date()): Promise<SystemView> {
  const since = new Date(now.getTime() - ANALYSIS_WINDOW_HOURS * HOUR_MS);
  const [queues, own, reports, analyses] = await Promise.all([
    Promise.all(ctx.queues.names().map((name) => queueView(ctx, name))),
    ownOutbox(ctx),
    Promise.all(ctx.peers.map(async (p) => ({ service: p.service, report: await readPeer(p.url) }))),
    analysesWindow(ctx.db, since),
  ]);
  const billing = reports.find((r) => r.service === 'billing');
  return {
    generatedAt: now.toISOString(),
    queues,
    outbox: [own, ...reports.map((r) => peerOutbox(r.service, r.report))],
    analyses: { since: since.toISOString(), ...analyses },
    payments: { stripeMode: billing?.report.stripeMode ?? null },
  };
}
