import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import { Value } from '@sinclair/typebox/value';
import { CLUBS, LaunchMonitorAnalysis, PoseSummary, type ClubSelection } from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';
import { completedMeasurements, storedTexts, storeRewrittenTexts, type StoredMeasurements } from '../db/analyses.js';
import type { PipelineStages } from '../pipeline/stages.js';
import type { WriteUpInput } from '../writeup/types.js';
import { WRITE_UP_EDITION, textsInTechnicalDetails, writeAnalysisTexts, type AnalysisTexts } from './analysis-texts.js';

/*
 * `pnpm analyses:rewrite`: writes the written part of completed analyses again from their stored
 * measurements, with today's writer. The write-up is written once, when an analysis runs, so a fix to
 * its rules (a sentence that contradicted the figures below it) reached only new analyses; this
 * brings the old ones in line without measuring their videos again. The figures are not touched.
 */

export interface RewriteDeps {
  db: Kysely<CoreDatabase>;
  writeUp: PipelineStages['writeUp'];
}

export type RewriteOutcome =
  | { id: number; outcome: 'rewritten' | 'unchanged' }
  /** Re-analysed while this was being written: its own newer text stands. */
  | { id: number; outcome: 'superseded' }
  /** Stored in a shape today's writer cannot read (older measurements): left as it was. */
  | { id: number; outcome: 'unreadable'; reason: string }
  /** The writer failed on it (a model call that did not come back): left as it was, tried again next time. */
  | { id: number; outcome: 'failed'; reason: string };

/** Analyses read per page: each is written in turn, and a model writer takes seconds per analysis. */
export const REWRITE_PAGE_SIZE = 50;

/** The writer's input from a stored analysis, or why it cannot be rebuilt. */
export function writeUpInputOf(row: StoredMeasurements): WriteUpInput | { unreadable: string } {
  if (!(CLUBS as readonly string[]).includes(row.club_selection)) return { unreadable: `unknown club '${row.club_selection}'` };
  const checks = [
    ['launch monitor comparison', row.launch_monitor, LaunchMonitorAnalysis],
    ['face-on measurements', row.pose, PoseSummary],
    ['down-the-line measurements', row.down_the_line_pose, PoseSummary],
  ] as const;
  for (const [what, value, schema] of checks) {
    if (value !== null && !Value.Check(schema, value)) return { unreadable: `its stored ${what} are in an older shape` };
  }
  return {
    club: row.club_selection as ClubSelection,
    tour: row.tour_comparison === 'lpga' ? 'lpga' : 'pga',
    launchMonitor: row.launch_monitor as LaunchMonitorAnalysis | null,
    pose: row.pose as PoseSummary | null,
    downTheLinePose: row.down_the_line_pose as PoseSummary | null,
  };
}

/** The columns as the pipeline stores them, for comparing what is stored with what would be. */
export function storedForm(texts: AnalysisTexts) {
  return {
    technicalDetails: textsInTechnicalDetails(texts),
    mobilityAnalysis: texts.mobilityAnalysis,
    analysisResults: texts.analysisResults,
    performanceAssessment: texts.performanceAssessment,
    launchMonitorAssessment: texts.launchMonitorAssessment,
    swingStrengths: texts.swingStrengths,
    swingWeaknesses: texts.swingWeaknesses,
    keyIssues: texts.keyIssues,
    recommendations: texts.recommendations,
    exerciseRecommendations: texts.exerciseRecommendations,
  };
}

/** Writes one analysis again; with `dryRun`, says what would happen and stores nothing. */
export async function rewriteAnalysis(deps: RewriteDeps, row: StoredMeasurements, dryRun = false): Promise<RewriteOutcome> {
  const input = writeUpInputOf(row);
  if ('unreadable' in input) return { id: row.id, outcome: 'unreadable', reason: input.unreadable };
  const next = storedForm(await writeAnalysisTexts(deps.writeUp, input));
  // As JSON, the way it would be stored (no undefined fields); key order does not matter (jsonb sorts keys).
  if (isDeepStrictEqual(storedTexts(row), JSON.parse(JSON.stringify(next)))) return { id: row.id, outcome: 'unchanged' };
  if (dryRun) return { id: row.id, outcome: 'rewritten' };
  return { id: row.id, outcome: (await storeRewrittenTexts(deps.db, row, next)) ? 'rewritten' : 'superseded' };
}

export interface RewriteOptions {
  ids?: number[];
  /** Only analyses whose text older write-up rules wrote (WRITE_UP_EDITION). */
  staleOnly?: boolean;
  dryRun?: boolean;
  /** A writer failure is one analysis' outcome ('failed') instead of the end of the run. */
  skipFailures?: boolean;
  /** Stops between analyses once aborted (a job past its deadline). */
  signal?: AbortSignal;
  onOutcome?: (o: RewriteOutcome) => void;
  pageSize?: number;
}

async function outcomeOf(deps: RewriteDeps, row: StoredMeasurements, options: RewriteOptions): Promise<RewriteOutcome> {
  if (!options.skipFailures) return rewriteAnalysis(deps, row, options.dryRun);
  try {
    return await rewriteAnalysis(deps, row, options.dryRun);
  } catch (error) {
    return { id: row.id, outcome: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Every completed analysis (or the ones in `ids`, or the stale ones), in id order; `onOutcome` hears each as it is done. */
export async function rewriteAnalyses(deps: RewriteDeps, options: RewriteOptions = {}): Promise<RewriteOutcome[]> {
  const outcomes: RewriteOutcome[] = [];
  const limit = options.pageSize ?? REWRITE_PAGE_SIZE;
  const filter = { ...(options.ids ? { ids: options.ids } : {}), ...(options.staleOnly ? { editionBefore: WRITE_UP_EDITION } : {}) };
  for (let afterId = 0; ; ) {
    const page = await completedMeasurements(deps.db, { afterId, limit, ...filter });
    for (const row of page) {
      if (options.signal?.aborted) return outcomes;
      const outcome = await outcomeOf(deps, row, options);
      outcomes.push(outcome);
      options.onOutcome?.(outcome);
    }
    if (page.length < limit) return outcomes;
    afterId = page[page.length - 1]!.id;
  }
}
