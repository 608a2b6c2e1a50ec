import { Type, type Static } from '@sinclair/typebox';

/** The BullMQ queue the gateway enqueues uploads on and the analysis-worker consumes (jobId = analysis id). */
export const ANALYSIS_QUEUE = 'analysis';

export const AnalysisJobData = Type.Object({ analysisId: Type.Integer({ minimum: 1 }) });
export type AnalysisJobData = Static<typeof AnalysisJobData>;

/** BullMQ job name of an analysis job on ANALYSIS_QUEUE. */
export const ANALYSIS_JOB_NAME = 'analysis';

/** Retry policy of analysis jobs: a crashed or stalled run is retried with growing pauses. */
export const ANALYSIS_JOB_OPTIONS = { attempts: 3, backoff: { type: 'exponential' as const, delay: 5_000 } };

/**
 * The job id of an analysis: one job per analysis, so a second enqueue of the same upload is a no-op.
 * BullMQ refuses integer-like custom ids (they clash with its own counters), hence the prefix.
 */
export const analysisJobId = (analysisId: number) => `analysis-${analysisId}`;
