import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, centralDate, centralMonth, centralWeek, exerciseAward, type DailyPoints, type LeaderboardEntry, type Notification, type PointsSummary } from '@swingfit/contracts';
import { routeCatalog } from '@swingfit/server-kit';
import { eventually } from '@swingfit/server-kit/testing';
import { fuzzableRoutes } from '@swingfit/server-kit/fuzz';
import { startGamification, type Harness } from './harness.js';
import { leaderboard, monthlyPosition } from '../src/services/standings.js';

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
    // Every route gamification registered but health and metrics, so one added later is checked too.
    const routes = fuzzableRoutes(routeCatalog(h.app)).filter((r) => !['/healthz', '/readyz', '/metrics'].includes(r.url));
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['GET /api/notifications', 'DELETE /api/notifications/:id', 'GET /api/points/monthly-position/:userId']));
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const res = await h.app.inject({ method: route.method as 'GET', url, headers: withToken });
      expect(res.statusCode, `${route.method} ${url}`).toBe(401);
    }
  });

  it('keeps health checks open', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // The Redis client may still be connecting just after start: readiness turns green once it is.
    const ready = await eventually(async () => {
      const res = await h.app.inject({ method: 'GET', url: '/readyz' });
      return res.statusCode === 200 && res;
    });
    // The outbox lag rides along for operators (and the admin system page): nothing waits yet.
    expect(ready.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' }, details: { outbox: { unsent: 0, oldestUnsentAgeMs: null } } });
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

describe('notification pages', () => {
  const EVA = 40;
  let ids: number[] = [];
  beforeAll(async () => {
    const base = Date.now() - 3_600_000;
    // 7 notifications, two of them at the same instant: the id orders those.
    const times = [0, 1, 2, 3, 3, 4, 5].map((m) => new Date(base + m * 60_000));
    ids = [];
    for (const [i, at] of times.entries()) ids.push(await notify(EVA, `n${i}`, at));
  });

  it('pages newest first with a cursor, and tells the unread total in a header', async () => {
    const page = async (query: string) => {
      const res = await h.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: h.as(EVA) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-unread-count']).toBe('7');
      return res.json<Notification[]>().map((n) => n.id);
    };
    const newestFirst = [...ids].reverse();
    expect(await page('')).toEqual(newestFirst);
    const first = await page('?limit=3');
    expect(first).toEqual(newestFirst.slice(0, 3));
    const second = await page(`?limit=3&before=${first.at(-1)}`);
    expect(second).toEqual(newestFirst.slice(3, 6));
    expect(await page(`?limit=3&before=${second.at(-1)}`)).toEqual(newestFirst.slice(6));
  });

  it('refuses a page size out of bounds, and ignores another golfer’s cursor', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/notifications?limit=0', headers: h.as(EVA) })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: '/api/notifications?limit=101', headers: h.as(EVA) })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: '/api/notifications?before=abc', headers: h.as(EVA) })).statusCode).toBe(400);
    // Past any id the database can hold: refused by the schema (the fuzzer found it answering 500).
    expect((await h.app.inject({ method: 'GET', url: '/api/notifications?before=100000000000000000000', headers: h.as(EVA) })).statusCode).toBe(400);
    const theirs = await h.app.inject({ method: 'GET', url: `/api/notifications?before=${ids[3]}`, headers: h.as(ANN) });
    expect(theirs.json<Notification[]>().every((n) => n.id < ids[3]!)).toBe(true);
    expect(theirs.json<Notification[]>().some((n) => ids.includes(n.id))).toBe(false);
  });
});

describe('leaderboard and points', () => {
  const CAL = 10;
  const DEE = 11;
  const EVE = 12;
  const FAY = 13;
  const GUS = 14;
  const now = new Date();
  const thisMonth = centralMonth(now).date;
  const thisWeek = centralWeek(now).date;
  const todayDate = centralDate(now);
  let completionId = 1;

  /** An exercise completion through the real consumer (the only way points reach the totals). */
  const complete = (userId: number, streakWeeks: number, workoutDate = todayDate) =>
    h.process({
      type: 'exercise.completed',
      userId,
      payload: { completionId: completionId++, exerciseName: 'Dead Bug', workoutDate, streakWeeks, ...exerciseAward(streakWeeks) },
    });

  beforeAll(async () => {
    await h.deps.db
      .insertInto('user_profiles')
      .values([
        { user_id: CAL, first_name: 'Cal', city: 'Tulsa', state: 'OK' },
        { user_id: DEE, first_name: 'Dee', city: 'Omaha', state: 'NE' },
        { user_id: EVE, first_name: 'Eve', city: null, state: null },
        { user_id: FAY, first_name: 'Fay', city: 'Reno', state: 'NV' },
        { user_id: GUS, first_name: 'Gus', city: null, state: null },
      ])
      .execute();
    // Cal earned most in total, but last month: only this month counts for the leaderboard.
    for (let i = 0; i < 4; i++) await complete(CAL, 15, addDays(thisMonth, -1));
    await complete(CAL, 7); // 10 this month
    await complete(DEE, 15); // 15 + 5 = 20
    await complete(DEE, 1);
    await complete(FAY, 7); // 10: level with Cal
    // The earliest day of this week that is also in this month, so the weekly figure is predictable.
    const early = thisWeek >= thisMonth ? thisWeek : thisMonth;
    await complete(GUS, 3, early); // 6
  });

  it('ranks this Central Time month’s points, competition ranking with ties, then golfers without points', async () => {
    for (const url of ['/api/leaderboard', '/api/monthly-leaderboard']) {
      const res = await h.app.inject({ method: 'GET', url, headers: h.as(EVE) });
      expect(res.statusCode).toBe(200);
      const board = res.json<LeaderboardEntry[]>().filter((e) => [CAL, DEE, EVE, FAY, GUS].includes(e.id));
      expect(board).toEqual([
        { id: DEE, firstName: 'Dee', city: 'Omaha', state: 'NE', monthlyPoints: 20, rank: 1 },
        { id: CAL, firstName: 'Cal', city: 'Tulsa', state: 'OK', monthlyPoints: 10, rank: 2 },
        { id: FAY, firstName: 'Fay', city: 'Reno', state: 'NV', monthlyPoints: 10, rank: 2 },
        { id: GUS, firstName: 'Gus', city: null, state: null, monthlyPoints: 6, rank: 4 },
        { id: EVE, firstName: 'Eve', city: null, state: null, monthlyPoints: 0, rank: 5 },
      ]);
      const all = res.json<LeaderboardEntry[]>();
      expect(all.length).toBeLessThanOrEqual(100);
    }
  });

  it('lists the top 100 only', async () => {
    const many = Array.from({ length: 120 }, (_, i) => 10_000 + i);
    await h.deps.db
      .insertInto('period_points')
      .values(many.map((user_id, i) => ({ user_id, period: 'month' as const, period_start: thisMonth, points: 1_000 + (i % 7) })))
      .execute();
    try {
      const board = (await h.app.inject({ method: 'GET', url: '/api/leaderboard', headers: h.as(EVE) })).json<LeaderboardEntry[]>();
      expect(board).toHaveLength(100);
      expect(board[0]).toMatchObject({ monthlyPoints: 1_006, rank: 1, firstName: null });
      // 17 golfers at each of 1,006 .. 1,001 (18 at 1,000): each rank skips past the whole tie before it.
      expect([...new Set(board.map((e) => e.rank))]).toEqual([1, 18, 35, 52, 69, 86]);
    } finally {
      await h.deps.db.deleteFrom('period_points').where('user_id', 'in', many).execute();
    }
  });

  it('sums total, month and week (from Sunday) for the caller, with their position', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/points/summary', headers: h.as(CAL) });
    expect(res.statusCode).toBe(200);
    expect(res.json<PointsSummary>()).toEqual({ totalPoints: 70, monthlyPoints: 10, weeklyPoints: 10, position: 2 });
    const gus = (await h.app.inject({ method: 'GET', url: '/api/points/summary', headers: h.as(GUS) })).json<PointsSummary>();
    expect(gus).toEqual({ totalPoints: 6, monthlyPoints: 6, weeklyPoints: 6, position: 4 });
    const eve = (await h.app.inject({ method: 'GET', url: '/api/points/summary', headers: h.as(EVE) })).json<PointsSummary>();
    expect(eve).toEqual({ totalPoints: 0, monthlyPoints: 0, weeklyPoints: 0, position: 5 });
  });

  it('tells a golfer their own monthly position, and nobody else’s (403)', async () => {
    const mine = await h.app.inject({ method: 'GET', url: `/api/points/monthly-position/${FAY}`, headers: h.as(FAY) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ position: 2, monthlyPoints: 10 });
    const theirs = await h.app.inject({ method: 'GET', url: `/api/points/monthly-position/${DEE}`, headers: h.as(CAL) });
    expect(theirs.statusCode).toBe(403);
  });

  it('charts the caller’s points per day this month, days without points as 0', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/points/daily', headers: h.as(DEE) });
    expect(res.statusCode).toBe(200);
    const chart = res.json<DailyPoints>();
    expect(chart.month).toBe(thisMonth);
    expect(chart.days[0]!.date).toBe(thisMonth);
    expect(chart.days.at(-1)).toEqual({ date: todayDate, points: 20 });
    expect(chart.days.reduce((sum, d) => sum + d.points, 0)).toBe(20);
    const cal = (await h.app.inject({ method: 'GET', url: '/api/points/daily', headers: h.as(CAL) })).json<DailyPoints>();
    expect(cal.days.reduce((sum, d) => sum + d.points, 0)).toBe(10); // last month's 60 are not this month's
  });
});

describe('the month turns at 00:00 on the 1st, Central Time', () => {
  const ZED = 500;
  const YAN = 501;
  // 1 February 2027, 00:00 CST is 06:00 UTC: the board of 23:59:59 is January's, of midnight February's.
  const JANUARY_LAST_SECOND = new Date('2027-02-01T05:59:59Z');
  const FEBRUARY_MIDNIGHT = new Date('2027-02-01T06:00:00Z');
  const ours = (board: LeaderboardEntry[]) => board.filter((e) => e.id === ZED || e.id === YAN).map((e) => [e.id, e.monthlyPoints]);

  beforeAll(async () => {
    await h.deps.db.insertInto('user_profiles').values([{ user_id: ZED, first_name: 'Zed' }, { user_id: YAN, first_name: 'Yan' }]).execute();
    const complete = (userId: number, workoutDate: string, streakWeeks: number, completionId: number) =>
      h.process({ type: 'exercise.completed', userId, payload: { completionId, exerciseName: 'Dead Bug', workoutDate, streakWeeks, ...exerciseAward(streakWeeks) } });
    await complete(ZED, '2027-01-31', 15, 900_001); // 15 on the month's last day
    await complete(YAN, '2027-02-01', 1, 900_002); // 5 on the next month's first
  });

  it('ranks the month the instant falls in, and starts the next month with its own points only', async () => {
    expect(ours(await leaderboard(h.deps.db, JANUARY_LAST_SECOND))).toEqual([[ZED, 15], [YAN, 0]]);
    expect(ours(await leaderboard(h.deps.db, FEBRUARY_MIDNIGHT))).toEqual([[YAN, 5], [ZED, 0]]);
    expect(await monthlyPosition(h.deps.db, ZED, JANUARY_LAST_SECOND)).toEqual({ position: 1, monthlyPoints: 15 });
    expect(await monthlyPosition(h.deps.db, ZED, FEBRUARY_MIDNIGHT)).toEqual({ position: 2, monthlyPoints: 0 });
    expect(await monthlyPosition(h.deps.db, YAN, FEBRUARY_MIDNIGHT)).toEqual({ position: 1, monthlyPoints: 5 });
  });
});
