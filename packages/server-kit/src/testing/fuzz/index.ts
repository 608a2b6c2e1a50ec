import fc from 'fast-check';
import type { App, RouteEntry } from '../../http.js';
import { edgeRequests, requestsFor, type FuzzRequest } from './requests.js';
import { problemsWith, type FuzzAnswer } from './verdict.js';
import type { ValueHints } from './schema-values.js';

export { edgeRequests, requestsFor, type FuzzRequest } from './requests.js';
export { problemsWith, type FuzzAnswer } from './verdict.js';
export { edgeValue, fuzzValue, hostileValue, validValue, type JsonSchema, type ValueHints } from './schema-values.js';

/*
 * A property-based fuzzer over every route an app registered (server-kit's route catalog), so a new
 * route is fuzzed the day it is added, without touching this file. For each route it sends requests
 * derived from the route's own schemas (valid, edge and hostile values, wrong types, huge and odd
 * Unicode text, broken bodies) as each of the given identities, and checks every answer (verdict.ts).
 * Seeded: FUZZ_SEED replays a run, FUZZ_RUNS sets the cases per route, FUZZ_ROUTE narrows to routes
 * whose "METHOD /url" contains it.
 */

/** Who sends the request: headers added to every case (a session cookie, an internal token, nothing). */
export interface FuzzIdentity {
  name: string;
  /** How often this identity sends, relative to the others (default 1): weight the one most routes need. */
  weight?: number;
  headers(): Record<string, string> | Promise<Record<string, string>>;
}

export interface FuzzOptions {
  routes: readonly RouteEntry[];
  send(request: FuzzRequest): Promise<FuzzAnswer>;
  identities: FuzzIdentity[];
  hints?: ValueHints;
  /** Cases per route (default FUZZ_RUNS, else 60), or per route (e.g. fewer where another suite fuzzes deeper). */
  runs?: number | ((route: RouteEntry) => number);
  seed?: number;
  /** How long an answer may take before it counts as a hang (default FUZZ_ANSWER_DEADLINE_MS). */
  answerDeadlineMs?: number;
  /** Routes to leave out, with the reason kept next to the call. */
  skip?: (route: RouteEntry) => boolean;
  /** Routes that answer HTML pages for the browser, refusals included: a 4xx page needs no JSON message. */
  htmlPages?: (route: RouteEntry) => boolean;
}

export interface RouteFailure {
  problems: string[];
  identity: string;
  request: FuzzRequest;
  answer: FuzzAnswer;
}

export interface RouteReport {
  route: string;
  cases: number;
  ms: number;
  seed: number;
  failure?: RouteFailure;
}

export interface FuzzResult {
  seed: number;
  ms: number;
  reports: RouteReport[];
  failures: RouteReport[];
}

const SKIPPED_METHODS = new Set(['HEAD', 'OPTIONS']);

/**
 * A request still unanswered after this long is a finding (a stream that never ends, a lock never
 * released): reported with the request that caused it, instead of the whole test timing out unexplained.
 */
export const FUZZ_ANSWER_DEADLINE_MS = 15_000;
const HUNG = 'never answered';

async function answerWithin(send: Promise<FuzzAnswer>, ms: number): Promise<FuzzAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<FuzzAnswer>((resolve) => {
    timer = setTimeout(() => resolve({ status: 0, contentType: '', body: `${HUNG} within ${ms} ms` }), ms);
  });
  try {
    return await Promise.race([send, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends fuzz requests to an app in the same process (Fastify's inject: no port, the whole request path). */
export function injectInto(app: App): (request: FuzzRequest) => Promise<FuzzAnswer> {
  return async (request) => {
    const res = await app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
    return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
  };
}

/**
 * The seed of the default test run. Fixed, so the test command gives the same verdict on the same code (a
 * fresh seed finding something new would turn an unrelated change red); `pnpm test:fuzz` explores fresh seeds.
 */
export const DEFAULT_FUZZ_SEED = 18_2026;

/** The run's seed: FUZZ_SEED=<n> replays a run, FUZZ_SEED=random explores, unset is DEFAULT_FUZZ_SEED. */
export function fuzzSeed(): number {
  const wanted = process.env.FUZZ_SEED;
  if (wanted === 'random') return Math.floor(Math.random() * 2 ** 31);
  return wanted ? Number(wanted) : DEFAULT_FUZZ_SEED;
}
export const fuzzRuns = (fallback: number) => (process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : fallback);

/** A route's own seed, stable whatever other routes exist: adding a route never changes another's cases. */
function routeSeed(seed: number, name: string): number {
  let hash = 0x811c9dc5;
  for (const ch of name) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193);
  return (seed ^ hash) | 0;
}

/** The routes worth fuzzing: one per method and URL, no HEAD/OPTIONS (Fastify answers those itself). */
export function fuzzableRoutes(routes: readonly RouteEntry[], skip?: (route: RouteEntry) => boolean): RouteEntry[] {
  const seen = new Set<string>();
  const only = process.env.FUZZ_ROUTE;
  return routes.filter((route) => {
    const name = `${route.method} ${route.url}`;
    if (SKIPPED_METHODS.has(route.method) || seen.has(name) || skip?.(route) || (only && !name.includes(only))) return false;
    seen.add(name);
    return true;
  });
}

async function fuzzRoute(route: RouteEntry, options: FuzzOptions, seed: number, runs: number): Promise<RouteReport> {
  const name = `${route.method} ${route.url}`;
  let last: RouteFailure | undefined;
  const html = options.htmlPages?.(route) ?? false;
  const property = fc.asyncProperty(requestsFor(route, options.hints), fc.oneof(...options.identities.map((i) => ({ weight: i.weight ?? 1, arbitrary: fc.constant(i) }))), async (request, identity) => {
    const sent = { ...request, headers: { ...request.headers, ...(await identity.headers()) } };
    const answer = await answerWithin(options.send(sent), options.answerDeadlineMs ?? FUZZ_ANSWER_DEADLINE_MS);
    const problems = answer.status === 0 ? [answer.body] : problemsWith(answer, { html });
    if (problems.length > 0) {
      last = { problems, identity: identity.name, request: sent, answer };
      throw new Error(problems.join('; '));
    }
  });
  // The edge requests go first, as the identity most routes need (the heaviest).
  const main = [...options.identities].sort((a, b) => (b.weight ?? 1) - (a.weight ?? 1))[0]!;
  const examples = edgeRequests(route, options.hints).map((request): [FuzzRequest, FuzzIdentity] => [request, main]);
  const started = performance.now();
  const details = await fc.check(property, { seed: routeSeed(seed, name), numRuns: runs + examples.length, examples, endOnFailure: true });
  return { route: name, cases: details.numRuns, ms: Math.round(performance.now() - started), seed, ...(details.failed && last ? { failure: last } : {}) };
}

/** Fuzzes every route in turn; never throws on a finding (the caller asserts on `failures`). */
export async function fuzzRoutes(options: FuzzOptions): Promise<FuzzResult> {
  const seed = options.seed ?? fuzzSeed();
  const runsFor = (route: RouteEntry) => (process.env.FUZZ_RUNS ? fuzzRuns(0) : typeof options.runs === 'function' ? options.runs(route) : (options.runs ?? 60));
  const started = performance.now();
  const reports: RouteReport[] = [];
  for (const route of fuzzableRoutes(options.routes, options.skip)) reports.push(await fuzzRoute(route, options, seed, runsFor(route)));
  return { seed, ms: Math.round(performance.now() - started), reports, failures: reports.filter((r) => r.failure) };
}

const excerpt = (text: string | undefined, max = 300) => (text === undefined ? '' : text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** A table of cases and time per route, then each failure with what was sent and answered, and how to replay. */
export function formatFuzzReport(service: string, result: FuzzResult): string {
  const width = Math.max(...result.reports.map((r) => r.route.length), 10);
  const lines = [`${service} fuzz: ${result.reports.length} routes, ${result.reports.reduce((n, r) => n + r.cases, 0)} cases in ${(result.ms / 1000).toFixed(1)} s, seed ${result.seed} (replay: FUZZ_SEED=${result.seed})`];
  for (const r of result.reports) lines.push(`  ${r.route.padEnd(width)}  ${String(r.cases).padStart(5)} cases  ${String(r.ms).padStart(6)} ms${r.failure ? '  FAILED' : ''}`);
  for (const r of result.failures) {
    const f = r.failure!;
    lines.push(
      '',
      `FAILED ${r.route} as ${f.identity}: ${f.problems.join('; ')}`,
      `  sent: ${f.request.method} ${excerpt(f.request.url, 200)}`,
      `  headers: ${excerpt(JSON.stringify(f.request.headers), 300)}`,
      `  body: ${excerpt(f.request.payload)}`,
      `  answered ${f.answer.status} ${f.answer.contentType}: ${excerpt(f.answer.body)}`,
      `  replay: FUZZ_SEED=${result.seed} FUZZ_ROUTE='${r.route}'`,
    );
  }
  return lines.join('\n');
}
