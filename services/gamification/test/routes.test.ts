import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardEntry, Notification, PointsSummary } from '@swingfit/contracts';
import { monthStart, weekStart } from '../src/domain/windows.js';
import { eventually } from '@swingfit/server-kit/testing';
import { startGamification, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startGamification();
});
afterAll(async () => {
  await h?.close();
});

const ANN = 1;
const BOB = 2;

async function notify(userId: number, title: string, createdAt: Date) {
  const row = await h.deps.db
    .insertInto('notifications')
    .values({ user_id: userId, type: 'other', title, message: `${title} message`, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('internal access', () => {
  it.each([
    ['no token', {}],
    ['a wrong token', { 'x-internal-token': 'not-the-internal-token', 'x-user-id': '1' }],
    ['no user id', { 'x-internal-token': '__TOKEN__' }],
    ['a malformed user id', { 'x-internal-token': '__TOKEN__', 'x-user-id': '1 OR 1=1' }],
  ])('answers 401 to a call with %s', async (_what, headers: Record<string, string>) => {
    const withToken = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v === '__TOKEN__' ? h.deps.config.INTERNAL_TOKEN : v]));
    for (const url of ['/api/notifications', '/api/leaderboard', '/api/points/summary']) {
      const res = await h.app.inject({ method: 'GET', url, headers: withToken });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('keeps health checks open', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // The Redis client may still be connecting just after start: readiness turns green once it is.
    const ready = await eventually(async () => {
      const res = await h.app.inject({ method: 'GET', url: '/readyz' });
      return res.statusCode === 200 && res;
    });
    expect(ready.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
  });
});

describe('notifications', () => {
  let annOld: number;
  let annNew: number;
  let bobs: number;
  beforeAll(async () => {
    annOld = await notify(ANN, 'older', new Date(Date.now() - 3_600_000));
    annNew = await notify(ANN, 'newer', new Date());
    bobs = await notify(BOB, 'bob only', new Date());
  });

  it('lists only the caller’s own, newest first', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/notifications', headers: h.as(ANN) });
    expect(res.statusCode).toBe(200);
    const list = res.json<Notification[]>();
    expect(list.map((n) => n.id)).toEqual([annNew, annOld]);
    expect(list[0]).toMatchObject({ type: 'other', title: 'newer', isRead: false });
  });

  it('marks one read, but not another golfer’s (404)', async () => {
    const theirs = await h.app.inject({ method: 'PATCH', url: `/api/notifications/${bobs}/read`, headers: h.as(ANN) });
    expect(theirs.statusCode).toBe(404);
    const mine = await h.app.inject({ method: 'PATCH', url: `/api/notifications/${annOld}/read`, headers: h.as(ANN) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: annOld, isRead: true });
    const bobsRow = await h.deps.db.selectFrom('notifications').select('is_read').where('id', '=', bobs).executeTakeFirstOrThrow();
    expect(bobsRow.is_read).toBe(false);
  });

  it('marks all of the caller’s read and leaves the others’ alone', async () => {
    const res = await h.app.inject({ method: 'PATCH', url: '/api/notifications/read-all', headers: h.as(ANN) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 1 });
    const ann = await h.app.inject({ method: 'GET', url: '/api/notifications', headers: h.as(ANN) });
    expect(ann.json<Notification[]>().every((n) => n.isRead)).toBe(true);
    const bob = await h.app.inject({ method: 'GET', url: '/api/notifications', headers: h.as(BOB) });
    expect(bob.json<Notification[]>().map((n) => n.isRead)).toEqual([false]);
  });

  it('deletes the caller’s own only', async () => {
    expect((await h.app.inject({ method: 'DELETE', url: `/api/notifications/${bobs}`, headers: h.as(ANN) })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/notifications/${annNew}`, headers: h.as(ANN) })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/notifications/${annNew}`, headers: h.as(ANN) })).statusCode).toBe(404);
    const bob = await h.app.inject({ method: 'GET', url: '/api/notifications', headers: h.as(BOB) });
    expect(bob.json<Notification[]>().map((n) => n.id)).toEqual([bobs]);
  });

  it('rejects a malformed id with 400', async () => {
    expect((await h.app.inject({ method: 'PATCH', url: '/api/notifications/abc/read', headers: h.as(ANN) })).statusCode).toBe(400);
  });
});

describe('leaderboard and points', () => {
  const CAL = 10;
  const DEE = 11;
  const EVE = 12;
  const now = new Date();
  const month = monthStart(now);
  const week = weekStart(now);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const award = (userId: number, points: number, occurredAt: Date) =>
    h.deps.db.insertInto('points_ledger').values({ user_id: userId, points, reason: 'test', source_event_id: randomUUID(), occurred_at: occurredAt }).execute();

  beforeAll(async () => {
    await h.deps.db
      .insertInto('user_profiles')
      .values([
        { user_id: CAL, first_name: 'Cal', city: 'Tulsa', state: 'OK' },
        { user_id: DEE, first_name: 'Dee', city: 'Omaha', state: 'NE' },
        { user_id: EVE, first_name: 'Eve', city: null, state: null },
      ])
      .execute();
    // Cal earned most in total, but mostly last month: only this month counts for the leaderboard.
    await award(CAL, 500, new Date(month.getTime() - 1_000));
    await award(CAL, 10, new Date(month.getTime() + 1_000));
    await award(DEE, 15, ago(1_000));
    await award(DEE, 5, new Date(Math.max(month.getTime(), week.getTime() - 1_000)));
  });

  it('ranks this Central Time month’s points, highest first, ties by account', async () => {
    for (const url of ['/api/leaderboard', '/api/monthly-leaderboard']) {
      const res = await h.app.inject({ method: 'GET', url, headers: h.as(EVE) });
      expect(res.statusCode).toBe(200);
      const board = res.json<LeaderboardEntry[]>().filter((e) => [CAL, DEE, EVE].includes(e.id));
      expect(board).toEqual([
        { id: DEE, firstName: 'Dee', city: 'Omaha', state: 'NE', monthlyPoints: 20 },
        { id: CAL, firstName: 'Cal', city: 'Tulsa', state: 'OK', monthlyPoints: 10 },
        { id: EVE, firstName: 'Eve', city: null, state: null, monthlyPoints: 0 },
      ]);
    }
  });

  it('sums total, month and week (from Sunday) for the caller, with their position', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/points/summary', headers: h.as(CAL) });
    expect(res.statusCode).toBe(200);
    const summary = res.json<PointsSummary>();
    const calWeekly = month.getTime() + 1_000 >= week.getTime() ? 10 : 0;
    expect(summary).toEqual({ totalPoints: 510, monthlyPoints: 10, weeklyPoints: calWeekly, position: 2 });
    const dee = (await h.app.inject({ method: 'GET', url: '/api/points/summary', headers: h.as(DEE) })).json<PointsSummary>();
    expect(dee).toMatchObject({ totalPoints: 20, monthlyPoints: 20, weeklyPoints: week.getTime() > month.getTime() ? 15 : 20, position: 1 });
  });

  it('tells a golfer their own monthly position, and nobody else’s (403)', async () => {
    const mine = await h.app.inject({ method: 'GET', url: `/api/points/monthly-position/${CAL}`, headers: h.as(CAL) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ position: 2, monthlyPoints: 10 });
    const theirs = await h.app.inject({ method: 'GET', url: `/api/points/monthly-position/${DEE}`, headers: h.as(CAL) });
    expect(theirs.statusCode).toBe(403);
  });
});
