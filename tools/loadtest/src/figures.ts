import type { AnalysisTimes, JobTimes } from './observe.js';
import { percentiles, perMinute, type Percentiles } from './stats.js';

/*
 * The run's latencies, each from recorded timestamps: the analysis row (created_at when the upload
 * committed, completed_at) and its BullMQ job (added, started by the run that finished it, finished).
 */

export interface LatencyFigures {
  throughputPerMinute: number;
  /** Row committed -> job on the queue (the outbox relay). */
  relay: Percentiles;
  /** Job on the queue -> taken by a worker (the last time, for a job taken again after a kill). */
  queueWait: Percentiles;
  /** Taken by a worker -> job finished. */
  processing: Percentiles;
  /** Row committed -> analysis complete or failed. */
  endToEnd: Percentiles;
}

export function latencyFigures(times: readonly AnalysisTimes[], jobs: readonly JobTimes[]): LatencyFigures {
  const finished = times.filter((t) => t.finishedMs !== null);
  const jobOf = new Map(jobs.map((j) => [j.id, j]));
  const relay: number[] = [];
  const queueWait: number[] = [];
  const processing: number[] = [];
  for (const t of finished) {
    const job = jobOf.get(t.id);
    if (!job) continue;
    relay.push(job.addedMs - t.createdMs);
    if (job.startedMs !== null) queueWait.push(job.startedMs - job.addedMs);
    if (job.startedMs !== null && job.finishedMs !== null) processing.push(job.finishedMs - job.startedMs);
  }
  const first = Math.min(...times.map((t) => t.createdMs));
  const last = Math.max(...finished.map((t) => t.finishedMs!));
  return {
    throughputPerMinute: finished.length ? perMinute(finished.length, first, last) : 0,
    relay: percentiles(relay),
    queueWait: percentiles(queueWait),
    processing: percentiles(processing),
    endToEnd: percentiles(finished.map((t) => t.finishedMs! - t.createdMs)),
  };
}
