// Starts the whole product as child processes: used by `pnpm start` and by the end-to-end tests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SERVICES } from './services.mjs';

export const ROOT = resolve(new URL('..', import.meta.url).pathname);

const COLORS = { gateway: 36, billing: 35, gamification: 33, 'analysis-worker': 32, s3: 34 };

function prefixLines(colour, name, stream, out, quiet) {
  let buf = '';
  stream.on('data', (chunk) => {
    buf += chunk;
    const lines = buf.split('\n');
    buf = lines.pop() ?? '';
    if (quiet) return;
    for (const line of lines) out.write(`\x1b[${COLORS[colour] ?? 37}m${name.padEnd(15)}\x1b[0m ${line}\n`);
  });
}

async function waitFor(url, timeoutMs, isAlive, signal) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (signal?.aborted) throw new Error(`stopped (${signal.reason}) while waiting for ${url}`);
    if (!isAlive()) throw new Error(`a service exited while waiting for ${url}`);
    try {
      // Bounded: something else holding the port may accept and never answer, which would hide a service's exit.
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs / 1000} s`);
}

/**
 * The processes to start, each with its name and port. WORKERS=N starts N analysis-worker processes
 * (scale out by processes); each gets its own health port: the first ANALYSIS_WORKER_PORT (8083),
 * the next ones the ports after it, named analysis-worker-2, -3…
 * `analysis: false` leaves the analysis workers out: uploads then wait in their queue. For end-to-end
 * journeys that never upload, where loading the pose models would only take CPU from the rest.
 */
export function servicePlan(env, gatewayPort, { analysis = true } = {}) {
  const workerCount = Number(env.WORKERS ?? 1);
  if (!Number.isInteger(workerCount) || workerCount < 1) throw new Error(`WORKERS must be a whole number of at least 1, not '${env.WORKERS}'`);
  const plan = [];
  for (const s of SERVICES) {
    const port = Number(s.name === 'gateway' ? gatewayPort : (env[`${s.name.toUpperCase().replace('-', '_')}_PORT`] ?? s.port));
    if (s.name !== 'analysis-worker') plan.push({ ...s, port });
    else if (analysis) for (let i = 0; i < workerCount; i++) plan.push({ ...s, name: i === 0 ? s.name : `${s.name}-${i + 1}`, port: port + i });
  }
  return plan;
}

/**
 * Where the gateway finds billing and gamification: BILLING_URL and GAMIFICATION_URL when set, otherwise the
 * loopback ports the plan gives them, so BILLING_PORT=9081 alone moves both the service and the gateway's calls.
 */
export function peerUrls(env, plan) {
  const at = (name) => `http://127.0.0.1:${plan.find((p) => p.name === name).port}`;
  return { BILLING_URL: env.BILLING_URL || at('billing'), GAMIFICATION_URL: env.GAMIFICATION_URL || at('gamification') };
}

/**
 * Starts the embedded object store when no S3 endpoint is configured, then every service with one
 * shared environment (without the analysis workers when `analysis` is false, see servicePlan).
 * Resolves once the gateway answers /readyz.
 */
export async function startStack({ env: extraEnv = {}, quiet = false, dev = false, readyTimeoutMs = 90_000, signal, analysis = true } = {}) {
  const env = { ...process.env, ...extraEnv };
  env.DATA_DIR = resolve(ROOT, env.DATA_DIR ?? '.data');
  env.INTERNAL_TOKEN ??= randomBytes(24).toString('base64url');
  env.NODE_ENV ??= dev ? 'development' : 'production';
  // Without Stripe keys billing simulates payments, which production refuses unless asked by name:
  // a local run asks (an explicit BILLING_TEST_MODE=off still wins).
  if (!env.STRIPE_SECRET_KEY) env.BILLING_TEST_MODE ??= 'on';
  mkdirSync(env.DATA_DIR, { recursive: true });
  // The gateway requires ADMIN_PASSWORD in production; a local run generates one once into
  // DATA_DIR/admin-password (the gateway's own rule, so both agree) and hands it to the gateway only.
  let adminPassword = env.ADMIN_PASSWORD;
  if (!adminPassword) {
    const { resolveAdminPassword } = await import(join(ROOT, 'services/gateway/dist/services/admin-password.js'));
    adminPassword = resolveAdminPassword('', env.DATA_DIR).password;
  }

  let s3;
  if (!env.S3_ENDPOINT) {
    const { startEmbeddedS3 } = await import(join(ROOT, 'packages/server-kit/dist/index.js'));
    // The embedded store checks signatures like any S3: the credentials come from the environment when
    // both are set, otherwise they are made for this run and handed to every service below.
    if (!env.S3_ACCESS_KEY || !env.S3_SECRET_KEY) {
      env.S3_ACCESS_KEY = `local-${randomBytes(8).toString('hex')}`;
      env.S3_SECRET_KEY = randomBytes(30).toString('base64url');
    }
    s3 = await startEmbeddedS3({
      directory: join(env.DATA_DIR, 's3'),
      port: Number(env.S3_PORT ?? 0),
      buckets: [env.S3_BUCKET ?? 'swing-videos'],
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
    });
    Object.assign(env, { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey });
    if (!quiet) console.log(`embedded object store (s3rver) at ${s3.endpoint}, data in ${join(env.DATA_DIR, 's3')}`);
  }
  const gatewayPort = Number(env.PORT ?? 8080);
  env.PUBLIC_URL ??= `http://localhost:${gatewayPort}`;

  const plan = servicePlan(env, gatewayPort, { analysis });
  Object.assign(env, peerUrls(env, plan));

  const children = [];
  let stopping = false;
  let settle;
  // Settles when every service has exited, whether stopped or crashed.
  const done = new Promise((r) => (settle = r));

  /** Starts (or restarts) one planned process; its unexpected exit takes the others down. */
  function launch(s) {
    const entry = join(ROOT, s.dir, 'dist/main.js');
    if (!dev && !existsSync(entry)) throw new Error(`${entry} is missing: run pnpm build`);
    // Dev: Node's own --watch restarts a service when its TypeScript sources change (tsx compiles them).
    const args = dev ? ['--import', 'tsx', '--watch', join(ROOT, s.dir, 'src/main.ts')] : ['--enable-source-maps', entry];
    // Each service reads its own PORT: the gateway the public one, the others their internal ones.
    const childEnv = { ...env, PORT: String(s.port) };
    if (s.name === 'gateway') childEnv.ADMIN_PASSWORD = adminPassword;
    const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    const colour = s.name.startsWith('analysis-worker') ? 'analysis-worker' : s.name;
    prefixLines(colour, s.name, child.stdout, process.stdout, quiet);
    prefixLines(colour, s.name, child.stderr, process.stderr, false);
    const exited = new Promise((r) => child.on('exit', (code, signal) => r({ name: s.name, code, signal })));
    const entryRecord = { ...s, child, exited, alive: true, expectExit: false };
    const at = children.findIndex((c) => c.name === s.name);
    if (at >= 0) children[at] = entryRecord;
    else children.push(entryRecord);
    exited.then((info) => {
      entryRecord.alive = false;
      if (stopping || entryRecord.expectExit) return;
      console.error(`${info.name} exited (${info.code ?? info.signal}); stopping the others`);
      void stop();
    });
    return entryRecord;
  }
  for (const s of plan) launch(s);

  /**
   * For load and fault runs: kills one process with `signal` (SIGKILL by default) and starts it again,
   * without taking the rest of the stack down. Resolves with the new process once it answers /healthz.
   */
  async function restart(name, signal = 'SIGKILL') {
    const current = children.find((c) => c.name === name);
    if (!current) throw new Error(`no process named ${name}`);
    if (stopping) throw new Error('the stack is stopping');
    current.expectExit = true;
    if (current.alive) current.child.kill(signal);
    await current.exited;
    const started = launch(current);
    await waitFor(`http://127.0.0.1:${current.port}/healthz`, readyTimeoutMs, () => started.alive);
    return started;
  }

  async function stop() {
    if (!stopping) {
      stopping = true;
      // Gateway first (stop taking requests), the workers and internal services after.
      for (const c of [...children].reverse()) if (c.alive) c.child.kill('SIGTERM');
      const timer = setTimeout(() => children.forEach((c) => c.alive && c.child.kill('SIGKILL')), 20_000);
      await Promise.all(children.map((c) => c.exited));
      clearTimeout(timer);
      await s3?.close();
      settle(children.map((c) => c.name));
    }
    return done;
  }

  const base = `http://127.0.0.1:${gatewayPort}`;
  try {
    // `signal`: the launcher was told to stop while the services came up; they are stopped below.
    await waitFor(`${base}/readyz`, readyTimeoutMs, () => children.every((c) => c.alive || c.expectExit), signal);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: env.PUBLIC_URL, base, env, stop, restart, children, done };
}
