import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, INVALID_CREDENTIALS, PASSWORD_MIN_LENGTH } from '@swingfit/contracts';
import { buildApp } from '../src/app.js';
import { cookieFrom, startGateway, type Harness } from './harness.js';
import { registerGolfer, setCookies } from './auth-fixtures.js';

// Sign-in limits have their own file (rate-limits.test.ts).
let h: Harness;

beforeAll(async () => {
  h = await startGateway();
});
afterAll(async () => {
  await h?.close();
});

const login = (email: string, password: string, ip = '203.0.113.1') =>
  h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': ip } });
const currentUser = (cookie: string) => h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

describe('registration', () => {
  it('creates the account, signs in and returns the user in camelCase', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'Rory@Example.com', password: 'fairway-finder', firstName: 'Rory', lastName: 'McIlroy' },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ email: 'rory@example.com', firstName: 'Rory', lastName: 'McIlroy', isPremium: false, videoUploadsUsed: 0, authProvider: 'local' });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('password_hash');

    const me = await currentUser(cookieFrom(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: 'rory@example.com' });
  });

  it('sets an httpOnly SameSite=Lax cookie and stores only the token hash', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'cookie@example.com', password: 'fairway-finder', firstName: 'C', lastName: 'K' },
    });
    const [sessionCookie] = setCookies(res).filter((c) => c.startsWith('sf_session='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/; HttpOnly/i);
    expect(sessionCookie).toMatch(/; SameSite=Lax/i);
    expect(sessionCookie).toMatch(/; Path=\//);
    expect(sessionCookie).not.toMatch(/; Secure/i); // PUBLIC_URL is http here; see the https case below
    const token = decodeURIComponent(sessionCookie!.split(';')[0]!.slice('sf_session='.length));

    const rows = await h.deps.db.selectFrom('sessions').selectAll().where('user_id', '=', res.json().id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(Object.values(rows[0]!).map(String)).not.toContain(token);
    const stored = await h.deps.db.selectFrom('users').select('password_hash').where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('fairway-finder');
  });

  it('writes user.registered to the core outbox with the account', async () => {
    const { user } = await registerGolfer(h.app, { email: 'outbox@example.com' });
    const events = await h.deps.db.selectFrom('outbox').selectAll().where('type', '=', 'user.registered').where('user_id', '=', user.id).execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ email: 'outbox@example.com' });
  });

  it('refuses a taken email, whatever its case, with 409 and creates nothing', async () => {
    await registerGolfer(h.app, { email: 'taken@example.com' });
    const before = await h.deps.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'TAKEN@example.com', password: 'another-password', firstName: 'A', lastName: 'B' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EMAIL_TAKEN);
    const after = await h.deps.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a short password with 400 naming the field', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'short@example.com', password: 'x'.repeat(PASSWORD_MIN_LENGTH - 1), firstName: 'S', lastName: 'P' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'password' })]);
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const secure = await buildApp({ ...h.deps, config: { ...h.deps.config, PUBLIC_URL: 'https://swingfit.example' } });
    try {
      const res = await secure.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'secure@example.com', password: 'fairway-finder', firstName: 'S', lastName: 'C' },
      });
      expect(res.statusCode).toBe(201);
      expect(setCookies(res).find((c) => c.startsWith('sf_session='))).toMatch(/; Secure/i);
    } finally {
      await secure.close();
    }
  });
});

describe('sign-in', () => {
  it('signs in with the right password and says the same thing for a wrong password or an unknown email', async () => {
    const { email, password } = await registerGolfer(h.app);
    const ok = await login(email.toUpperCase(), password, '198.51.100.1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(email);
    expect((await currentUser(cookieFrom(ok))).statusCode).toBe(200);

    const wrong = await login(email, 'not-the-password', '198.51.100.2');
    const unknown = await login('nobody@example.com', password, '198.51.100.3');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: INVALID_CREDENTIALS });
    expect(unknown.json()).toEqual(wrong.json());
    expect(setCookies(wrong)).toEqual([]);
  });

  it('answers 401 to /api/auth/user without a session or with a made-up token', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await currentUser('sf_session=made-up-token')).statusCode).toBe(401);
  });
});

describe('sign-out', () => {
  it('deletes the session: the old cookie no longer works', async () => {
    const { cookie, user } = await registerGolfer(h.app);
    expect((await currentUser(cookie)).statusCode).toBe(200);
    const res = await h.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(setCookies(res).find((c) => c.startsWith('sf_session='))).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect((await currentUser(cookie)).statusCode).toBe(401);
    const rows = await h.deps.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(0);
  });
});

describe('change password', () => {
  const change = (cookie: string, currentPassword: string, newPassword: string) =>
    h.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { cookie }, payload: { currentPassword, newPassword } });

  it('needs the current password, keeps this session and ends the others', async () => {
    const { email, password, cookie: phone } = await registerGolfer(h.app);
    const laptop = cookieFrom(await login(email, password, '10.1.0.1'));
    const tablet = cookieFrom(await login(email, password, '10.1.0.2'));

    const refused = await change(phone, 'not-my-password', 'brand-new-password');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Current password is incorrect');
    expect((await currentUser(laptop)).statusCode).toBe(200);

    const short = await change(phone, password, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([expect.objectContaining({ field: 'newPassword' })]);

    const res = await change(phone, password, 'brand-new-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ endedSessions: 2 });
    expect((await currentUser(phone)).statusCode).toBe(200);
    expect((await currentUser(laptop)).statusCode).toBe(401);
    expect((await currentUser(tablet)).statusCode).toBe(401);

    expect((await login(email, password, '10.1.0.3')).statusCode).toBe(401);
    expect((await login(email, 'brand-new-password', '10.1.0.4')).statusCode).toBe(200);
  });

  it('is for signed-in users only', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'a', newPassword: 'long-enough-1' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('cross-origin protection', () => {
  it('refuses a state-changing request from another site and lets the app itself through', async () => {
    const body = { email: 'csrf@example.com', password: 'fairway-finder', firstName: 'C', lastName: 'S' };
    const evil = await h.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, headers: { origin: 'https://evil.example' } });
    expect(evil.statusCode).toBe(403);
    const crossSite = await h.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    const opaque = await h.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, headers: { origin: 'null' } });
    expect(opaque.statusCode).toBe(403);
    expect(await h.deps.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();

    const own = await h.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, headers: { origin: h.deps.config.PUBLIC_URL, 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(201);
  });

  it('refuses a cross-site sign-out too (a forced logout is still a forged request)', async () => {
    const { cookie } = await registerGolfer(h.app);
    const res = await h.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect((await currentUser(cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/login without an OIDC provider', () => {
  it('sends the browser to the sign-in screen', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sign-in');
  });
});
