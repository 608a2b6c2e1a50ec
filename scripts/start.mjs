#!/usr/bin/env node
// `pnpm start`: build what is stale, start every service, serve the app at http://localhost:8080.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, startStack } from './stack.mjs';

const dev = process.argv.includes('--dev');
const build = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// Stopping is wired before the services start: a signal while they come up (which can take up to 90 s) must
// stop the ones already running, not end this launcher alone and leave them holding their ports.
let stack;
let stopping = false;
const startup = new AbortController();
async function stop(why) {
  if (stopping) return;
  stopping = true;
  console.log(`\nstopping (${why})…`);
  // Still starting: startStack stops what it started and throws, and the catch below exits.
  if (!stack) return startup.abort(why);
  await stack.stop();
  process.exit(0);
}
// SIGHUP: the terminal that ran `pnpm start` was closed.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// `kill <pid of pnpm>` ends pnpm without passing the signal on to this launcher, which would leave the
// services running and holding port 8080 for the next `pnpm start`. An orphaned launcher is handed to
// another parent, so a changed parent id means whoever started it is gone: stop as if told to.
const PARENT_CHECK_MS = 1000;
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop('the command that started it has ended');
}, PARENT_CHECK_MS).unref();

try {
  stack = await startStack({ dev, signal: startup.signal });
} catch (error) {
  if (startup.signal.aborted) {
    console.error(`stopped (${startup.signal.reason}) before SwingFit was ready; every process it had started has ended`);
    process.exit(1);
  }
  console.error(`start failed: ${error.message}`);
  // A service that exited said why in its own line above (a bad variable, a taken port); a timeout is usually a
  // dependency that does not answer.
  if (/did not become ready/.test(error.message)) {
    // Where this run looked (host and port only: a URL may hold a password).
    const where = (url, fallback) => {
      try {
        return new URL(url || fallback).host;
      } catch {
        return 'the address set';
      }
    };
    const postgres = where(process.env.DATABASE_URL, 'postgres://127.0.0.1:5432');
    const redis = where(process.env.REDIS_URL, 'redis://127.0.0.1:6379');
    console.error(`Is PostgreSQL answering on ${postgres} and Redis on ${redis}? See README, Troubleshooting.`);
  } else {
    console.error('The line the service printed before it exited says why. See README, Troubleshooting.');
  }
  process.exit(1);
}

const passwordSource = process.env.ADMIN_PASSWORD ? 'the ADMIN_PASSWORD environment variable' : join(stack.env.DATA_DIR, 'admin-password');
console.log(`\n  SwingFit is running at ${stack.url}\n  Admin password: ${passwordSource}\n  Ctrl-C stops every process.\n`);

if (dev) {
  // Vite itself (apps/web's `dev` script), in its own process group: through pnpm and sh a SIGTERM never
  // reached it, which left it holding :5173 when the launcher was stopped by a signal to it alone, and pnpm
  // reported the stop as a failure. The launcher ends the group when it exits.
  const vite = join(ROOT, 'apps/web/node_modules/vite/bin/vite.js');
  const web = spawn(process.execPath, [vite], { cwd: join(ROOT, 'apps/web'), stdio: 'inherit', detached: true, env: { ...process.env, GATEWAY_URL: stack.base } });
  process.on('exit', () => {
    try {
      process.kill(-web.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  });
  console.log('  Web dev server (hot reload): http://localhost:5173\n');
}

// A service that dies takes the others down (stack.mjs); then this launcher exits with an error.
stack.done.then(() => {
  if (!stopping) process.exit(1);
});
