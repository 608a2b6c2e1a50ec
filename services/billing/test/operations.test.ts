import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { JOBS } from '@swingfit/contracts';
import { JobQueues, createLogger } from '@swingfit/server-kit';
import { eventually, metricSample } from '@swingfit/server-kit/testing';
import { createReconcileWorker } from '../src/jobs/reconcile.js';
import { newGolfer, startBilling, type Harness } from './harness.js';

/* Billing's /metrics after a golfer's request and a reconcile job, and its refusal to simulate payments in production by accident. */

let h: Harness;
beforeAll(async () => {
  h = await startBilling({ metrics: true });
});
afterAll(async () => {
  const queue = new Queue(JOBS['billing.reconcile'].queue, { connection: h.queues.connection, prefix: h.queues.prefix });
  await queue.obliterate({ force: true });
  await queue.close();
  await h?.close();
});

describe('billing GET /metrics', () => {
  it('asks for the token, then shows requests by route, the reconcile job and the outbox', async () => {
    expect((await fetch(`${h.url}/metrics`)).status).toBe(401);
    const checkout = await h.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: h.as(newGolfer()), payload: { plan: 'monthly' } });
    expect(checkout.statusCode).toBe(200);

    const worker = h.deps.metrics!.watchWorker(createReconcileWorker(h.deps, h.queues));
    const producers = new JobQueues(h.queues, createLogger('test', 'silent'));
    await producers.add('billing.reconcile', {});
    await eventually(() => (h.deps.metrics!.jobs.get().then((m) => m.values.some((v) => v.labels.outcome === 'completed'))), 10_000, 50);
    await worker.close();
    await producers.close();

    const res = await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${h.deps.config.INTERNAL_TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(metricSample(text, 'swingfit_http_request_duration_seconds_count', { route: '/api/create-checkout-session', method: 'POST', status_code: '200', service: 'billing' })).toBe(1);
    expect(metricSample(text, 'swingfit_jobs_total', { queue: 'billing-reconcile', job: 'billing.reconcile', outcome: 'completed' })).toBe(1);
    expect(metricSample(text, 'swingfit_job_duration_seconds_count', { queue: 'billing-reconcile', job: 'billing.reconcile' })).toBe(1);
    expect(metricSample(text, 'swingfit_queue_jobs', { queue: 'billing-reconcile', state: 'waiting' })).toBe(0);
    expect(metricSample(text, 'swingfit_outbox_unsent_events', { schema: 'billing' })).toBeGreaterThanOrEqual(0);
    expect(metricSample(text, 'swingfit_metrics_source_up', { source: 'postgres' })).toBe(1);
  });
});

describe('billing start-up without Stripe keys', () => {
  it('refuses NODE_ENV=production unless BILLING_TEST_MODE=on, with one line naming the variables', { timeout: 30_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
      env: { ...process.env, NODE_ENV: 'production', INTERNAL_TOKEN: 'x'.repeat(32), STRIPE_SECRET_KEY: '', BILLING_TEST_MODE: '', NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += String(d)));
    const [code] = await once(child, 'exit');
    expect(code).toBe(78);
    expect(stderr.trim()).toMatch(/^config: STRIPE_SECRET_KEY is missing: NODE_ENV=production needs real Stripe keys .* or BILLING_TEST_MODE=on /);
  });

  it('still migrates its schema (`pnpm db:migrate`): migrating touches only PostgreSQL', { timeout: 30_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/migrate.ts', import.meta.url))], {
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: h.deps.config.DATABASE_URL, INTERNAL_TOKEN: 'x'.repeat(32), STRIPE_SECRET_KEY: '', BILLING_TEST_MODE: '', LOG_LEVEL: 'silent', NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += String(d)));
    const [code] = await once(child, 'exit');
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
