import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { Value } from '@sinclair/typebox/value';
import { ANALYSIS_QUEUE, AnalysisJobData } from '@swingfit/contracts';
import { failAnalysis } from '../db/analyses.js';
import { runAnalysis, type AnalysisDeps, type AnalysisProgress } from './analysis-job.js';

/* Binds the analysis job to its BullMQ queue: lock settings, progress, and the last-resort failure record. */

/** Specification section 8: the detail screen's fallback text when an analysis failed. */
const FAILED_MESSAGE = 'Video analysis failed. Please try uploading again with a clearer video file.';

export interface AnalysisWorkerOptions {
  connection: ConnectionOptions;
  prefix: string;
  concurrency: number;
  /** How long a job's lock lives without renewal; renewed every lockDuration/2 while the event loop is free. */
  lockDuration: number;
  stalledInterval?: number;
  maxStalledCount?: number;
}

/** The BullMQ worker on the `analysis` queue (jobId = analysis id, set by the gateway). */
export function createAnalysisWorker(deps: AnalysisDeps, options: AnalysisWorkerOptions): Worker<AnalysisJobData> {
  const worker = new Worker<AnalysisJobData>(
    ANALYSIS_QUEUE,
    async (job: Job<AnalysisJobData>, _token?: string, signal?: AbortSignal) => {
      if (!Value.Check(AnalysisJobData, job.data)) throw new UnrecoverableError('malformed analysis job data');
      const log = deps.logger.child({ analysisId: job.data.analysisId, jobId: job.id, attempt: job.attemptsMade + 1 });
      let last = 0;
      let lastStage = '';
      const onProgress = (p: AnalysisProgress) => {
        const now = Date.now();
        // Throttled within a stage (ffmpeg reports many times a second); a new stage is always reported.
        if (p.stage === lastStage && now - last < 500) return;
        last = now;
        lastStage = p.stage;
        job.updateProgress(p).catch(() => undefined);
      };
      const result = await runAnalysis({ ...deps, logger: log }, job.data.analysisId, { signal, onProgress });
      log.info({ outcome: result.outcome, ...(result.outcome === 'complete' ? { stages: result.stages } : {}) }, 'analysis job finished');
      if (result.outcome === 'failed') throw new UnrecoverableError(result.reason);
      return result;
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockDuration,
      stalledInterval: options.stalledInterval ?? Math.max(5_000, Math.floor(options.lockDuration / 2)),
      maxStalledCount: options.maxStalledCount ?? 2,
    },
  );
  worker.on('error', (err) => deps.logger.warn({ err }, 'analysis worker error'));
  worker.on('failed', (job, err) => {
    if (!job) return;
    const final = err.name === 'UnrecoverableError' || /stalled/i.test(err.message) || job.attemptsMade >= (job.opts.attempts ?? 1);
    deps.logger.warn({ err, analysisId: job.data?.analysisId, attemptsMade: job.attemptsMade, final }, 'analysis job failed');
    if (!final || typeof job.data?.analysisId !== 'number') return;
    // Out of retries (or stalled too often): the golfer must not wait on an analysis that will never finish.
    failAnalysis(deps.db, job.data.analysisId, { error: 'The analysis could not be completed', message: FAILED_MESSAGE, cause: err.message }).catch((e: unknown) =>
      deps.logger.error({ err: e, analysisId: job.data.analysisId }, 'could not record the analysis failure'),
    );
  });
  return worker;
}
