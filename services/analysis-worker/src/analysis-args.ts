import { parseArgs } from 'node:util';

/* The arguments of `pnpm analyses:rewrite` and `pnpm analyses:remeasure` (which analyses, and whether to store), apart so they can be tested without running them. */

export type AnalysisArgs = { all: boolean; ids: number[]; dryRun: boolean } | { help: true } | { error: string };

export function parseAnalysisArgs(argv: string[]): AnalysisArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { all: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    return { error: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (Boolean(values.all) === positionals.length > 0) return { error: 'Give either --all or analysis ids.' };
  const ids = positionals.map(Number);
  const bad = positionals.find((p, i) => !Number.isSafeInteger(ids[i]) || ids[i]! <= 0);
  if (bad !== undefined) return { error: `'${bad}' is not an analysis id.` };
  return { all: Boolean(values.all), ids, dryRun: Boolean(values['dry-run']) };
}

