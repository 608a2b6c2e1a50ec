/* Percentiles and throughput of a run (pure). */

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of sorted values: the smallest value with at least p% of values at or below it. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}

/** Finished analyses per minute from the first upload's creation to the last analysis' finish. */
export function perMinute(finished: number, firstStartMs: number, lastEndMs: number): number {
  const spanMs = lastEndMs - firstStartMs;
  return spanMs > 0 ? (finished * 60_000) / spanMs : Number.NaN;
}

/** Counts of each distinct reason, most frequent first. */
export function countReasons(reasons: readonly string[]): { reason: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}
