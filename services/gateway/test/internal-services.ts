import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from '@swingfit/server-kit/testing';
import type { Harness } from './harness.js';

/*
 * The internal services the gateway forwards to, run for real from their sources: same database
 * (their own schemas), same Redis prefix and internal token as the gateway under test.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export { freePort } from '@swingfit/server-kit/testing';

export interface InternalService {
  child: ChildProcess;
  /** What the service printed, for a failure message. */
  log(): string;
  stop(): Promise<void>;
}

/** Starts gamification or billing on `port`, wired to the gateway harness; resolves once /readyz answers. */
export async function startInternalService(h: Harness, name: 'gamification' | 'billing', port: number, env: Record<string, string> = {}): Promise<InternalService> {
  let output = '';
  // Billing's local test mode keeps its simulated Stripe account under DATA_DIR, whose default (`.data`
  // from this root) is the account `pnpm start` uses on this machine: each test's billing gets its own.
  const dataDir = name === 'billing' && !env.DATA_DIR ? mkdtempSync(join(tmpdir(), 'sf-billing-')) : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', `${ROOT}services/${name}/src/main.ts`], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: h.deps.config.DATABASE_URL,
      REDIS_URL: h.deps.config.REDIS_URL,
      QUEUE_PREFIX: h.deps.config.QUEUE_PREFIX,
      INTERNAL_TOKEN: h.deps.config.INTERNAL_TOKEN,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, 30_000, 200).catch(async (error) => {
    await stop();
    throw new Error(`${name} did not start: ${(error as Error).message}\n${output}`);
  });
  return { child, log: () => output, stop };
}
