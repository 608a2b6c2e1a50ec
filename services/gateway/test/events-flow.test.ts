import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'bullmq';
import { CORE_SCHEMA } from '@swingfit/core-db';
import type { LeaderboardEntry, Notification } from '@swingfit/contracts';
import { publishInTransaction } from '@swingfit/server-kit';
import { eventually } from '@swingfit/server-kit/testing';
import { startEventConsumers } from '../src/jobs/events.js';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';

/*
 * The points flow across real services: this gateway and a real gamification process (run from its
 * sources) share one PostgreSQL database (two schemas) and one Redis prefix, exactly as in production.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let h: Harness;
let consumer: Worker;
let gamification: ChildProcess;
let billing: ChildProcess;
let serviceLog = '';
const WEBHOOK_SECRET = `whsec_${randomUUID().replace(/-/g, '')}`;

/** Starts one of the internal services from its sources, wired to the gateway's database, Redis prefix and token. */
async function startService(name: 'gamification' | 'billing', port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (serviceLog += String(d)));
  child.stderr?.on('data', (d) => (serviceLog += String(d)));
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, 30_000, 200).catch((error) => {
    throw new Error(`${name} did not start: ${(error as Error).message}\n${serviceLog}`);
  });
  return child;
}

/** Stripe's webhook signature scheme (t=..., v1=HMAC-SHA256 of "t.body"); the gateway has no Stripe SDK. */
function stripeSignature(payload: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex')}`;
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  const port = await freePort();
  const billingPort = await freePort();
  h = await startGateway({ GAMIFICATION_URL: `http://127.0.0.1:${port}`, BILLING_URL: `http://127.0.0.1:${billingPort}` });
  consumer = startEventConsumers(h.deps);
  h.deps.relay.start();
  gamification = await startService('gamification', port);
  billing = await startService('billing', billingPort, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
}, 60_000);

afterAll(async () => {
  await stop(gamification);
  await stop(billing);
  await consumer?.close();
  await h?.close();
});

describe('events between services, end to end', () => {
  it('an upload earns 10 points once: ledger, notification, leaderboard, position and the user record agree', async () => {
    const { user, cookie } = await registerGolfer(h.app, { firstName: 'Nelly' });
    // What the upload route writes with the analysis row (its own test covers the route itself).
    await h.deps.db.transaction().execute((trx) =>
      publishInTransaction(trx, CORE_SCHEMA, { type: 'analysis.uploaded', userId: user.id, payload: { analysisId: 1, club: 'driver' } }),
    );

    const row = await eventually(async () => {
      const r = await h.deps.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      return r.total_points > 0 && r;
    }, 15_000);
    expect({ total: row.total_points, monthly: row.monthly_points, weekly: row.weekly_points }).toEqual({ total: 10, monthly: 10, weekly: 10 });

    const position = await h.app.inject({ method: 'GET', url: `/api/users/${user.id}/monthly-position`, headers: { cookie } });
    expect(position.statusCode).toBe(200);
    expect(position.json()).toEqual({ position: 1, monthlyPoints: 10 });

    const notifications = await h.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
    expect(notifications.statusCode).toBe(200);
    const titles = notifications.json<Notification[]>().map((n) => n.title);
    expect(titles).toContain('Upload Successful!');

    const summary = await h.app.inject({ method: 'GET', url: '/api/points/summary', headers: { cookie } });
    expect(summary.json()).toEqual({ totalPoints: 10, monthlyPoints: 10, weeklyPoints: 10, position: 1 });

    const board = await h.app.inject({ method: 'GET', url: '/api/leaderboard', headers: { cookie } });
    expect(board.json<LeaderboardEntry[]>()[0]).toMatchObject({ id: user.id, monthlyPoints: 10 });

    // Nothing was awarded twice on the way (relays and consumers may redeliver).
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await h.deps.db.selectFrom('users').select('total_points').where('id', '=', user.id).executeTakeFirstOrThrow()).total_points).toBe(10);
  });

  it('refuses the proxied routes without a session', async () => {
    for (const url of ['/api/notifications', '/api/leaderboard', '/api/points/summary', `/api/users/1/monthly-position`]) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('a signed Stripe webhook through the gateway makes the golfer Premium', async () => {
    const { user, cookie } = await registerGolfer(h.app);
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.subscription.created',
      data: { object: { id: 'sub_flow', object: 'subscription', customer: 'cus_flow', status: 'active', metadata: { userId: String(user.id) }, items: { data: [{ current_period_end: periodEnd }] } } },
    });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = await eventually(async () => {
      const r = await h.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: { cookie } });
      return r.json().isPremium === true && r.json();
    }, 15_000);
    expect(me).toMatchObject({ isPremium: true, stripeSubscriptionId: 'sub_flow', stripeCustomerId: 'cus_flow', subscriptionEndDate: new Date(periodEnd * 1000).toISOString() });
  });

  it('answers 503 when gamification is down', async () => {
    const { user, cookie } = await registerGolfer(h.app);
    await stop(gamification);
    const res = await h.app.inject({ method: 'GET', url: `/api/users/${user.id}/monthly-position`, headers: { cookie } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/unavailable/);
  });
});
