import { rm } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { CoreDatabase } from '@swingfit/core-db';
import type { JobQueues } from '@swingfit/server-kit';
import { AnalysisFailure } from '../pipeline/errors.js';
import { StageClock } from '../pipeline/stage-clock.js';
import { createWorkDir } from '../pipeline/work-dir.js';
import { completedIds, loadWithRun, markRemeasureTried, storeRemeasured } from '../db/analyses.js';
import { MEASUREMENT_EDITION } from '@swingfit/contracts';
import { analyse, removedMeanwhile, type AnalysisDeps } from './analysis-job.js';

/*
 * Job `analysis.remeasure`: a completed analysis measured again from the videos the golfer uploaded,
 * with the worker's measurement as it is now. The figures of an analysis are measured once, when it
 * runs; after a release measures turns better, a golfer's earlier analyses would keep the older figures
 * (and the write-up, key issues and workout focus drawn from them) for good. `pnpm analyses:remeasure`
 * queues this job for the analyses an operator names; `analysis.remeasure-older` for those an older
 * edition of the measurement read (contracts MEASUREMENT_EDITION), by itself.
 *
 * The analysis stays complete and readable throughout; the new measurement replaces the old one in one
 * update, and only if nothing measured it again meanwhile. It publishes no event: the upload was
 * completed, counted and rewarded once. A video the current measurement cannot read (it refuses what an
 * older one accepted) leaves the stored analysis as it was, and says why.
 */

export type RemeasureOutcome =
  | { outcome: 'remeasured' }
  | { outcome: 'kept'; reason: string }
  | { outcome: 'not-complete' | 'missing' | 'superseded' };

export async function remeasureAnalysis(deps: AnalysisDeps, analysisId: number, options: { signal?: AbortSignal } = {}): Promise<RemeasureOutcome> {
  const row = await loadWithRun(deps.db, analysisId);
  if (!row) return { outcome: 'missing' };
  if (row.status !== 'complete') return { outcome: 'not-complete' };
  const workDir = await createWorkDir(analysisId);
  try {
    const clock = new StageClock();
    const result = await analyse(deps, row, { ...options, clock, warnings: [], workDir });
    const details = { ...result.technicalDetails, remeasured: true };
    if (await storeRemeasured(deps.db, analysisId, row.run, { ...result, technicalDetails: details })) return { outcome: 'remeasured' };
    return { outcome: (await removedMeanwhile(deps, row)) ? 'missing' : 'superseded' };
  } catch (error) {
    if (!(error instanceof AnalysisFailure)) throw error;
    // Today's measurement will refuse it as often as it is asked: not asked again until a newer one.
    await markRemeasureTried(deps.db, analysisId, MEASUREMENT_EDITION);
    return { outcome: 'kept', reason: error.reason };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/* ---------- queueing remeasurements (`pnpm analyses:remeasure`) ---------- */

export type QueueOutcome = { id: number; outcome: 'queued' | 'already queued' };

const PAGE = 500;

/**
 * Queues a remeasurement of each completed analysis selected (every one, or those of `ids`), oldest
 * first. One still waiting or running is left as it is; a finished one is removed so the analysis can be
 * measured again (server-kit addAgain). With `dryRun`, says what it would queue and queues nothing.
 */
export async function queueRemeasurements(
  deps: { db: Kysely<CoreDatabase>; queues: JobQueues },
  selection: { ids?: number[]; dryRun?: boolean; onOutcome?: (o: QueueOutcome) => void },
): Promise<QueueOutcome[]> {
  const outcomes: QueueOutcome[] = [];
  for (let afterId = 0; ; ) {
    const ids = await completedIds(deps.db, { afterId, limit: PAGE, ...(selection.ids ? { ids: selection.ids } : {}) });
    for (const id of ids) {
      const outcome = await deps.queues.addAgain('analysis.remeasure', { analysisId: id }, { dryRun: selection.dryRun });
      outcomes.push({ id, outcome });
      selection.onOutcome?.({ id, outcome });
    }
    if (ids.length < PAGE) return outcomes;
    afterId = ids[ids.length - 1]!;
  }
}
