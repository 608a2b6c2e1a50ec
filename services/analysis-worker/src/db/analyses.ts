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

/** The written part of an analysis, as stored (the pipeline writes it, `pnpm analyses:rewrite` again). */
export interface StoredTexts {
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

export interface CompletedAnalysis extends StoredTexts {
  /** Which measurement read the figures (contracts MEASUREMENT_EDITION). */
  measurementEdition: number;
  media: Record<string, unknown>;
  probe: Record<string, unknown>;
  launchMonitor: unknown;
  pose: unknown;
  downTheLinePose: unknown;
  technicalDetails: Record<string, unknown>;
}

const json = (v: unknown) => (v == null ? null : JSON.stringify(v));

/** The columns an analysis' results are stored in (as it completes, and when it is measured again). */
const resultColumns = (result: CompletedAnalysis) => ({
  measurement_edition: result.measurementEdition,
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
});

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
        ...resultColumns(result),
        completed_at: sql`now()`,
        measured_at: sql`now()`,
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

/* ---------- rewriting the written part of completed analyses ---------- */

/**
 * Which measurement of an analysis is stored: when it was measured, as text (a JavaScript date drops the
 * microseconds PostgreSQL keeps, so it could never match again). A rewrite or a remeasurement stores its
 * result only onto the measurement it read, so neither puts text or figures onto the other's.
 */
const measuredRun = sql<string>`coalesce(measured_at, completed_at)::text`;

/** What a rewrite reads: the measured part, the written part as stored now, and which measurement (`run`) they came from. */
const REWRITE_COLUMNS = [
  'id', 'club_selection', 'tour_comparison', 'launch_monitor', 'pose', 'down_the_line_pose',
  'technical_details', 'mobility_analysis', 'analysis_results', 'performance_assessment', 'launch_monitor_assessment',
  'swing_strengths', 'swing_weaknesses', 'key_issues', 'recommendations', 'exercise_recommendations',
] as const;
export type StoredMeasurements = Pick<AnalysisRow, (typeof REWRITE_COLUMNS)[number]> & { run: string };

/**
 * Completed analyses after `afterId`, in id order; only `ids` when given; with `editionBefore`, only those
 * whose text older write-up rules wrote (technical_details.writeUpEdition missing or lower).
 */
export function completedMeasurements(db: Db, page: { afterId: number; limit: number; ids?: number[]; editionBefore?: number }): Promise<StoredMeasurements[]> {
  let query = db
    .selectFrom('swing_analyses')
    .select(REWRITE_COLUMNS)
    .select(measuredRun.as('run'))
    .where('status', '=', 'complete')
    .where('id', '>', page.afterId);
  if (page.ids) query = query.where('id', 'in', page.ids.length ? page.ids : [-1]);
  if (page.editionBefore !== undefined) query = query.where(writtenEdition, '<', page.editionBefore);
  return query.orderBy('id').limit(page.limit).execute();
}

/** The edition stored with an analysis' text; 0 where there is none (or not a whole number: never ours). */
const writtenEdition = sql<number>`coalesce(case when technical_details->>'writeUpEdition' ~ '^[0-9]{1,6}$' then (technical_details->>'writeUpEdition')::int end, 0)`;

/** The written part, and the texts technical details keep a copy of. */
export interface RewrittenTexts extends StoredTexts {
  technicalDetails: Record<string, unknown>;
}

/**
 * Replaces the written part of an analysis, only while it is still the measurement that was read
 * (same `run`): one measured again meanwhile keeps its own, newer text. The texts kept
 * in technical details are replaced key by key; everything else there stays. False: not replaced.
 */
export async function storeRewrittenTexts(db: Db, row: Pick<StoredMeasurements, 'id' | 'run'>, texts: RewrittenTexts): Promise<boolean> {
  const updated = await db
    .updateTable('swing_analyses')
    .set({
      technical_details: sql`(coalesce(technical_details, '{}'::jsonb) - 'mobilityAnalysis') || ${JSON.stringify(texts.technicalDetails)}::jsonb`,
      mobility_analysis: json(texts.mobilityAnalysis),
      analysis_results: json(texts.analysisResults),
      performance_assessment: texts.performanceAssessment,
      launch_monitor_assessment: texts.launchMonitorAssessment,
      swing_strengths: JSON.stringify(texts.swingStrengths),
      swing_weaknesses: JSON.stringify(texts.swingWeaknesses),
      key_issues: JSON.stringify(texts.keyIssues),
      recommendations: JSON.stringify(texts.recommendations),
      exercise_recommendations: JSON.stringify(texts.exerciseRecommendations),
      updated_at: sql`now()`,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'complete')
    .where(measuredRun, '=', row.run)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** The written part as stored, in the shape `storeRewrittenTexts` takes. */
export function storedTexts(row: StoredMeasurements): RewrittenTexts {
  const details = (row.technical_details ?? {}) as Record<string, unknown>;
  const { mobilityAnalysis, swingStrengths, swingWeaknesses, writeUpEdition } = details;
  return {
    technicalDetails: { ...(mobilityAnalysis ? { mobilityAnalysis } : {}), swingStrengths, swingWeaknesses, ...(writeUpEdition === undefined ? {} : { writeUpEdition }) },
    mobilityAnalysis: row.mobility_analysis,
    analysisResults: row.analysis_results,
    performanceAssessment: row.performance_assessment,
    launchMonitorAssessment: row.launch_monitor_assessment,
    swingStrengths: row.swing_strengths,
    swingWeaknesses: row.swing_weaknesses,
    keyIssues: row.key_issues,
    recommendations: row.recommendations,
    exerciseRecommendations: row.exercise_recommendations as unknown[],
  };
}

/* ---------- measuring completed analyses again ---------- */

/** An analysis with the measurement it holds now (see measuredRun); undefined when there is none. */
export function loadWithRun(db: Db, id: number): Promise<(AnalysisRow & { run: string }) | undefined> {
  return db.selectFrom('swing_analyses').selectAll().select(measuredRun.as('run')).where('id', '=', id).executeTakeFirst();
}

/**
 * Stores a new measurement of a completed analysis in place of the one that was read (same `run`): the
 * figures, the written part, media and technical details, with a new measurement time. No event: the
 * golfer's analysis was completed (and counted) once; its completion time stays. False: not stored (the
 * analysis was deleted, or measured again meanwhile).
 */
export async function storeRemeasured(db: Db, id: number, run: string, result: CompletedAnalysis): Promise<boolean> {
  const updated = await db
    .updateTable('swing_analyses')
    .set({ ...resultColumns(result), measured_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'complete')
    .where(measuredRun, '=', run)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Ids of completed analyses after `afterId`, in id order; only among `ids` when given. */
export async function completedIds(db: Db, page: { afterId: number; limit: number; ids?: number[] }): Promise<number[]> {
  let query = db.selectFrom('swing_analyses').select('id').where('status', '=', 'complete').where('id', '>', page.afterId);
  if (page.ids) query = query.where('id', 'in', page.ids.length ? page.ids : [-1]);
  const rows = await query.orderBy('id').limit(page.limit).execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Completed analyses an older measurement read (before `edition`, or before editions were recorded) and
 * that no remeasurement at `edition` has tried yet, oldest first: the next ones to measure again (the same
 * question as contracts awaitsRemeasure, which the admin's list asks of one row).
 */
export async function measuredBefore(db: Db, page: { edition: number; limit: number }): Promise<number[]> {
  const rows = await db
    .selectFrom('swing_analyses')
    .select('id')
    .where('status', '=', 'complete')
    // The same expression as the partial index swing_analyses_measurement_edition.
    .where(sql<number>`coalesce(measurement_edition, 0)`, '<', page.edition)
    .where(sql<number>`coalesce(remeasure_tried_edition, 0)`, '<', page.edition)
    .orderBy(sql`coalesce(measurement_edition, 0)`)
    .orderBy('id')
    .limit(page.limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Records that measuring the analysis again at `edition` was tried and left it as it was (see measuredBefore). */
export async function markRemeasureTried(db: Db, id: number, edition: number): Promise<void> {
  await db.updateTable('swing_analyses').set({ remeasure_tried_edition: edition }).where('id', '=', id).execute();
}
