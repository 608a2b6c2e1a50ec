import type { Worker } from 'bullmq';
import { ANALYSIS_JOB_NAME } from '@swingfit/contracts';
import { isFinalFailure, type ServiceMetrics } from '@swingfit/server-kit';
import { POSE_FAILURE_REASONS } from '../pose/index.js';

/*
 * Analyses by outcome for /metrics: completed, or failed with a reason category. The reason a golfer
 * reads is free text (durations, codec names); the label is one of a few fixed categories, so the
 * series stay few and an alert can tell "golfers upload bad clips" from "the worker keeps crashing".
 */

export const FAILURE_CATEGORIES = [
  'no-face-on-video',
  'unreadable-video',
  'bad-duration',
  'unknown-club',
  'no-golfer',
  'several-people',
  'no-swing',
  'clip-starts-late',
  'clip-ends-early',
  'part-swing',
  'malformed-job',
  'stalled',
  'retries-exhausted',
  'other',
] as const;
export type FailureCategory = (typeof FAILURE_CATEGORIES)[number];

/** The reasons the pipeline gives (pipeline/video.ts, pipeline/errors.ts, analysis-job.ts, pose/index.ts), in order of test. */
const RULES: Array<[RegExp | string, FailureCategory]> = [
  ['No face-on video was uploaded', 'no-face-on-video'],
  [POSE_FAILURE_REASONS.noPerson, 'no-golfer'],
  [POSE_FAILURE_REASONS.severalPeople, 'several-people'],
  [POSE_FAILURE_REASONS.noSwing, 'no-swing'],
  [POSE_FAILURE_REASONS.startsLate, 'clip-starts-late'],
  [POSE_FAILURE_REASONS.endsEarly, 'clip-ends-early'],
  [POSE_FAILURE_REASONS.partSwing, 'part-swing'],
  [/^Unknown club/, 'unknown-club'],
  [/^The video is too (long|short)/, 'bad-duration'],
  [/empty|no video track|not supported|could not be (read|decoded)/i, 'unreadable-video'],
  [/^malformed .* job data$/, 'malformed-job'],
];

/** A final failure's category, from the error that ended the job (its message is the golfer's reason). */
export function failureCategory(error: { name: string; message: string }): FailureCategory {
  if (/stalled/i.test(error.message) && error.name !== 'UnrecoverableError') return 'stalled';
  if (error.name !== 'UnrecoverableError') return 'retries-exhausted';
  for (const [rule, category] of RULES) {
    if (typeof rule === 'string' ? error.message === rule : rule.test(error.message)) return category;
  }
  return 'other';
}

/** Counts each analysis once, when it settles: completed, or failed and out of attempts. */
export function countAnalyses(worker: Worker, metrics: ServiceMetrics): Worker {
  const analyses = metrics.counter('swingfit_analyses_total', 'Analyses settled by this worker: outcome completed, or failed with a reason category', ['outcome', 'reason']);
  worker.on('completed', (_job, result: { outcome?: string } | undefined) => {
    if (result?.outcome === 'complete') analyses.inc({ outcome: 'completed', reason: '' });
  });
  worker.on('failed', (job, error) => {
    if (!job || job.name !== ANALYSIS_JOB_NAME) return; // a remeasurement is not an analysis settling
    const final = isFinalFailure(job, error) || /stalled/i.test(error.message);
    if (final) analyses.inc({ outcome: 'failed', reason: failureCategory(error) });
  });
  return worker;
}
