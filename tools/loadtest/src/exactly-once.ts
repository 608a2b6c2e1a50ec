/*
 * The exactly-once check of a load run (pure): every upload made one analysis row, each finished once,
 * published one analysis.completed (or one analysis.failed) event, and what the rest of the system does
 * with those events happened once: the golfer's upload points (one ledger row per upload) and one
 * "Analysis Ready" notification per completed analysis.
 */

export interface AnalysisFacts {
  id: number;
  userId: number;
  status: 'pending' | 'processing' | 'complete' | 'failed' | 'missing';
  /** analysis.completed events in the outbox for this analysis. */
  completedEvents: number;
  failedEvents: number;
  /** Upload awards in the points ledger (cause upload:analysis:{id}); null when uploads skip the gateway (--direct). */
  uploadAwards: number | null;
}

export interface GolferFacts {
  userId: number;
  /** 'Analysis Ready' notifications gamification wrote for this golfer. */
  readyNotices: number;
}

export interface ExactlyOnceResult {
  ok: boolean;
  uploads: number;
  completedOnce: number;
  problems: string[];
}

const MAX_LISTED = 20;

export function checkExactlyOnce(submittedIds: readonly number[], analyses: readonly AnalysisFacts[], golfers: readonly GolferFacts[]): ExactlyOnceResult {
  const problems: string[] = [];
  const seen = new Set<number>();
  for (const id of submittedIds) {
    if (seen.has(id)) problems.push(`analysis ${id} was returned for two uploads`);
    seen.add(id);
  }
  const byId = new Map(analyses.map((a) => [a.id, a]));
  let completedOnce = 0;
  for (const id of submittedIds) {
    const a = byId.get(id);
    if (!a || a.status === 'missing') {
      problems.push(`analysis ${id}: no row (lost)`);
      continue;
    }
    if (a.status === 'pending' || a.status === 'processing') problems.push(`analysis ${id}: never finished (still ${a.status})`);
    if (a.status === 'complete') {
      if (a.completedEvents === 1 && a.failedEvents === 0) completedOnce++;
      else problems.push(`analysis ${id}: complete with ${a.completedEvents} analysis.completed and ${a.failedEvents} analysis.failed events (want 1 and 0)`);
    }
    if (a.status === 'failed' && (a.failedEvents !== 1 || a.completedEvents !== 0)) {
      problems.push(`analysis ${id}: failed with ${a.failedEvents} analysis.failed and ${a.completedEvents} analysis.completed events (want 1 and 0)`);
    }
    if (a.uploadAwards !== null && a.uploadAwards !== 1) problems.push(`analysis ${id}: ${a.uploadAwards} upload awards in the points ledger (want 1)`);
  }
  const completedByUser = new Map<number, number>();
  for (const a of analyses) if (a.status === 'complete') completedByUser.set(a.userId, (completedByUser.get(a.userId) ?? 0) + 1);
  for (const g of golfers) {
    const want = completedByUser.get(g.userId) ?? 0;
    if (g.readyNotices !== want) problems.push(`golfer ${g.userId}: ${g.readyNotices} 'Analysis Ready' notifications for ${want} completed analyses`);
  }
  const listed = problems.length > MAX_LISTED ? [...problems.slice(0, MAX_LISTED), `… and ${problems.length - MAX_LISTED} more`] : problems;
  return { ok: problems.length === 0, uploads: submittedIds.length, completedOnce, problems: listed };
}
