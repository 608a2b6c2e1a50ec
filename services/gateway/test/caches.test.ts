import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centralMonth, centralWeek } from '@swingfit/contracts';
import { eventually } from '@swingfit/server-kit/testing';
import { SessionCache } from '../src/http/session-cache.js';
import { PointsCache } from '../src/services/points-cache.js';
import { cookieFrom, startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';
import { startEventInbox, type EventInbox } from './event-inbox.js';

/*
 * The gateway's in-process caches (issue 18: bench:api): sessions and gamification's leaderboard and
 * positions. What must hold: an ended session stops working on this process at once; another process's
 * sign-out is honoured within the TTL; the points figures refresh within their TTL or at once on the
 * golfer's own award.
 */

const session = (id: number, userId: number, expiresAt = Number.MAX_SAFE_INTEGER) => ({ id, userId, expiresAt, lastSeenAt: 0 });

describe('SessionCache', () => {
  it('trusts an entry for the TTL only, and never past the session’s own expiry', () => {
    let now = 1_000;
    const cache = new SessionCache(5_000, 10, () => now);
    cache.set('a', session(1, 7), cache.generation);
    cache.set('b', session(2, 7, 3_000), cache.generation);
    now = 2_999;
    expect(cache.get('a')?.userId).toBe(7);
    expect(cache.get('b')?.id).toBe(2);
    now = 3_000;
    expect(cache.get('b')).toBeUndefined();
    now = 5_999;
    expect(cache.get('a')).toBeDefined();
    now = 6_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a row read while a session ended (it may predate the delete)', () => {
    const cache = new SessionCache(5_000, 10);
    const started = cache.generation;
    cache.forgetSession(99);
    cache.set('a', session(1, 7), started);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', session(1, 7), cache.generation);
    expect(cache.get('a')).toBeDefined();
  });

  it('forgets by token, by session and by user (all but the one kept), and holds at most its size', () => {
    const cache = new SessionCache(5_000, 3);
    for (const [hash, id, user] of [['a', 1, 7], ['b', 2, 7], ['c', 3, 8]] as const) cache.set(hash, session(id, user), cache.generation);
    cache.forgetUserSessions(7, 2);
    expect([cache.get('a'), cache.get('b')?.id, cache.get('c')?.id]).toEqual([undefined, 2, 3]);
    cache.forgetSession(3);
    cache.forgetToken('b');
    expect(cache.size).toBe(0);
    for (const hash of ['w', 'x', 'y', 'z']) cache.set(hash, session(1, 1), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('w')).toBeUndefined();
  });

  it('with a TTL of 0 keeps nothing', () => {
    const cache = new SessionCache(0, 10);
    cache.set('a', session(1, 7), cache.generation);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('PointsCache', () => {
  it('reuses the board within the TTL, reads it again after, and one load serves concurrent misses', async () => {
    let now = 0;
    let loads = 0;
    const cache = new PointsCache(5_000, 10, () => now);
    const load = async () => `[${++loads}]`;
    expect(await Promise.all([cache.leaderboard(load), cache.leaderboard(load), cache.leaderboard(load)])).toEqual(['[1]', '[1]', '[1]']);
    now = 4_999;
    expect(await cache.leaderboard(load)).toBe('[1]');
    now = 5_000;
    expect(await cache.leaderboard(load)).toBe('[2]');
  });

  it('drops the board and the golfer’s own position when their points change; other golfers keep theirs until the TTL', async () => {
    const cache = new PointsCache(60_000, 10);
    let version = 1;
    const load = (who: string) => async () => `${who}@${version}`;
    await cache.leaderboard(load('board'));
    await cache.position(1, load('p1'));
    await cache.position(2, load('p2'));
    version = 2;
    cache.pointsChanged(1);
    expect(await cache.leaderboard(load('board'))).toBe('board@2');
    expect(await cache.position(1, load('p1'))).toBe('p1@2');
    expect(await cache.position(2, load('p2'))).toBe('p2@1');
  });

  it('never stores a failure, nor an answer that was on its way when the points changed', async () => {
    const cache = new PointsCache(60_000, 10);
    await expect(cache.position(1, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.position(1, async () => 'fresh')).toBe('fresh');

    let release!: (v: string) => void;
    const slow = cache.leaderboard(() => new Promise<string>((r) => (release = r)));
    cache.pointsChanged(5);
    release('before the award');
    expect(await slow).toBe('before the award');
    expect(await cache.leaderboard(async () => 'after the award')).toBe('after the award');
  });
});

describe('session cache in the gateway', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startGateway({ SESSION_CACHE_TTL_MS: 60_000 });
  });
  afterAll(async () => {
    await h?.close();
  });

  const me = (cookie: string) => h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const signIn = async (email: string, password: string) =>
    cookieFrom(await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': '203.0.113.9' } }));

  it('a signed-out session stops working at once, though it was cached', async () => {
    const { cookie } = await registerGolfer(h.app);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(h.deps.sessionCache!.size).toBeGreaterThan(0);
    expect((await h.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('signing another device out and changing the password end the other cached sessions at once', async () => {
    const golfer = await registerGolfer(h.app);
    const phone = await signIn(golfer.email, golfer.password);
    const tablet = await signIn(golfer.email, golfer.password);
    for (const c of [golfer.cookie, phone, tablet]) expect((await me(c)).statusCode).toBe(200);

    const devices = (await h.app.inject({ method: 'GET', url: '/api/auth/devices', headers: { cookie: phone } })).json<Array<{ id: number; current: boolean }>>();
    const tabletId = (await h.app.inject({ method: 'GET', url: '/api/auth/devices', headers: { cookie: tablet } })).json<Array<{ id: number; current: boolean }>>().find((d) => d.current)!.id;
    expect(devices.map((d) => d.id)).toContain(tabletId);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/auth/devices/${tabletId}`, headers: { cookie: phone } })).statusCode).toBe(204);
    expect((await me(tablet)).statusCode).toBe(401);

    const change = await h.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: phone },
      payload: { currentPassword: golfer.password, newPassword: 'a brand new passphrase' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await me(golfer.cookie)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('a session ended by another process (its row gone) is refused once the TTL has passed', async () => {
    const other = await startGateway({ SESSION_CACHE_TTL_MS: 300 });
    try {
      const { user, cookie } = await registerGolfer(other.app);
      const ask = () => other.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect((await ask()).statusCode).toBe(200);
      // What a sign-out on another gateway process leaves behind: the row deleted, this cache unaware.
      await other.deps.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      await new Promise((r) => setTimeout(r, 350));
      expect((await ask()).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('leaderboard and position cache in the gateway', () => {
  let h: Harness;
  let upstream: Server;
  let events: EventInbox;
  let board = 1;
  let asked = 0;

  beforeAll(async () => {
    // A stand-in gamification: counts the calls and answers the board's current version.
    upstream = createServer((req, res) => {
      asked++;
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/points/monthly-position/')) return res.end(JSON.stringify({ position: board, monthlyPoints: board * 10 }));
      res.end(JSON.stringify([{ id: 1, firstName: 'Nelly', city: null, state: null, monthlyPoints: board * 10, rank: 1 }]));
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const port = (upstream.address() as AddressInfo).port;
    h = await startGateway({ GAMIFICATION_URL: `http://127.0.0.1:${port}`, POINTS_CACHE_TTL_MS: 60_000 });
    events = startEventInbox(h);
  });
  afterAll(async () => {
    await events?.close();
    await h?.close();
    upstream?.close();
  });

  it('answers repeated calls from the cache and refreshes both as soon as the golfer’s points.awarded arrives', async () => {
    const { user, cookie } = await registerGolfer(h.app);
    const read = async () => {
      const [b, p] = await Promise.all([
        h.app.inject({ method: 'GET', url: '/api/monthly-leaderboard', headers: { cookie } }),
        h.app.inject({ method: 'GET', url: `/api/users/${user.id}/monthly-position`, headers: { cookie } }),
      ]);
      expect([b.statusCode, p.statusCode]).toEqual([200, 200]);
      expect(b.headers['cache-control']).toBe('no-store');
      return [b.json()[0].monthlyPoints, p.json().monthlyPoints];
    };
    expect(await read()).toEqual([10, 10]);
    const calls = asked;
    board = 2;
    expect(await read()).toEqual([10, 10]);
    expect(asked).toBe(calls);

    const now = new Date();
    await events.deliver('points.awarded', user.id, { points: 10, reason: 'upload', sourceEventId: randomUUID(), version: 1, weekStart: centralWeek(now).date, monthStart: centralMonth(now).date, weeklyPoints: 20, monthlyPoints: 20, totalPoints: 20 });
    await eventually(async () => (await read())[1] === 20, 10_000);
    expect(await read()).toEqual([20, 20]);
  });

  it('another golfer’s position is theirs alone: a different id is 403 before anything is read', async () => {
    const a = await registerGolfer(h.app);
    const b = await registerGolfer(h.app);
    const res = await h.app.inject({ method: 'GET', url: `/api/users/${b.user.id}/monthly-position`, headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(403);
  });
});
