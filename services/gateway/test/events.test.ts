import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, centralMonth, centralWeek, type EventPayload } from '@swingfit/contracts';
import { startEventInbox, type EventInbox } from './event-inbox.js';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';

let h: Harness;
let events: EventInbox;
const deliver: EventInbox['deliver'] = (...args) => events.deliver(...args);

beforeAll(async () => {
  h = await startGateway();
  events = startEventInbox(h);
});
afterAll(async () => {
  await events?.close();
  await h?.close();
});

const userRow = (id: number) => h.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('gateway event consumer', () => {
  it('keeps the newest points snapshot: once per event, never an older version, windows read at request time', async () => {
    const { user, cookie } = await registerGolfer(h.app);
    const now = new Date();
    const week = centralWeek(now).date;
    const month = centralMonth(now).date;
    const snapshot = (version: number, totalPoints: number, weekStart = week, monthStart = month) => ({
      points: 5, reason: 'exercise', sourceEventId: randomUUID(), version, weekStart, monthStart, weeklyPoints: totalPoints, monthlyPoints: totalPoints, totalPoints,
    });
    const eventId = randomUUID();
    const first = await deliver('points.awarded', user.id, snapshot(2, 15), eventId, `${eventId}-1`);
    const again = await deliver('points.awarded', user.id, snapshot(2, 15), eventId, `${eventId}-2`);
    expect([first.result, again.result]).toEqual(['processed', 'duplicate']);
    // Version 1 arrives late: older than the one held, so it changes nothing.
    await deliver('points.awarded', user.id, snapshot(1, 10));
    const me = async () => (await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
    expect(await me()).toMatchObject({ totalPoints: 15, monthlyPoints: 15, weeklyPoints: 15 });
    expect((await h.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: { cookie } })).json()).toMatchObject({ totalPoints: 15, weeklyPoints: 15 });

    // A snapshot taken last week and last month: its weekly and monthly figures are no longer current.
    await deliver('points.awarded', user.id, snapshot(3, 20, addDays(week, -7), addDays(month, -1).slice(0, 8) + '01'));
    expect(await me()).toMatchObject({ totalPoints: 20, monthlyPoints: 0, weeklyPoints: 0 });
    const row = await userRow(user.id);
    expect(row.points_version).toBe(3);
  });

  it('parks a points.awarded whose snapshot is malformed', async () => {
    const { user } = await registerGolfer(h.app);
    const bad = await deliver('points.awarded', user.id, { points: 5, reason: 'exercise', sourceEventId: randomUUID() } as never);
    expect(bad.state).toBe('failed');
    expect((await userRow(user.id)).total_points).toBe(0);
  });

  it('applies billing’s subscription state only when its version is newer: late, repeated and reordered events change nothing', async () => {
    const { user, cookie } = await registerGolfer(h.app);
    const end = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const state = (version: number, status: string, more: Partial<EventPayload<'subscription.updated'>> = {}) => ({
      version,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      status,
      plan: 'annual' as const,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      ...more,
    });
    const activated = randomUUID();
    expect((await deliver('subscription.activated', user.id, state(1, 'active'), activated)).result).toBe('processed');
    let row = await userRow(user.id);
    expect(row).toMatchObject({ is_premium: true, stripe_subscription_id: 'sub_1', stripe_customer_id: 'cus_1', subscription_status: 'active', subscription_plan: 'annual', subscription_version: 1 });
    expect(new Date(row.subscription_end_date!).toISOString()).toBe(end);

    // Version 3 (payment failed for good) arrives before version 2 (cancel at period end).
    await deliver('subscription.updated', user.id, state(3, 'unpaid'));
    await deliver('subscription.updated', user.id, state(2, 'active', { cancelAtPeriodEnd: true }));
    row = await userRow(user.id);
    expect(row).toMatchObject({ is_premium: false, subscription_status: 'unpaid', subscription_cancel_at_period_end: false, subscription_version: 3 });

    // The first event delivered again (same id) is a duplicate; the same state under a new id is stale.
    expect((await deliver('subscription.activated', user.id, state(1, 'active'), activated, `${activated}-again`)).result).toBe('duplicate');
    await deliver('subscription.activated', user.id, state(1, 'active'));
    expect(await userRow(user.id)).toMatchObject({ is_premium: false, subscription_version: 3 });

    await deliver('subscription.canceled', user.id, state(4, 'canceled'));
    expect(await userRow(user.id)).toMatchObject({ is_premium: false, subscription_status: 'canceled', subscription_version: 4 });
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ isPremium: false, stripeSubscriptionId: 'sub_1' });
  });

  it('keeps a cancelled golfer Premium until the end of the paid period, then reads them as free', async () => {
    const { user, cookie } = await registerGolfer(h.app);
    const periodEnd = new Date(Date.now() + 2_000);
    await deliver('subscription.updated', user.id, { version: 1, customerId: 'cus_2', subscriptionId: 'sub_2', status: 'active', plan: 'monthly', currentPeriodEnd: periodEnd.toISOString(), cancelAtPeriodEnd: true });
    const read = async () => (await h.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: { cookie } })).json();
    expect(await read()).toMatchObject({ isPremium: true, subscriptionEndDate: periodEnd.toISOString() });
    const status = async () => (await h.app.inject({ method: 'GET', url: `/api/upload-status/${user.id}`, headers: { cookie } })).json();
    expect((await status()).isPremium).toBe(true);
    await new Promise((r) => setTimeout(r, periodEnd.getTime() - Date.now() + 50));
    // No event came: the period end alone ends Premium, on the user record and for uploads.
    expect(await read()).toMatchObject({ isPremium: false });
    expect((await status()).isPremium).toBe(false);
    expect((await userRow(user.id)).is_premium).toBe(true);
  });
});

describe('GET /api/users/{id}/monthly-position', () => {
  it('needs a session (401) and the caller’s own id (403)', async () => {
    const ann = await registerGolfer(h.app);
    const bob = await registerGolfer(h.app);
    expect((await h.app.inject({ method: 'GET', url: `/api/users/${ann.user.id}/monthly-position` })).statusCode).toBe(401);
    const other = await h.app.inject({ method: 'GET', url: `/api/users/${bob.user.id}/monthly-position`, headers: { cookie: ann.cookie } });
    expect(other.statusCode).toBe(403);
  });
});
