import type { Queue } from 'bullmq';
import {
  MONTHLY_AVERAGE_DAYS,
  analysisJobId,
  remeasureJobId,
  smashFactor,
  type AnalysisJobData,
  type AnalysisStatusResponse,
  type MonthlyAverage,
  type SwingAnalysis,
} from '@swingfit/contracts';
import { HttpError } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import {
  analysisPrefix,
  averageLaunchNumbers,
  countFirstAnalysisView,
  deleteOwnedAnalysis,
  findOwnedAnalysis,
  findPreviousAnalysis,
  listUserAnalyses,
  toSwingAnalysis,
  type AnalysisRow,
} from '../db/analyses-repository.js';

/* Reading and deleting a golfer's own analyses. Someone else's analysis does not exist for them (404). */

export const ANALYSIS_NOT_FOUND = 'Analysis not found';

type Db = GatewayDeps['db'];

export async function ownedAnalysisRow(db: Db, userId: number, id: number): Promise<AnalysisRow> {
  const row = await findOwnedAnalysis(db, userId, id);
  if (!row) throw new HttpError(404, ANALYSIS_NOT_FOUND);
  return row;
}

export async function listAnalyses(db: Db, userId: number): Promise<SwingAnalysis[]> {
  return (await listUserAnalyses(db, userId)).map(toSwingAnalysis);
}

/**
 * GET /api/swing-analyses/{id}: the golfer's analysis. Opening a completed one for the first time counts
 * one analysis view (section 3's analysisViewsUsed, the admin's Analysis Views counter, reset there; the
 * plans allow unlimited views, so nothing is refused). Reopening it, or a status poll, counts nothing.
 */
export async function getAnalysis(db: Db, userId: number, id: number): Promise<SwingAnalysis> {
  const row = await ownedAnalysisRow(db, userId, id);
  if (row.status === 'complete' && row.first_viewed_at === null) await countFirstAnalysisView(db, userId, id);
  return toSwingAnalysis(row);
}

/** What the loading screen polls every 2 s. */
export async function getAnalysisStatus(db: Db, userId: number, id: number): Promise<AnalysisStatusResponse> {
  const a = toSwingAnalysis(await ownedAnalysisRow(db, userId, id));
  return {
    isComplete: a.status === 'complete',
    // A failed row without a written reason must still stop the poll.
    hasError: Boolean(a.technicalDetails?.error) || a.status === 'failed',
    status: a.status,
    technicalDetails: a.technicalDetails,
    mobilityAnalysis: a.mobilityAnalysis,
  };
}

export async function getPreviousAnalysis(db: Db, userId: number, id: number): Promise<SwingAnalysis> {
  const current = await ownedAnalysisRow(db, userId, id);
  const previous = await findPreviousAnalysis(db, current);
  if (!previous) throw new HttpError(404, 'No previous analysis for this club');
  return toSwingAnalysis(previous);
}

const round = (value: number | null, decimals: number) => (value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals);

/** The golfer's 30-day average per club over complete analyses that carry launch numbers. */
export async function getMonthlyAverage(db: Db, userId: number, club: string, now = new Date()): Promise<MonthlyAverage> {
  const since = new Date(now.getTime() - MONTHLY_AVERAGE_DAYS * 24 * 60 * 60 * 1000);
  const avg = await averageLaunchNumbers(db, userId, club, since);
  const clubSpeed = round(avg.clubSpeed, 1);
  const ballSpeed = round(avg.ballSpeed, 1);
  return {
    hasData: avg.count > 0,
    count: avg.count,
    clubSpeed,
    ballSpeed,
    smashFactor: ballSpeed !== null && clubSpeed !== null ? smashFactor(ballSpeed, clubSpeed) : null,
    spinRate: round(avg.spinRate, 0),
    carry: round(avg.carry, 1),
  };
}

/** Removes the row, every stored object of the analysis and the jobs still waiting for it (its analysis, a remeasurement). */
export async function deleteAnalysis(deps: GatewayDeps, queue: Queue<AnalysisJobData>, userId: number, id: number): Promise<void> {
  if (!(await deleteOwnedAnalysis(deps.db, userId, id))) throw new HttpError(404, ANALYSIS_NOT_FOUND);
  // A running job finds no row and stops; a waiting one need not run at all.
  for (const jobId of [analysisJobId(id), remeasureJobId(id)]) {
    await queue.remove(jobId).catch((err: unknown) => deps.logger.info({ err, analysisId: id, jobId }, 'analysis job not removed (running or gone)'));
  }
  await deps.store.deletePrefix(analysisPrefix(userId, id));
}
