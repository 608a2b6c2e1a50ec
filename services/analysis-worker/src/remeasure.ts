#!/usr/bin/env node
/*
 * `pnpm analyses:remeasure`: queues completed analyses to be measured again from their uploads, with the
 * measurement the running worker has now (jobs/remeasure.ts). The worker does the work, one analysis at
 * a time behind golfers' own uploads; this command only queues. Reads the worker's environment, so it
 * uses the same database, Redis and queue prefix.
 */
import { JobQueues, createLogger, openSchema, queueConnection } from '@swingfit/server-kit';
import { CORE_SCHEMA, coreMigrations, type CoreDatabase } from '@swingfit/core-db';
import { readRemeasureConfig } from './config.js';
import { selectionOrExitCode } from './analysis-args.js';
import { queueRemeasurements, type QueueOutcome } from './jobs/remeasure.js';

const HELP = `Usage: pnpm analyses:remeasure (--all | id ...) [--dry-run]

Queues completed analyses to be measured again from the videos the golfer uploaded, with today's
measurement: figures, key frames, the written part and what the workout reads from them. The running
analysis worker measures them one at a time, after any golfer's upload that is waiting (about as long
as an analysis each). An analysis stays complete and readable meanwhile; one whose video today's
measurement cannot read keeps what it had (the worker's log says why). No points or notifications.
The worker also does this by itself, a few at a time, for analyses an older edition of the
measurement read (REMEASURE_OLDER_BATCH); this command is for doing it at once, or for chosen ones.

  --all        every completed analysis
  id ...       these analyses (numbers)
  --dry-run    say what would be queued, queue nothing
  -h, --help   show this help

Environment: the analysis worker's DATABASE_URL, REDIS_URL, QUEUE_PREFIX and LOG_LEVEL (.env.example).
Exit codes: 0 done, 1 an analysis was not found or is not complete, 2 bad arguments, 78 bad environment.`;

const line = (o: QueueOutcome, dryRun: boolean) => `analysis ${o.id}: ${o.outcome === 'queued' && dryRun ? 'would be queued' : o.outcome}`;

async function main(argv: string[]): Promise<number> {
  const args = selectionOrExitCode(argv, HELP);
  if (typeof args === 'number') return args;
  const config = readRemeasureConfig();
  const logger = createLogger('analyses-remeasure', config.LOG_LEVEL);
  const db = await openSchema<CoreDatabase>(config.DATABASE_URL, CORE_SCHEMA, coreMigrations, { logger, max: 2, applicationName: 'analyses-remeasure' });
  const queues = new JobQueues({ connection: queueConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX }, logger);
  try {
    const onOutcome = (o: QueueOutcome) => process.stdout.write(`${line(o, args.dryRun)}\n`);
    const outcomes = await queueRemeasurements({ db, queues }, { ...(args.all ? {} : { ids: args.ids }), dryRun: args.dryRun, onOutcome });
    const missing = args.all ? [] : args.ids.filter((id) => !outcomes.some((o) => o.id === id));
    for (const id of missing) process.stderr.write(`analysis ${id}: no completed analysis with this id\n`);
    const queued = outcomes.filter((o) => o.outcome === 'queued').length;
    process.stdout.write(`${outcomes.length} analyses: ${queued} ${args.dryRun ? 'would be queued' : 'queued'}, ${outcomes.length - queued} already queued\n`);
    return missing.length ? 1 : 0;
  } finally {
    await queues.close();
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
