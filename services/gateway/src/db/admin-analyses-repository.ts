import { sql, type Kysely, type Transaction } from 'kysely';
import { awaitsRemeasure, type AdminAnalysis, type AnalysesWindow } from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';
import { measuredAgainAt } from './analyses-repository.js';

type Db = Kysely<CoreDatabase> | Transaction<CoreDatabase>;

/* The admin area's queries on core.swing_analyses: a golfer's recent analyses and the operator's figures. */

const iso = (value: Date | string) => new Date(value).toISOString();

/** technical_details is jsonb written by the worker; only its text `error` and `message` are read here. */
function textField(details: unknown, key: 'error' | 'message'): string | null {
  if (!details || typeof details !== 'object') return null;
  const value = (details as Record<string, unknown>)[key];
  return typeof value === 'string' && value ? value : null;
}

/** A golfer's latest analyses for the admin; `sweepOn`: whether the worker measures older ones again by itself now. */
export async function recentAnalysesOf(db: Db, userId: number, limit: number, sweepOn: boolean): Promise<AdminAnalysis[]> {
  const rows = await db
    .selectFrom('swing_analyses')
    .select(['id', 'created_at', 'completed_at', 'measured_at', 'measurement_edition', 'remeasure_tried_edition', 'club_selection', 'status', 'technical_details'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const failed = r.status === 'failed';
    return {
      id: Number(r.id),
      createdAt: iso(r.created_at),
      completedAt: r.completed_at ? iso(r.completed_at) : null,
      clubSelection: r.club_selection,
      status: r.status,
      failureReason: failed ? (textField(r.technical_details, 'error') ?? 'No reason was recorded') : null,
      failureAdvice: failed ? textField(r.technical_details, 'message') : null,
      measuredAgainAt: measuredAgainAt(r),
      awaitsRemeasure: sweepOn && awaitsRemeasure(r.status, r.measurement_edition, r.remeasure_tried_edition),
    };
  });
}

interface WindowRow {
  pending: string;
  processing: string;
  complete: string;
  failed: string;
  measured: string;
  median_ms: number | null;
  p95_ms: number | null;
}

/**
 * Analyses created since `since`, by status, with the median and 95th percentile of upload-to-complete
 * time of the completed ones, in one pass over the created_at index (migration 0011).
 */
export async function analysesWindow(db: Db, since: Date): Promise<Omit<AnalysesWindow, 'since'>> {
  const done = sql`status = 'complete' and completed_at is not null`;
  const ms = sql`extract(epoch from (completed_at - created_at)) * 1000`;
  const { rows } = await sql<WindowRow>`
    select
      count(*) filter (where status = 'pending') as pending,
      count(*) filter (where status = 'processing') as processing,
      count(*) filter (where status = 'complete') as complete,
      count(*) filter (where status = 'failed') as failed,
      count(*) filter (where ${done}) as measured,
      percentile_cont(0.5) within group (order by ${ms}) filter (where ${done}) as median_ms,
      percentile_cont(0.95) within group (order by ${ms}) filter (where ${done}) as p95_ms
    from swing_analyses
    where created_at >= ${since}`.execute(db);
  const r = rows[0]!;
  const byStatus = { pending: Number(r.pending), processing: Number(r.processing), complete: Number(r.complete), failed: Number(r.failed) };
  const rounded = (v: number | null) => (v == null ? null : Math.round(Number(v)));
  return {
    total: byStatus.pending + byStatus.processing + byStatus.complete + byStatus.failed,
    byStatus,
    turnaround: { measured: Number(r.measured), medianMs: rounded(r.median_ms), p95Ms: rounded(r.p95_ms) },
  };
}

/**
 * An operator's retry of a failed analysis job: the row goes back to pending so the worker runs it
 * again (it skips finished analyses). Returns the failure's details for restoreFailedAnalysis, or
 * undefined when the analysis is not failed (gone, or already re-running).
 */
export async function reopenFailedAnalysis(db: Db, id: number): Promise<{ technicalDetails: unknown } | undefined> {
  const before = await db.selectFrom('swing_analyses').select('technical_details').where('id', '=', id).where('status', '=', 'failed').forUpdate().executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable('swing_analyses').set({ status: 'pending', technical_details: null, updated_at: sql`now()` }).where('id', '=', id).execute();
  return { technicalDetails: before.technical_details };
}

/** Undoes reopenFailedAnalysis when the job could not be put back on the queue (unless the worker already took it). */
export async function restoreFailedAnalysis(db: Db, id: number, technicalDetails: unknown): Promise<void> {
  await db
    .updateTable('swing_analyses')
    .set({ status: 'failed', technical_details: technicalDetails == null ? null : JSON.stringify(technicalDetails), updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** How many times the worker started each analysis (it counts every run it claims, whatever BullMQ's job says), by id. */
export async function analysisRunCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('swing_analyses').select(['id', 'attempts']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.attempts]));
}

/** Whose an analysis is and where it stands; undefined when there is none. */
export async function analysisStatus(db: Db, id: number): Promise<{ userId: number; status: string } | undefined> {
  const row = await db.selectFrom('swing_analyses').select(['user_id', 'status']).where('id', '=', id).executeTakeFirst();
  return row ? { userId: Number(row.user_id), status: row.status } : undefined;
}

/** The golfer an analysis belongs to (undefined once it is deleted): the audit log's "for which user". */
export async function analysisOwner(db: Db, id: number): Promise<number | undefined> {
  return (await analysisStatus(db, id))?.userId;
}
