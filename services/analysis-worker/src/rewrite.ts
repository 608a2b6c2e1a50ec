#!/usr/bin/env node
/*
 * `pnpm analyses:rewrite`: writes the written part of completed analyses again from their stored
 * measurements (jobs/rewrite-texts.ts). Reads the worker's environment, so it uses the same database
 * and the same writer (ANALYSIS_WRITER, OPENAI_*) as the running worker.
 */
import { createLogger, openSchema } from '@swingfit/server-kit';
import { CORE_SCHEMA, coreMigrations, type CoreDatabase } from '@swingfit/core-db';
import { readRewriteConfig } from './config.js';
import { selectionOrExitCode } from './analysis-args.js';
import { rewriteAnalyses, type RewriteOutcome } from './jobs/rewrite-texts.js';
import { createWriteUp } from './writeup/index.js';

const HELP = `Usage: pnpm analyses:rewrite (--all | id ...) [--dry-run]

Writes the assessment, strengths, weaknesses, key issues, recommendations and the mobility texts of
completed analyses again from their stored figures, with today's writer. Figures, videos and key
frames are not touched. An analysis re-analysed meanwhile keeps its own newer text.

  --all        every completed analysis
  id ...       these analyses (numbers)
  --dry-run    say what would change, store nothing
  -h, --help   show this help

Environment: the analysis worker's DATABASE_URL, LOG_LEVEL, ANALYSIS_WRITER and OPENAI_* (.env.example).
Exit codes: 0 done, 1 an analysis was not found or could not be read, 2 bad arguments, 78 bad environment.`;

const line = (o: RewriteOutcome, dryRun: boolean) =>
  `analysis ${o.id}: ${o.outcome === 'rewritten' && dryRun ? 'would be rewritten' : o.outcome}${'reason' in o ? ` (${o.reason})` : ''}`;

async function main(argv: string[]): Promise<number> {
  const args = selectionOrExitCode(argv, HELP);
  if (typeof args === 'number') return args;
  const config = readRewriteConfig();
  const logger = createLogger('analyses-rewrite', config.LOG_LEVEL);
  // The model writer's fallbacks (timeout, ungrounded reply) are logged as in the worker.
  const writer = createWriteUp(config, { logger });
  const db = await openSchema<CoreDatabase>(config.DATABASE_URL, CORE_SCHEMA, coreMigrations, { logger, max: 2, applicationName: 'analyses-rewrite' });
  try {
    const onOutcome = (o: RewriteOutcome) => process.stdout.write(`${line(o, args.dryRun)}\n`);
    const outcomes = await rewriteAnalyses({ db, writeUp: writer.writeUp }, { ...(args.all ? {} : { ids: args.ids }), dryRun: args.dryRun, onOutcome });
    const missing = args.all ? [] : args.ids.filter((id) => !outcomes.some((o) => o.id === id));
    for (const id of missing) process.stderr.write(`analysis ${id}: no completed analysis with this id\n`);
    const count = (k: RewriteOutcome['outcome']) => outcomes.filter((o) => o.outcome === k).length;
    process.stdout.write(
      `${outcomes.length} analyses with the ${writer.configured} writer: ${count('rewritten')} ${args.dryRun ? 'would be rewritten' : 'rewritten'}, ${count('unchanged')} unchanged, ${count('superseded')} re-analysed meanwhile, ${count('unreadable')} unreadable\n`,
    );
    return missing.length || count('unreadable') ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
