import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'bullmq';
import { CORE_SCHEMA } from '@swingfit/core-db';
import { centralDate, exerciseAward, type LeaderboardEntry, type Notification } from '@swingfit/contracts';
import { publishInTransaction } from '@swingfit/server-kit';
import { eventually } from '@swingfit/server-kit/testing';
import { startEventConsumers } from '../src/jobs/events.js';
import { cookieFrom, startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';
import { freePort, startInternalService, type InternalService } from './internal-services.js';

/*
 * The points flow across real services: this gateway and a real gamification process (run from its
 * sources) share one PostgreSQL database (two schemas) and one Redis prefix, exactly as in production.
 */

let h: Harness;
let consumer: Worker;
let gamification: InternalService;
let gamificationPort: number;
let billing: InternalService;
const WEBHOOK_SECRET = `whsec_${randomUUID().replace(/-/g, '')}`;

/** Stripe's webhook signature scheme (t=..., v1=HMAC-SHA256 of "t.body") with a secret billing does not hold. */
function stripeSignature(payload: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex')}`;
}

beforeAll(async () => {
  const port = await freePort();
  const billingPort = await freePort();
  h = await startGateway({ GAMIFICATION_URL: `http://127.0.0.1:${port}`, BILLING_URL: `http://127.0.0.1:${billingPort}` });
  consumer = startEventConsumers(h.deps);
  h.deps.relay.start();
  gamificationPort = port;
  gamification = await startInternalService(h, 'gamification', port);
  // No Stripe keys: billing runs its local test mode, as `pnpm start` does.
  billing = await startInternalService(h, 'billing', billingPort, { PUBLIC_URL: h.deps.config.PUBLIC_URL, DATA_DIR: mkdtempSync(join(tmpdir(), 'sf-billing-')) });
}, 60_000);

afterAll(async () => {
  await gamification?.stop();
  await billing?.stop();
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
    for (const url of ['/api/notifications', '/api/leaderboard', '/api/monthly-leaderboard', '/api/points/summary', '/api/points/daily', `/api/users/1/monthly-position`]) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('upgrades a golfer through the gateway on local test mode: checkout page, payment, signed webhooks, Premium', async () => {
    const ann = await registerGolfer(h.app);
    const bob = await registerGolfer(h.app);
    const origin = h.deps.config.PUBLIC_URL;
    const checkout = await h.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: { cookie: ann.cookie }, payload: { plan: 'annual' } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const page = new URL(checkout.json().url);
    expect(page.origin).toBe(origin);
    expect(page.pathname).toMatch(/^\/billing\/test-mode\/checkout\/cs_test_\w+$/);

    const shown = await h.app.inject({ method: 'GET', url: page.pathname, headers: { cookie: ann.cookie } });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('TEST MODE');
    expect(shown.body).toContain('$99.99');
    // Another golfer cannot open or pay it; nobody without a session reaches it.
    expect((await h.app.inject({ method: 'GET', url: page.pathname, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: page.pathname })).statusCode).toBe(401);
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin };
    expect((await h.app.inject({ method: 'POST', url: `${page.pathname}/pay`, headers: { cookie: bob.cookie, ...form }, payload: '' })).statusCode).toBe(404);

    const paid = await h.app.inject({ method: 'POST', url: `${page.pathname}/pay`, headers: { cookie: ann.cookie, ...form }, payload: '' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${origin}/payment-success?session_id=${page.pathname.split('/').pop()}`);

    // The success page's refresh answers from Stripe and the user record shows it at once.
    const refresh = await h.app.inject({ method: 'POST', url: '/api/refresh-subscription', headers: { cookie: ann.cookie } });
    expect(refresh.json()).toEqual({ message: 'Your Premium subscription is active.', isPremium: true });
    const me = (await h.app.inject({ method: 'GET', url: `/api/users/${ann.user.id}`, headers: { cookie: ann.cookie } })).json();
    expect(me).toMatchObject({ isPremium: true, stripeCustomerId: expect.stringMatching(/^cus_/), stripeSubscriptionId: expect.stringMatching(/^sub_/) });
    expect(new Date(me.subscriptionEndDate).getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
    // The subscription.activated event arrives through the outbox too, and finds nothing newer to do.
    await eventually(async () => (await h.deps.db.selectFrom('processed_events').select('type').where('type', '=', 'subscription.activated').executeTakeFirst()) ?? false, 15_000);
    expect((await h.deps.db.selectFrom('users').select('subscription_version').where('id', '=', ann.user.id).executeTakeFirstOrThrow()).subscription_version).toBe(1);

    const details = await h.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie: ann.cookie } });
    expect(details.json()).toMatchObject({ status: 'active', plan: 'annual', isPremium: true, paymentMethod: { brand: 'visa', last4: '4242' } });
    expect((await h.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie: bob.cookie } })).json()).toMatchObject({ status: 'none', isPremium: false });
  });

  it('refuses unsigned webhooks through the gateway, and the billing calls without a session', async () => {
    const unsigned = await h.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }) });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toMatch(/Stripe-Signature/);
    const forged = JSON.stringify({ id: 'evt_2', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const wrongKey = await h.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(forged) }, payload: forged });
    expect(wrongKey.statusCode).toBe(400);
    for (const [method, url] of [
      ['POST', '/api/create-checkout-session'],
      ['POST', '/api/get-or-create-subscription'],
      ['POST', '/api/create-customer-portal'],
      ['POST', '/api/refresh-subscription'],
      ['POST', '/api/update-subscription-status'],
      ['POST', '/api/subscription/upgrade'],
      ['GET', '/api/billing/config'],
      ['GET', '/api/billing/subscription'],
    ] as const) {
      expect((await h.app.inject({ method, url, payload: { plan: 'monthly' } })).statusCode, url).toBe(401);
    }
  });

  it('shows admins the billing mode; golfers and anonymous callers get nothing', async () => {
    const login = await h.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'test-admin-password' } });
    expect(login.statusCode).toBe(200);
    const res = await h.app.inject({ method: 'GET', url: '/api/admin/billing/status', headers: { cookie: cookieFrom(login) } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'local-test', keys: 'none', webhooks: 'local-test', prices: { monthly: 'price_swingfit_monthly', annual: 'price_swingfit_annual' } });
    expect(res.json().subscriptions.premium).toBeGreaterThanOrEqual(1);
    const golfer = await registerGolfer(h.app);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/billing/status', headers: { cookie: golfer.cookie } })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/billing/status' })).statusCode).toBe(401);
  });

  it('answers 503 with a message for the golfer when billing is down', async () => {
    const { cookie } = await registerGolfer(h.app);
    await billing.stop();
    const res = await h.app.inject({ method: 'POST', url: '/api/refresh-subscription', headers: { cookie } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Billing is unavailable right now. Please try again shortly.');
    // The calls the gateway forwards say the same kind of thing.
    const proxied = await h.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } });
    expect(proxied.statusCode).toBe(503);
    expect(proxied.json().message).toBe('This part of SwingFit is unavailable right now. Please try again shortly.');
  });

  it('exercise completions made while gamification is down earn their points once it is back, exactly once', async () => {
    const { user, cookie } = await registerGolfer(h.app, { firstName: 'Scottie' });
    const rival = await registerGolfer(h.app, { firstName: 'Rory' });
    const complete = (userId: number, completionId: number, streakWeeks: number) =>
      h.deps.db.transaction().execute((trx) =>
        // What the completion transaction writes with the completion row (issue 12 builds the route).
        publishInTransaction(trx, CORE_SCHEMA, {
          type: 'exercise.completed',
          userId,
          payload: { completionId, exerciseName: 'Cat Camel', workoutDate: centralDate(new Date()), streakWeeks, ...exerciseAward(streakWeeks) },
        }),
      );
    await complete(rival.user.id, 90_001, 5); // Rory: 8 points
    const me = async () => (await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
    await eventually(async () => (await h.deps.db.selectFrom('users').select('total_points').where('id', '=', rival.user.id).executeTakeFirstOrThrow()).total_points === 8);

    await gamification.stop();
    for (const id of [90_002, 90_003, 90_004]) await complete(user.id, id, 3); // 3 x 6 points, committed while gamification is down
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await me()).toMatchObject({ totalPoints: 0, monthlyPoints: 0 });

    gamification = await startInternalService(h, 'gamification', gamificationPort);
    await eventually(async () => (await me()).totalPoints === 18, 20_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await me()).toMatchObject({ totalPoints: 18, weeklyPoints: 18, monthlyPoints: 18 });

    const position = await h.app.inject({ method: 'GET', url: `/api/users/${user.id}/monthly-position`, headers: { cookie } });
    expect(position.json()).toMatchObject({ monthlyPoints: 18 });
    const board = (await h.app.inject({ method: 'GET', url: '/api/leaderboard', headers: { cookie } })).json<LeaderboardEntry[]>();
    const mine = board.find((e) => e.id === user.id)!;
    const theirs = board.find((e) => e.id === rival.user.id)!;
    expect(mine).toMatchObject({ firstName: 'Scottie', monthlyPoints: 18, rank: position.json().position });
    expect(theirs.rank).toBeGreaterThan(mine.rank);

    // The golfer's notifications through the gateway: newest first, the unread total in a header.
    const list = await h.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
    const notes = list.json<Notification[]>();
    // The day's completions share one notice that the last one rewrites with the day's total. The three
    // events waited in the queue and were then handled side by side, so whether that notice or the
    // first-workout achievement (written by whichever was handled first) is newest is not fixed.
    const completion = notes.filter((n) => n.type === 'exercise_completion');
    expect(completion).toEqual([expect.objectContaining({ title: 'Exercise Completed!', message: 'Cat Camel: +6 points with your 1.25x streak bonus. Today so far: 18 points.' })]);
    expect(notes.filter((n) => n.title === 'First Workout!')).toHaveLength(1);
    const times = notes.map((n) => new Date(n.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Number(list.headers['x-unread-count'])).toBe(notes.filter((n) => !n.isRead).length);
    // Rory hears he was passed.
    const rivalNotes = (await h.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: rival.cookie } })).json<Notification[]>();
    expect(rivalNotes.map((n) => n.title)).toContain('You’ve Been Passed');

    // Another golfer's notification cannot be read, marked or deleted through the gateway.
    const other = rivalNotes[0]!.id;
    expect((await h.app.inject({ method: 'PATCH', url: `/api/notifications/${other}/read`, headers: { cookie } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/notifications/${other}`, headers: { cookie } })).statusCode).toBe(404);
    const readAll = await h.app.inject({ method: 'PATCH', url: '/api/notifications/read-all', headers: { cookie } });
    expect(readAll.statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } })).headers['x-unread-count']).toBe('0');
    const rivalAfter = (await h.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: rival.cookie } })).json<Notification[]>();
    expect(rivalAfter.find((n) => n.id === other)?.isRead).toBe(false);
  }, 60_000);

  it('answers 503 when gamification is down', async () => {
    const { user, cookie } = await registerGolfer(h.app);
    await gamification.stop();
    const res = await h.app.inject({ method: 'GET', url: `/api/users/${user.id}/monthly-position`, headers: { cookie } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/unavailable/);
  });
});
