import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadAverage } from '../proc-stats.js';
import { dropQueueKeys, startOwnStack } from '../own-stack.js';
import type { PhaseResult, PhaseSpec } from './cannon.js';
import { HELLO_CALLS, HOME_SCREEN_CALLS, TARGETS, verdict } from './mix.js';
import { seedGolfers } from './seed.js';

/*
 * pnpm bench:api — the home screen's calls against a real gateway (its own stack: PostgreSQL, Redis,
 * gamification, billing), beside a bare Fastify hello-world, both loaded by autocannon from a third
 * process with the same settings. Phases: hello-world and the mix as fast as they go, then the mix at
 * a fixed 300 requests/s. BENCH_API_* variables change the sizes.
 */

const here = dirname(fileURLToPath(import.meta.url));
const env = process.env;
const GOLFERS = Number(env.BENCH_API_GOLFERS ?? 200);
const CONNECTIONS = Number(env.BENCH_API_CONNECTIONS ?? 20);
const SECONDS = Number(env.BENCH_API_SECONDS ?? 10);
const FIXED_SECONDS = Number(env.BENCH_API_FIXED_SECONDS ?? 20);
const WARM_UP_SECONDS = 3;
const PORT = Number(env.BENCH_API_PORT ?? 28200);

const tsx = ['--import', 'tsx'];

function phase(spec: PhaseSpec): Promise<PhaseResult> {
  const dir = mkdtempSync(join(tmpdir(), 'sf-bench-api-'));
  const file = join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...tsx, join(here, 'cannon.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code === 0) resolve(JSON.parse(out.trim().split('\n').at(-1)!) as PhaseResult);
      else reject(new Error(`autocannon process exited with ${code}`));
    });
  });
}

function startHello(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...tsx, join(here, 'hello.ts')], { env: { ...env, PORT: String(PORT + 50) }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8').once('data', (d: string) => resolve({ child, url: `http://127.0.0.1:${d.trim()}` }));
    child.once('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
  });
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const line = (name: string, r: { requestsPerSecond?: number; count?: number; p50: number; p99: number; non2xx: number }) =>
  `  ${name.padEnd(18)} ${r.requestsPerSecond !== undefined ? `${r.requestsPerSecond.toFixed(0).padStart(6)} req/s` : `${String(r.count).padStart(6)} reqs `}  p50 ${ms(r.p50).padStart(9)}  p99 ${ms(r.p99).padStart(9)}${r.non2xx ? `  non-2xx ${r.non2xx}` : ''}`;

function printPhase(title: string, r: PhaseResult, perCall: boolean): void {
  console.log(`${title} (load average ${loadAverage().join(' ')})`);
  console.log(line('all', r));
  if (r.errors || r.timeouts) console.log(`  errors ${r.errors}, timeouts ${r.timeouts}`);
  if (perCall) for (const c of r.perCall) console.log(line(c.name, c));
}

const started = Date.now();
console.log(`bench:api: ${GOLFERS} golfers, ${CONNECTIONS} connections, ${SECONDS} s per max-rate phase, ${FIXED_SECONDS} s at ${TARGETS.fixedRate} req/s; load average ${loadAverage().join(' ')}`);
const stack = await startOwnStack(1, { port: PORT, database: env.BENCH_API_DATABASE ?? 'swingfit_load_api' });
const hello = await startHello().catch(async (e: unknown) => {
  await stack.stop();
  throw e;
});
const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
let failed = false;
try {
  await db.connect();
  const golfers = await seedGolfers(stack.base, db, GOLFERS);
  const sessions = golfers.map((g) => ({ id: g.id, cookie: g.cookie }));
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const settings = { connections: CONNECTIONS, durationSeconds: SECONDS };
  await phase({ url: hello.url, ...settings, durationSeconds: WARM_UP_SECONDS, calls: HELLO_CALLS, sessions: [{ id: 0, cookie: '' }] });
  const helloResult = await phase({ url: hello.url, ...settings, calls: HELLO_CALLS, sessions: [{ id: 0, cookie: '' }] });
  printPhase('hello-world, max rate', helloResult, false);
  await phase({ url: stack.base, ...settings, durationSeconds: WARM_UP_SECONDS, calls: HOME_SCREEN_CALLS, sessions });
  const mix = await phase({ url: stack.base, ...settings, calls: HOME_SCREEN_CALLS, sessions });
  printPhase('home-screen mix, max rate', mix, true);
  const fixed = await phase({ url: stack.base, ...settings, durationSeconds: FIXED_SECONDS, overallRate: TARGETS.fixedRate, calls: HOME_SCREEN_CALLS, sessions });
  printPhase(`home-screen mix, fixed ${TARGETS.fixedRate} req/s`, fixed, true);

  const share = mix.requestsPerSecond / helloResult.requestsPerSecond;
  const p99Pass = fixed.p99 <= TARGETS.p99Ms && fixed.non2xx === 0 && fixed.errors === 0;
  const sharePass = share >= TARGETS.mixShareOfHello && mix.non2xx === 0;
  console.log(`${verdict(p99Pass)}  p99 at ${TARGETS.fixedRate} req/s: ${ms(fixed.p99)} (target <= ${TARGETS.p99Ms} ms; achieved ${fixed.requestsPerSecond.toFixed(0)} req/s)`);
  console.log(`${verdict(sharePass)}  mix max rate ${mix.requestsPerSecond.toFixed(0)} req/s = ${(share * 100).toFixed(0)}% of hello-world's ${helloResult.requestsPerSecond.toFixed(0)} req/s (target >= ${TARGETS.mixShareOfHello * 100}%)`);
  console.log(`bench:api took ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${loadAverage().join(' ')}`);
  failed = !(p99Pass && sharePass);
} finally {
  await db.end().catch(() => undefined);
  hello.child.kill('SIGTERM');
  await stack.stop();
  await dropQueueKeys(stack.env.REDIS_URL ?? 'redis://127.0.0.1:6379', stack.env.QUEUE_PREFIX ?? '');
}
process.exit(failed ? 1 : 0);
