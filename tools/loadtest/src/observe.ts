import type pg from 'pg';
import { Queue, type ConnectionOptions } from 'bullmq';
import { JOBS, analysisJobId } from '@swingfit/contracts';
import type { AnalysisFacts, GolferFacts } from './exactly-once.js';

/* What a load run reads back: analysis rows, their events and effects from PostgreSQL, their jobs' timestamps from BullMQ. */

export interface StatusCounts {
  pending: number;
  processing: number;
  complete: number;
  failed: number;
}

export async function statusCounts(db: pg.Client, ids: readonly number[]): Promise<StatusCounts> {
  const { rows } = await db.query<{ status: keyof StatusCounts; n: string }>('select status, count(*) as n from core.swing_analyses where id = any($1::bigint[]) group by status', [ids]);
  const counts: StatusCounts = { pending: 0, processing: 0, complete: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

export interface AnalysisTimes {
  id: number;
  userId: number;
  status: AnalysisFacts['status'];
  attempts: number;
  failureReason: string | null;
  createdMs: number;
  /** completed_at of a complete analysis, updated_at (its last change) of a failed one. */
  finishedMs: number | null;
}

export async function analysisTimes(db: pg.Client, ids: readonly number[]): Promise<AnalysisTimes[]> {
  const { rows } = await db.query<{ id: string; user_id: string; status: AnalysisFacts['status']; attempts: number; reason: string | null; created_ms: string; finished_ms: string | null }>(
    `select id, user_id, status, attempts, technical_details->>'error' as reason,
            extract(epoch from created_at) * 1000 as created_ms,
            extract(epoch from case when status = 'complete' then completed_at when status = 'failed' then updated_at end) * 1000 as finished_ms
       from core.swing_analyses where id = any($1::bigint[])`,
    [ids],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    status: r.status,
    attempts: r.attempts,
    failureReason: r.reason,
    createdMs: Number(r.created_ms),
    finishedMs: r.finished_ms === null ? null : Number(r.finished_ms),
  }));
}

/** Events and effects per analysis and golfer, for the exactly-once check. */
export async function effects(db: pg.Client, times: readonly AnalysisTimes[], withUploadAwards: boolean): Promise<{ analyses: AnalysisFacts[]; golfers: GolferFacts[] }> {
  const ids = times.map((t) => t.id);
  const events = await db.query<{ id: string; type: string; n: string }>(
    `select (payload->>'analysisId')::bigint as id, type, count(*) as n from core.outbox
      where type in ('analysis.completed', 'analysis.failed') and (payload->>'analysisId')::bigint = any($1::bigint[]) group by 1, 2`,
    [ids],
  );
  const count = new Map(events.rows.map((r) => [`${r.type}:${r.id}`, Number(r.n)]));
  const awards = new Map<number, number>();
  if (withUploadAwards) {
    const causes = ids.map((id) => `upload:analysis:${id}`);
    const { rows } = await db.query<{ cause: string; n: string }>('select cause, count(*) as n from gamification.points_ledger where cause = any($1::text[]) group by cause', [causes]);
    for (const r of rows) awards.set(Number(r.cause.split(':')[2]), Number(r.n));
  }
  const userIds = [...new Set(times.map((t) => t.userId))];
  const notices = await db.query<{ user_id: string; n: string }>(
    `select user_id, count(*) as n from gamification.notifications where title = 'Analysis Ready' and user_id = any($1::bigint[]) group by user_id`,
    [userIds],
  );
  const noticesOf = new Map(notices.rows.map((r) => [Number(r.user_id), Number(r.n)]));
  return {
    analyses: times.map((t) => ({
      id: t.id,
      userId: t.userId,
      status: t.status,
      completedEvents: count.get(`analysis.completed:${t.id}`) ?? 0,
      failedEvents: count.get(`analysis.failed:${t.id}`) ?? 0,
      uploadAwards: withUploadAwards ? (awards.get(t.id) ?? 0) : null,
    })),
    golfers: userIds.map((userId) => ({ userId, readyNotices: noticesOf.get(userId) ?? 0 })),
  };
}

/** Events not yet handed to their queues, or not yet handled by gamification: the effects are still arriving. */
export async function eventsInFlight(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select (select count(*) from core.outbox where sent_at is null) as n`,
  );
  return Number(rows[0]!.n);
}

export interface JobTimes {
  id: number;
  addedMs: number;
  /** Start of the run that finished it (BullMQ keeps the last start only). */
  startedMs: number | null;
  finishedMs: number | null;
  attemptsMade: number;
  stalls: number;
}

/** The analysis jobs' own timestamps (kept JOBS.analysis.keepCompletedSeconds after they finish). */
export async function jobTimes(connection: ConnectionOptions, prefix: string, ids: readonly number[]): Promise<JobTimes[]> {
  const queue = new Queue(JOBS.analysis.queue, { connection, prefix });
  try {
    const jobs = await Promise.all(ids.map((id) => queue.getJob(analysisJobId(id))));
    return jobs.flatMap((job, i) =>
      job
        ? [{ id: ids[i]!, addedMs: job.timestamp, startedMs: job.processedOn ?? null, finishedMs: job.finishedOn ?? null, attemptsMade: job.attemptsMade, stalls: (job as unknown as { stalledCounter?: number }).stalledCounter ?? 0 }]
        : [],
    );
  } finally {
    await queue.close();
  }
}
