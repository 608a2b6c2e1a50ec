import { UnrecoverableError, type ConnectionOptions, type Worker } from 'bullmq';
import { ANALYSIS_JOB_NAME, ANALYSIS_QUEUE, MEASUREMENT_EDITION, type JobName } from '@swingfit/contracts';
import { processJobs, traceOf, type JobHandlers } from '@swingfit/server-kit';
import { failAnalysis, markRemeasureTried } from '../db/analyses.js';
import { runAnalysis, type AnalysisDeps, type AnalysisProgress } from './analysis-job.js';
import { remeasureAnalysis } from './remeasure.js';

/* Binds the analysis job to its BullMQ queue: lock settings, progress, and the last-resort failure record. */

/** Specification section 8: the detail screen's fallback text when an analysis failed. */
const FAILED_MESSAGE = 'Video analysis failed. Please try uploading again with a clearer video file.';

/** Progress within one stage is reported at most this often (ffmpeg reports many times a second). */
const PROGRESS_EVERY_MS = 500;

export interface AnalysisWorkerOptions {
  connection: ConnectionOptions;
  prefix: string;
  concurrency: number;
  /** How long a job's lock lives without renewal; renewed every lockDuration/2 while the event loop is free. */
  lockDuration: number;
  stalledInterval?: number;
  maxStalledCount?: number;
}

/** The handlers of the analysis queue's jobs (data validated and timeout applied by processJobs). */
export function analysisJobHandlers(deps: AnalysisDeps): Pick<JobHandlers, 'analysis' | 'analysis.remeasure'> {
  return {
    'analysis.remeasure': async (data, { job, signal }) => {
      const log = deps.logger.child({ analysisId: data.analysisId, jobId: job.id, ...traceOf(data) });
      const result = await remeasureAnalysis({ ...deps, logger: log }, data.analysisId, { signal });
      // 'kept': today's measurement refuses a video an older one read; the golfer keeps what they had.
      (result.outcome === 'kept' ? log.warn.bind(log) : log.info.bind(log))(result, 'analysis measured again');
      return result;
    },
    analysis: async (data, { job, signal }) => {
      const log = deps.logger.child({ analysisId: data.analysisId, jobId: job.id, attempt: job.attemptsMade + 1, ...traceOf(data) });
      let last = 0;
      let lastStage = '';
      const onProgress = (p: AnalysisProgress) => {
        const now = Date.now();
        // Throttled within a stage; a new stage is always reported.
        if (p.stage === lastStage && now - last < PROGRESS_EVERY_MS) return;
        last = now;
        lastStage = p.stage;
        job.updateProgress(p).catch(() => undefined);
      };
      const result = await runAnalysis({ ...deps, logger: log }, data.analysisId, { signal, onProgress, ...(data.requestId ? { requestId: data.requestId } : {}) });
      log.info({ outcome: result.outcome, ...(result.outcome === 'complete' ? { stages: result.stages } : {}) }, 'analysis job finished');
      if (result.outcome === 'failed') throw new UnrecoverableError(result.reason);
      return result;
    },
  };
}

const REMEASURE_JOB_NAME = 'analysis.remeasure' satisfies JobName;

/**
 * A remeasurement out of retries leaves its completed analysis as it was, and is not tried again at this
 * edition: the sweep of older measurements (remeasure-older.ts) would otherwise queue it on every run.
 */
function remeasureFailed(deps: AnalysisDeps, analysisId: unknown, final: boolean, err: Error): void {
  deps.logger.warn({ err, analysisId, final }, 'remeasurement failed; the analysis keeps its figures');
  if (!final || typeof analysisId !== 'number') return;
  markRemeasureTried(deps.db, analysisId, MEASUREMENT_EDITION).catch((e: unknown) => deps.logger.error({ err: e, analysisId }, 'could not record the failed remeasurement'));
}

/** The BullMQ worker on the `analysis` queue (the outbox relay adds the analyses, jobId = analysis-{id}; remeasurements wait behind them). */
export function createAnalysisWorker(deps: AnalysisDeps, options: AnalysisWorkerOptions): Worker {
  const worker = processJobs({
    queue: ANALYSIS_QUEUE,
    service: 'analysis-worker',
    handlers: analysisJobHandlers(deps),
    settings: { connection: options.connection, prefix: options.prefix },
    logger: deps.logger,
    worker: {
      concurrency: options.concurrency,
      lockDuration: options.lockDuration,
      stalledInterval: options.stalledInterval ?? Math.max(5_000, Math.floor(options.lockDuration / 2)),
      maxStalledCount: options.maxStalledCount ?? 2,
    },
  });
  worker.on('failed', (job, err) => {
    if (!job) return;
    const final = err.name === 'UnrecoverableError' || /stalled/i.test(err.message) || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (job.name === REMEASURE_JOB_NAME) return remeasureFailed(deps, job.data?.analysisId, final, err);
    if (job.name !== ANALYSIS_JOB_NAME) return;
    deps.logger.warn({ err, analysisId: job.data?.analysisId, attemptsMade: job.attemptsMade, final }, 'analysis job failed');
    if (!final || typeof job.data?.analysisId !== 'number') return;
    // Out of retries (or stalled too often): the golfer must not wait on an analysis that will never finish.
    // Should this write fail too, the reconciler finds the analysis stuck and settles it.
    failAnalysis(deps.db, job.data.analysisId, { error: 'The analysis could not be completed', message: FAILED_MESSAGE, cause: err.message }, job.data.requestId).catch((e: unknown) =>
      deps.logger.error({ err: e, analysisId: job.data.analysisId }, 'could not record the analysis failure'),
    );
  });
  return worker;
}
