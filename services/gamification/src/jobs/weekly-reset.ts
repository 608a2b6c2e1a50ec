import type { Job, Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { processScheduledJob, type JobHandler, type JobHandlers, type QueueSettings } from '@swingfit/server-kit';
import type { GamificationDatabase } from '../db/schema.js';
import { sendWeeklyReset } from '../services/weekly-reset.js';

interface WeeklyResetDeps {
  db: Kysely<GamificationDatabase>;
  logger: Logger;
}

/** When a scheduled run was due: its creation time plus its delay (the cron instant), else now. */
export function dueAt(job: Pick<Job, 'timestamp' | 'delay'>, now = Date.now()): Date {
  return job.delay > 0 ? new Date(job.timestamp + job.delay) : new Date(now);
}

/** The handler of `gamification.weekly-reset` in the job table (scheduled once across replicas by JobQueues.keepScheduled). */
const runWeeklyReset =
  (deps: WeeklyResetDeps): JobHandler<'gamification.weekly-reset'> =>
  async (_data, { job }) => {
    const result = await sendWeeklyReset(deps.db, dueAt(job));
    deps.logger.info(result, 'weekly reset');
    return result;
  };

export function weeklyResetJobHandlers(deps: WeeklyResetDeps): Pick<JobHandlers, 'gamification.weekly-reset'> {
  return { 'gamification.weekly-reset': runWeeklyReset(deps) };
}

/** The worker of the schedule queue: one run per Sunday overall. */
export function createWeeklyResetWorker(deps: WeeklyResetDeps, settings: QueueSettings): Worker {
  return processScheduledJob('gamification.weekly-reset', runWeeklyReset(deps), { service: 'gamification', settings, logger: deps.logger });
}
