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


export type AnalysisSelection = Extract<AnalysisArgs, { all: boolean }>;

/** For the commands' main: the selection, or the exit code once the help (0) or the error and the help (2) is printed. */
export function selectionOrExitCode(argv: string[], help: string): AnalysisSelection | number {
  const args = parseAnalysisArgs(argv);
  if ('help' in args) {
    process.stdout.write(`${help}\n`);
    return 0;
  }
  if ('error' in args) {
    process.stderr.write(`${args.error}\n\n${help}\n`);
    return 2;
  }
  return args;
}
