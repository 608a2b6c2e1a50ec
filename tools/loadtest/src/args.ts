/* `pnpm loadtest -- ...`: the command line, read into the options of runLoad (pure, table-tested). */

export interface LoadOptions {
  analyses: number;
  users: number;
  clip: string;
  /** Write the analysis rows and add the jobs straight onto the analysis queue (no gateway upload). */
  direct: boolean;
  /** Analysis-worker processes of the stack this run starts (ignored with --url). */
  workers: number;
  /** How often a worker process is SIGKILLed mid-job (and started again) during the run. */
  killWorker: number;
  /** A running gateway to load instead of starting a stack (needs DATABASE_URL etc. for the checks). */
  url?: string;
  /** Give up when no analysis finished for this long. */
  stallTimeoutMs: number;
  /** Uploads in flight at once. */
  uploadConcurrency: number;
}

export const LOAD_DEFAULTS = { workers: 1, killWorker: 0, stallTimeoutMs: 10 * 60_000, uploadConcurrency: 8 } as const;

export const USAGE = `usage: pnpm loadtest -- --analyses N --users U --clip PATH [--direct] [--workers W] [--kill-worker K] [--url URL]
                                   [--stall-timeout SECONDS] [--upload-concurrency C]`;

function positiveInteger(flag: string, value: string | undefined, min = 1): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < min) throw new Error(`${flag} needs a whole number of at least ${min}, not '${value ?? ''}'`);
  return n;
}

/** Reads argv (after the script name); throws an Error whose message names the bad flag. */
export function parseLoadArgs(argv: readonly string[]): LoadOptions {
  const args = argv.filter((a) => a !== '--');
  const values = new Map<string, string | undefined>();
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    if (!flag.startsWith('--')) throw new Error(`unexpected argument '${flag}'`);
    if (flag === '--direct') {
      values.set(flag, 'yes');
      continue;
    }
    values.set(flag, args[i + 1]);
    i++;
  }
  const known = new Set(['--analyses', '--users', '--clip', '--direct', '--workers', '--kill-worker', '--url', '--stall-timeout', '--upload-concurrency']);
  for (const flag of values.keys()) if (!known.has(flag)) throw new Error(`unknown option ${flag}`);
  const clip = values.get('--clip');
  if (!clip) throw new Error('--clip PATH is required (a short swing video)');
  const options: LoadOptions = {
    analyses: positiveInteger('--analyses', values.get('--analyses')),
    users: positiveInteger('--users', values.get('--users')),
    clip,
    direct: values.has('--direct'),
    workers: values.has('--workers') ? positiveInteger('--workers', values.get('--workers')) : LOAD_DEFAULTS.workers,
    killWorker: values.has('--kill-worker') ? positiveInteger('--kill-worker', values.get('--kill-worker'), 0) : LOAD_DEFAULTS.killWorker,
    stallTimeoutMs: values.has('--stall-timeout') ? positiveInteger('--stall-timeout', values.get('--stall-timeout')) * 1000 : LOAD_DEFAULTS.stallTimeoutMs,
    uploadConcurrency: values.has('--upload-concurrency') ? positiveInteger('--upload-concurrency', values.get('--upload-concurrency')) : LOAD_DEFAULTS.uploadConcurrency,
  };
  const url = values.get('--url');
  if (url !== undefined) {
    if (!/^https?:\/\/.+/.test(url)) throw new Error(`--url needs an http(s) address, not '${url}'`);
    options.url = url.replace(/\/$/, '');
    // Killing and restarting workers needs processes this run started.
    if (options.killWorker > 0 || values.has('--workers')) throw new Error('--kill-worker and --workers apply to the stack the run starts itself, not to --url');
  }
  allowanceProblem(options.analyses, options.users, options.direct);
  return options;
}

/** Uploads one golfer may make in a week: the spec's premium allowance, one driver and one 7-iron video. */
export const UPLOADS_PER_PREMIUM_GOLFER = 2;

/**
 * Through the gateway the plan limits apply: a free golfer uploads once ever, a premium golfer once per
 * club per week. More analyses than golfers make every golfer premium; more than twice as many cannot be uploaded.
 */
export function allowanceProblem(analyses: number, users: number, direct: boolean): void {
  if (!direct && analyses > users * UPLOADS_PER_PREMIUM_GOLFER) {
    throw new Error(`${analyses} uploads need at least ${Math.ceil(analyses / UPLOADS_PER_PREMIUM_GOLFER)} golfers (a premium golfer uploads one driver and one 7-iron video a week); use --users ${Math.ceil(analyses / UPLOADS_PER_PREMIUM_GOLFER)} or --direct`);
  }
}

/** Which golfer uploads the i-th analysis with which club, and whether golfers must be premium. */
export function uploadPlan(analyses: number, users: number): { premium: boolean; slots: { user: number; club: 'driver' | '7-iron' }[] } {
  const premium = analyses > users;
  const slots = Array.from({ length: analyses }, (_, i) => ({ user: i % users, club: (Math.floor(i / users) % 2 === 0 ? 'driver' : '7-iron') as 'driver' | '7-iron' }));
  return { premium, slots };
}
