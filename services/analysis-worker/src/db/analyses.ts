import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { publishInTransaction } from '@swingfit/server-kit';
import { CORE_SCHEMA, type CoreDatabase, type SwingAnalysesTable } from '@swingfit/core-db';

/* Every query the worker runs against core.swing_analyses. */

export type AnalysisRow = Selectable<SwingAnalysesTable>;
type Db = Kysely<CoreDatabase>;

export function loadAnalysis(db: Db, id: number): Promise<AnalysisRow | undefined> {
  return db.selectFrom('swing_analyses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Claims the analysis for this run; undefined when it is already finished (or gone). */
export async function markProcessing(db: Db, id: number): Promise<{ attempts: number } | undefined> {
  return db
    .updateTable('swing_analyses')
    .set({ status: 'processing', attempts: sql`attempts + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'processing'])
    .returning('attempts')
    .executeTakeFirst();
}

export interface CompletedAnalysis {
  media: Record<string, unknown>;
  probe: Record<string, unknown>;
  launchMonitor: unknown;
  pose: unknown;
  downTheLinePose: unknown;
  technicalDetails: Record<string, unknown>;
  mobilityAnalysis: unknown;
  analysisResults: unknown;
  performanceAssessment: string | null;
  launchMonitorAssessment: string | null;
  swingStrengths: string[];
  swingWeaknesses: string[];
  keyIssues: string[];
  recommendations: string[];
  exerciseRecommendations: unknown[];
}

const json = (v: unknown) => (v == null ? null : JSON.stringify(v));

/**
 * Stores the results and the analysis.completed event in one transaction. Only a run that moves the
 * row out of 'processing' publishes, so a duplicate run (crash, stall) cannot emit a second event.
 */
export async function completeAnalysis(db: Db, row: AnalysisRow, result: CompletedAnalysis, requestId?: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('swing_analyses')
      .set({
        status: 'complete',
        media: JSON.stringify(result.media),
        probe: json(result.probe),
        launch_monitor: json(result.launchMonitor),
        pose: json(result.pose),
        down_the_line_pose: json(result.downTheLinePose),
        technical_details: json(result.technicalDetails),
        mobility_analysis: json(result.mobilityAnalysis),
        analysis_results: json(result.analysisResults),
        performance_assessment: result.performanceAssessment,
        launch_monitor_assessment: result.launchMonitorAssessment,
        swing_strengths: JSON.stringify(result.swingStrengths),
        swing_weaknesses: JSON.stringify(result.swingWeaknesses),
        key_issues: JSON.stringify(result.keyIssues),
        recommendations: JSON.stringify(result.recommendations),
        exercise_recommendations: JSON.stringify(result.exerciseRecommendations),
        completed_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'processing')
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await publishInTransaction(trx, CORE_SCHEMA, { type: 'analysis.completed', payload: { analysisId: row.id }, userId: row.user_id, ...(requestId ? { requestId } : {}) });
    return true;
  });
}

/** Records a failure (reason in technical_details.error) and analysis.failed, once. */
export async function failAnalysis(db: Db, id: number, technicalDetails: { error: string; message: string } & Record<string, unknown>, requestId?: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('swing_analyses')
      .set({ status: 'failed', technical_details: JSON.stringify(technicalDetails), updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'processing'])
      .returning(['id', 'user_id'])
      .executeTakeFirst();
    if (!updated) return false;
    await publishInTransaction(trx, CORE_SCHEMA, { type: 'analysis.failed', payload: { analysisId: id, reason: technicalDetails.error }, userId: updated.user_id, ...(requestId ? { requestId } : {}) });
    return true;
  });
}

/* The reconciler's queries. */

export interface UnfinishedAnalysis {
  id: number;
  status: 'pending' | 'processing';
  requeues: number;
}

/**
 * Analyses pending or processing with no change for `stuckAfterMs`, oldest first. An upload whose
 * analysis.uploaded event still waits in the outbox is not stuck: the relay sends its job once Redis answers.
 */
export async function findUnfinishedSince(db: Db, stuckAfterMs: number, limit: number): Promise<UnfinishedAnalysis[]> {
  const rows = await db
    .selectFrom('swing_analyses as a')
    .select(['a.id', 'a.status', 'a.requeues'])
    .where('a.status', 'in', ['pending', 'processing'])
    .where('a.updated_at', '<', sql<Date>`now() - make_interval(secs => ${stuckAfterMs / 1000})`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox as o')
            .select(sql`1`.as('one'))
            .where('o.sent_at', 'is', null)
            .where('o.type', '=', 'analysis.uploaded')
            .where(sql`(o.payload->>'analysisId')::bigint`, '=', sql.ref('a.id')),
        ),
      ),
    )
    .orderBy('a.updated_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), status: r.status as UnfinishedAnalysis['status'], requeues: r.requeues }));
}

/**
 * Counts a re-queue, only if the analysis is still unfinished and untouched since it was found
 * (another reconciler run or a worker may have moved it meanwhile). True when this run owns the re-queue.
 */
export async function countRequeue(db: Db, id: number, stuckAfterMs: number): Promise<boolean> {
  const row = await db
    .updateTable('swing_analyses')
    .set({ requeues: sql`requeues + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'processing'])
    .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${stuckAfterMs / 1000})`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
