import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS } from '@swingfit/contracts';
import { createRedis } from '@swingfit/server-kit';
import { buildApp } from '../src/app.js';
import { UNAVAILABLE } from '../src/http/rate-limit.js';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';
import { file, makeVideos, multipart, signUp, type Videos } from './analyses-helpers.js';

/*
 * Rate limits that slow attackers without being usable against a golfer (issue 17): failed sign-ins
 * count per address, per account and per address+account, with growing delays; successes never
 * count; the account's own delay stays short, so nobody can lock a golfer out; registrations and
 * uploads are limited per address (and per golfer).
 */

const LIMITS = {
  RATE_LIMIT_LOGIN_IP_FAILURES: 6,
  RATE_LIMIT_LOGIN_ACCOUNT_IP_FAILURES: 3,
  RATE_LIMIT_LOGIN_ACCOUNT_FAILURES: 4,
  // Waits start at 3 s (not 1 s) so the follow-up attempts below come within them even on a busy machine.
  RATE_LIMIT_BACKOFF_BASE_SECONDS: 3,
  RATE_LIMIT_LOGIN_DELAY_CAP_SECONDS: 6,
  RATE_LIMIT_REGISTER_IP: 3,
  RATE_LIMIT_UPLOAD_USER: 2,
  RATE_LIMIT_UPLOAD_IP: 3,
  RATE_LIMIT_ADMIN_LOGIN_IP_FAILURES: 3,
};

let h: Harness;
let v: Videos;
beforeAll(async () => {
  h = await startGateway(LIMITS);
  v = makeVideos();
});
afterAll(async () => {
  await h?.close();
  v?.close();
});

let addresses = 0;
/** A fresh documentation-range address per call (RFC 5737), so tests never share counters by accident. */
const newAddress = () => {
  addresses += 1;
  return `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const login = (email: string, password: string, ip: string) =>
  h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': ip } });
const register = (email: string, ip: string) =>
  h.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'correct-horse-9', firstName: 'New', lastName: 'Golfer' }, headers: { 'x-forwarded-for': ip } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json(): { message: string } }, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(res.json().message).toMatch(/^Too many .+ Please try again in \d+ (second|minute)s?\.$/);
  return retryAfter;
}

describe('sign-in limits cannot lock a golfer out', () => {
  it('ten wrong passwords from ten addresses leave the owner at most a short wait, then the right password works', async () => {
    const { email, password } = await registerGolfer(h.app);
    for (let i = 0; i < 10; i++) {
      const res = await login(email, `wrong-guess-${i}`, newAddress());
      expect([401, 429]).toContain(res.statusCode);
      if (res.statusCode === 429) expectTooMany(res, LIMITS.RATE_LIMIT_LOGIN_DELAY_CAP_SECONDS);
    }
    const home = newAddress();
    let res = await login(email, password, home);
    if (res.statusCode === 429) {
      const wait = expectTooMany(res, LIMITS.RATE_LIMIT_LOGIN_DELAY_CAP_SECONDS);
      await sleep(wait * 1000);
      res = await login(email, password, home);
    }
    expect(res.statusCode, res.body).toBe(200);
  });

  it('an office behind one address: a dozen colleagues sign in, with a typo or two, and none is refused', async () => {
    const office = newAddress();
    for (let i = 0; i < 12; i++) {
      const { email, password } = await registerGolfer(h.app);
      if (i % 5 === 0) expect((await login(email, 'a-typo-or-two', office)).statusCode).toBe(401);
      expect((await login(email, password, office)).statusCode).toBe(200);
    }
  });

  it('successful sign-ins do not count, and clear the owner’s own typos from the account’s counters', async () => {
    const { email, password } = await registerGolfer(h.app);
    const ip = newAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LIMITS.RATE_LIMIT_LOGIN_ACCOUNT_IP_FAILURES - 1; i++) expect((await login(email, 'typo-password', ip)).statusCode).toBe(401);
      expect((await login(email, password, ip)).statusCode).toBe(200);
    }
  });

  it('guesses from one address against one account are cut off there, while the owner elsewhere signs in', async () => {
    const { email, password } = await registerGolfer(h.app);
    const attacker = newAddress();
    for (let i = 0; i < LIMITS.RATE_LIMIT_LOGIN_ACCOUNT_IP_FAILURES; i++) expect((await login(email, `guess-${i}`, attacker)).statusCode).toBe(401);
    expectTooMany(await login(email, 'guess-next', attacker), 15 * 60);
    // The right password from the attacker's address is refused too: the address has to wait.
    expect((await login(email, password, attacker)).statusCode).toBe(429);
    expect((await login(email, password, newAddress())).statusCode).toBe(200);
  });

  it('one address spraying many accounts is slowed down with growing waits', async () => {
    const ip = newAddress();
    for (let i = 0; i < LIMITS.RATE_LIMIT_LOGIN_IP_FAILURES; i++) expect((await login(`spray${i}-${ip}@example.com`, 'whatever1', ip)).statusCode).toBe(401);
    const first = expectTooMany(await login(`spray-next-${ip}@example.com`, 'whatever1', ip), 15 * 60);
    expect(first).toBeLessThanOrEqual(LIMITS.RATE_LIMIT_BACKOFF_BASE_SECONDS);
    await sleep(first * 1000);
    expect((await login(`spray-after-${ip}@example.com`, 'whatever1', ip)).statusCode).toBe(401);
    const second = expectTooMany(await login(`spray-again-${ip}@example.com`, 'whatever1', ip), 15 * 60);
    expect(second).toBeGreaterThan(first);
    expect((await login(`spray-next-${ip}@example.com`, 'whatever1', newAddress())).statusCode).toBe(401);
  });

  it('answers an unknown email exactly like a known one, limits included', async () => {
    const { email } = await registerGolfer(h.app);
    const ghost = `ghost-${Date.now()}@example.com`;
    const answers = async (target: string) => {
      const ip = newAddress();
      const out: Array<[number, string]> = [];
      for (let i = 0; i <= LIMITS.RATE_LIMIT_LOGIN_ACCOUNT_IP_FAILURES; i++) {
        const res = await login(target, 'wrong-password', ip);
        out.push([res.statusCode, res.json().message.replace(/\d+/g, 'N')]);
      }
      return out;
    };
    const known = await answers(email);
    expect(known[0]).toEqual([401, INVALID_CREDENTIALS]);
    expect(await answers(ghost)).toEqual(known);
  });

  it('shares the counters between gateway replicas through Redis, without emails in the keys', async () => {
    const replica = await buildApp(h.deps);
    try {
      const { email } = await registerGolfer(h.app);
      const ip = newAddress();
      for (let i = 0; i < LIMITS.RATE_LIMIT_LOGIN_ACCOUNT_IP_FAILURES; i++) {
        const app = i % 2 === 0 ? h.app : replica;
        const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-pass' }, headers: { 'x-forwarded-for': ip } });
        expect(res.statusCode).toBe(401);
      }
      const res = await replica.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-pass' }, headers: { 'x-forwarded-for': ip } });
      expect(res.statusCode).toBe(429);
      const keys = await h.deps.redis.keys(`${h.deps.config.QUEUE_PREFIX}:rate:*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(key).not.toContain('@');
    } finally {
      await replica.close();
    }
  });

  it('without Redis the limited routes stay shut and say so (503), never unlimited and never a 500', async () => {
    const dead = createRedis('redis://127.0.0.1:1', 'producer');
    dead.on('error', () => undefined);
    const cut = await buildApp({ ...h.deps, redis: dead });
    try {
      const { email, password } = await registerGolfer(h.app);
      const res = await cut.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': newAddress() } });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(UNAVAILABLE);
    } finally {
      await cut.close();
      dead.disconnect();
    }
  });

  it('password changes share the account’s counters: a stolen session cannot guess faster', async () => {
    const g = await registerGolfer(h.app);
    const change = (current: string) =>
      h.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { cookie: g.cookie, 'x-forwarded-for': newAddress() }, payload: { currentPassword: current, newPassword: 'brand-new-password' } });
    const answers: number[] = [];
    for (let i = 0; i < LIMITS.RATE_LIMIT_LOGIN_ACCOUNT_FAILURES + 1; i++) answers.push((await change(`wrong-${i}`)).statusCode);
    expect(answers.slice(0, LIMITS.RATE_LIMIT_LOGIN_ACCOUNT_FAILURES).every((s) => s === 400)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});

describe('the admin password', () => {
  const adminLogin = (password: string, ip: string) => h.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, headers: { 'x-forwarded-for': ip } });

  it('limits guesses per address with the same mechanism, and successes never count', async () => {
    const ip = newAddress();
    for (let i = 0; i < 12; i++) expect((await adminLogin(h.deps.config.ADMIN_PASSWORD, ip)).statusCode).toBe(200);
    const guesser = newAddress();
    for (let i = 0; i < LIMITS.RATE_LIMIT_ADMIN_LOGIN_IP_FAILURES; i++) expect((await adminLogin(`guess-${i}`, guesser)).statusCode).toBe(401);
    const blocked = await adminLogin(h.deps.config.ADMIN_PASSWORD, guesser);
    expectTooMany(blocked, 15 * 60);
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts/);
    expect((await adminLogin(h.deps.config.ADMIN_PASSWORD, newAddress())).statusCode).toBe(200);
  });
});

describe('registration', () => {
  it('is limited per address, and a taken email counts as an attempt (no fast probing of who has an account)', async () => {
    const ip = newAddress();
    const { email: taken } = await registerGolfer(h.app);
    expect((await register(`first-${ip}@example.com`, ip)).statusCode).toBe(201);
    expect((await register(taken, ip)).statusCode).toBe(409);
    expect((await register(`third-${ip}@example.com`, ip)).statusCode).toBe(201);
    const refused = await register(`fourth-${ip}@example.com`, ip);
    expectTooMany(refused, 60 * 60);
    expect(refused.json().message).toMatch(/^Too many new accounts/);
    expectTooMany(await register(taken, ip), 60 * 60);
    expect((await register(`elsewhere-${ip}@example.com`, newAddress())).statusCode).toBe(201);
  });
});

describe('changing one’s email', () => {
  it('is limited per golfer like sign-ups (it must say when an email is taken), other profile edits are not', async () => {
    const g = await registerGolfer(h.app);
    const { email: taken } = await registerGolfer(h.app);
    const patch = (payload: object) => h.app.inject({ method: 'PATCH', url: `/api/users/${g.user.id}`, headers: { cookie: g.cookie, 'x-forwarded-for': newAddress() }, payload });
    expect((await patch({ email: taken })).statusCode).toBe(409);
    expect((await patch({ email: `new-${Date.now()}@example.com` })).statusCode).toBe(200);
    expect((await patch({ email: taken })).statusCode).toBe(409);
    const refused = await patch({ email: taken });
    expectTooMany(refused, 60 * 60);
    expect(refused.json().message).toMatch(/^Too many email changes/);
    for (let i = 0; i < 5; i++) expect((await patch({ city: `Austin ${i}` })).statusCode).toBe(200);
  });
});

describe('uploads', () => {
  const send = (cookie: string, ip: string) => {
    const body = multipart([file('faceOnVideo', v.text)]);
    return h.app.inject({ method: 'POST', url: '/api/swing-analyses', payload: body.payload, headers: { ...body.headers, cookie, 'x-forwarded-for': ip } });
  };

  it('are limited per golfer, whatever the address', async () => {
    const g = await signUp(h, true);
    for (let i = 0; i < LIMITS.RATE_LIMIT_UPLOAD_USER; i++) expect((await send(g.cookie, newAddress())).statusCode).not.toBe(429);
    const refused = await send(g.cookie, newAddress());
    expectTooMany(refused, 60 * 60);
    expect(refused.json().message).toMatch(/^Too many uploads/);
  });

  it('are limited per address, whoever signs in', async () => {
    const ip = newAddress();
    for (let i = 0; i < LIMITS.RATE_LIMIT_UPLOAD_IP; i++) expect((await send((await signUp(h, true)).cookie, ip)).statusCode).not.toBe(429);
    expectTooMany(await send((await signUp(h, true)).cookie, ip), 60 * 60);
  });
});
