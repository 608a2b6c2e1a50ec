import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN } from '@swingfit/contracts';
import { cookieFrom, startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';

let h: Harness;
beforeAll(async () => {
  h = await startGateway();
});
afterAll(async () => {
  await h?.close();
});

const get = (id: number | string, cookie?: string) => h.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: cookie ? { cookie } : {} });
const patch = (id: number | string, payload: unknown, cookie?: string) =>
  h.app.inject({ method: 'PATCH', url: `/api/users/${id}`, payload: payload as object, headers: cookie ? { cookie } : {} });

describe('GET/PATCH /api/users/{id}', () => {
  it('returns and edits the signed-in user’s own record', async () => {
    const { user, cookie } = await registerGolfer(h.app);
    const mine = await get(user.id, cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(user);

    const res = await patch(user.id, { firstName: 'Nelly', lastName: 'Korda', handicap: 2.4, city: 'Bradenton', state: 'FL' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, firstName: 'Nelly', lastName: 'Korda', handicap: 2.4, city: 'Bradenton', state: 'FL', email: user.email });
    expect((await get(user.id, cookie)).json()).toMatchObject({ handicap: 2.4, city: 'Bradenton' });

    // Stored with one decimal, as the form's 0.1 step suggests.
    expect((await patch(user.id, { handicap: 12.36 }, cookie)).json().handicap).toBe(12.4);

    const cleared = await patch(user.id, { handicap: null, city: null }, cookie);
    expect(cleared.json()).toMatchObject({ handicap: null, city: null, state: 'FL' });
    expect((await get(user.id, cookie)).json()).toMatchObject({ handicap: null, city: null });
    // A scratch golfer is 0, which is not "no handicap".
    expect((await patch(user.id, { handicap: 0 }, cookie)).json().handicap).toBe(0);

    const email = await patch(user.id, { email: 'New.Address@Example.com' }, cookie);
    expect(email.statusCode).toBe(200);
    expect(email.json().email).toBe('new.address@example.com');
  });

  it('answers 403 for anyone else’s id, existing or not, and changes nothing', async () => {
    const alice = await registerGolfer(h.app, { firstName: 'Alice' });
    const bob = await registerGolfer(h.app, { firstName: 'Bob' });
    expect((await get(bob.user.id, alice.cookie)).statusCode).toBe(403);
    expect((await patch(bob.user.id, { firstName: 'Hacked' }, alice.cookie)).statusCode).toBe(403);
    expect((await get(bob.user.id + 1000, alice.cookie)).statusCode).toBe(403);
    expect((await patch(bob.user.id + 1000, { firstName: 'Hacked' }, alice.cookie)).statusCode).toBe(403);
    expect((await get(bob.user.id, bob.cookie)).json().firstName).toBe('Bob');
  });

  it('answers 401 without a session', async () => {
    const { user } = await registerGolfer(h.app);
    expect((await get(user.id)).statusCode).toBe(401);
    expect((await patch(user.id, { firstName: 'X' })).statusCode).toBe(401);
  });

  it('refuses an email another account holds with 409', async () => {
    const taken = await registerGolfer(h.app);
    const { user, cookie } = await registerGolfer(h.app);
    const res = await patch(user.id, { email: taken.email.toUpperCase() }, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EMAIL_TAKEN);
    expect((await get(user.id, cookie)).json().email).toBe(user.email);
  });

  it.each([
    [{ handicap: 60 }, 'handicap'],
    [{ handicap: -11 }, 'handicap'],
    [{ handicap: 'scratch' }, 'handicap'],
    [{ email: 'not-an-email' }, 'email'],
    [{ firstName: '' }, 'firstName'],
    [{ isPremium: true }, 'isPremium'],
    [{ videoUploadsUsed: 0 }, 'videoUploadsUsed'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const { user, cookie } = await registerGolfer(h.app);
    const res = await patch(user.id, body, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('PATCH /api/users/{id} 400 wording', () => {
  it('names email and handicap in plain words, a nullable handicap reading like a required one', async () => {
    const { user, cookie } = await registerGolfer(h.app);
    const res = await patch(user.id, { email: 'x@y', handicap: 99999 }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'email', message: 'must be a valid email address' },
      { field: 'handicap', message: 'must be at most 54' },
    ]);
    expect(res.json().message).not.toMatch(/anyOf|must be null/);
  });
});

describe('GET /api/auth/devices', () => {
  it('lists the user’s own live sessions and marks the current one', async () => {
    const { cookie, email, password } = await registerGolfer(h.app);
    const other = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' },
    });
    const res = await h.app.inject({ method: 'GET', url: '/api/auth/devices', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const sessions = res.json();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions.find((s: { current: boolean }) => !s.current)).toMatchObject({ userAgent: 'Mozilla/5.0 (iPhone) Safari' });
    for (const s of sessions) expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'id', 'lastSeenAt', 'userAgent']);

    // Seen from the other device, that one is current.
    const fromPhone = await h.app.inject({ method: 'GET', url: '/api/auth/devices', headers: { cookie: cookieFrom(other) } });
    expect(fromPhone.json().find((s: { current: boolean }) => s.current).userAgent).toBe('Mozilla/5.0 (iPhone) Safari');
  });

  it('answers 401 without a session, and lists only the asker’s own devices', async () => {
    const alice = await registerGolfer(h.app);
    const bob = await registerGolfer(h.app);
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/devices' })).statusCode).toBe(401);
    const bobs = (await h.app.inject({ method: 'GET', url: '/api/auth/devices', headers: { cookie: bob.cookie } })).json();
    const alices = (await h.app.inject({ method: 'GET', url: '/api/auth/devices', headers: { cookie: alice.cookie } })).json();
    const ids = new Set(bobs.map((s: { id: number }) => s.id));
    expect(alices.some((s: { id: number }) => ids.has(s.id))).toBe(false);
  });
});

describe('DELETE /api/auth/devices/{sessionId}', () => {
  it('signs one of your other devices out, and only your own', async () => {
    const { cookie, email, password } = await registerGolfer(h.app);
    const phone = cookieFrom(await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }));
    const list = (await h.app.inject({ method: 'GET', url: '/api/auth/devices', headers: { cookie } })).json();
    const phoneSession = list.find((s: { current: boolean }) => !s.current);

    const intruder = await registerGolfer(h.app);
    const foreign = await h.app.inject({ method: 'DELETE', url: `/api/auth/devices/${phoneSession.id}`, headers: { cookie: intruder.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/auth/devices/${phoneSession.id}` })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: phone } })).statusCode).toBe(200);

    const res = await h.app.inject({ method: 'DELETE', url: `/api/auth/devices/${phoneSession.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: phone } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
  });
});
