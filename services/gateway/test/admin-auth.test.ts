import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY, ADMIN_SESSION_REQUIRED, INVALID_ADMIN_PASSWORD } from '@swingfit/contracts';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer, setCookies } from './auth-fixtures.js';
import { ADMIN_PASSWORD, adminLogin, auditLines, nextIp, signInAdmin } from './admin-fixtures.js';

const LIMIT = 5;
const SESSION_MINUTES = 30;
let h: Harness;
beforeAll(async () => {
  h = await startGateway({ RATE_LIMIT_ADMIN_LOGIN_IP_FAILURES: LIMIT, ADMIN_SESSION_MINUTES: SESSION_MINUTES });
});
afterAll(async () => {
  await h?.close();
});

describe('admin sign-in', () => {
  it('refuses a wrong password with the catalogue message, no cookie, and a failed sign-in in the audit log', async () => {
    const ip = nextIp();
    const res = await adminLogin(h, 'guess', ip);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: INVALID_ADMIN_PASSWORD });
    expect(setCookies(res)).toEqual([]);
    const failed = (await auditLines(h, 'sign-in-failed')).filter((l) => l.ip === ip);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ admin_session_id: null, target_user_id: null, user_agent: 'admin-test', detail: {} });
    expect(JSON.stringify(failed[0])).not.toContain('guess'); // the typed password is never logged
  });

  it('opens a short admin session (no user account, httpOnly cookie on the admin API only) and logs the sign-in', async () => {
    const ip = nextIp();
    const res = await adminLogin(h, ADMIN_PASSWORD, ip);
    expect(res.statusCode).toBe(200);
    const cookie = setCookies(res).find((c) => c.startsWith('sf_admin='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain('Path=/api/admin');
    expect(cookie).toContain(`Max-Age=${SESSION_MINUTES * 60}`);
    const token = cookie.split(';')[0]!;
    const session = await h.deps.db.selectFrom('sessions').selectAll().where('kind', '=', 'admin').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(session.user_id).toBeNull();
    const lifetime = new Date(session.expires_at).getTime() - new Date(session.created_at).getTime();
    expect(Math.abs(lifetime - SESSION_MINUTES * 60_000)).toBeLessThan(5_000);
    const [line] = (await auditLines(h, 'sign-in')).filter((l) => l.ip === ip);
    expect(Number(line!.admin_session_id)).toBe(Number(session.id));
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: token } })).json()).toEqual({ admin: true });
  });

  it('keeps no copy of the password: the app holds a salted scrypt hash', () => {
    expect(h.deps.adminPasswordHash).toMatch(/^scrypt\$/);
    expect(h.deps.adminPasswordHash).not.toContain(ADMIN_PASSWORD);
  });

  it('slows brute force: past the limit per IP even the right password is refused, with Retry-After, and nothing is checked', async () => {
    const ip = nextIp();
    for (let i = 0; i < LIMIT; i++) expect((await adminLogin(h, `guess-${i}`, ip)).statusCode).toBe(401);
    const blocked = await adminLogin(h, ADMIN_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(setCookies(blocked)).toEqual([]);
    // The blocked attempts never reached the password check: the log holds exactly the LIMIT failures.
    expect((await auditLines(h, 'sign-in-failed')).filter((l) => l.ip === ip)).toHaveLength(LIMIT);
    // Another address is not affected.
    expect((await adminLogin(h, ADMIN_PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('signs out: the admin cookie stops working and the sign-out is logged', async () => {
    const cookie = await signInAdmin(h);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(200);
    const out = await h.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(setCookies(out).find((c) => c.startsWith('sf_admin='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(401);
    expect((await auditLines(h, 'sign-out')).length).toBeGreaterThanOrEqual(1);
    // Signing out twice (or without a session) is harmless and logs nothing more.
    const before = (await auditLines(h, 'sign-out')).length;
    expect((await h.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } })).statusCode).toBe(204);
    expect((await auditLines(h, 'sign-out')).length).toBe(before);
  });
});

/** Every route of the app as "METHOD /path", from Fastify's own route tree. */
function registeredRoutes(app: Harness['app']): Array<{ method: string; url: string }> {
  const stack: string[] = [];
  const routes: Array<{ method: string; url: string }> = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + m[2]!;
    stack[depth] = path;
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) routes.push({ method, url: path });
  }
  return routes;
}

describe('every admin route needs the admin session', () => {
  const fill = (url: string, userId: number) => url.replace(':userId', String(userId)).replace(':queue', 'analysis').replace(':jobId', 'job-1').replace(/:[A-Za-z]+/g, '1');

  it('answers 401 without a session, 403 to a golfer, 401 to an expired admin session or a golfer token in the admin cookie', async () => {
    // The spreadsheet download is the one admin route outside /api/admin/ (the specification's path).
    const isAdminRoute = (url: string) => (url.startsWith('/api/admin/') && !['/api/admin/login', '/api/admin/logout'].includes(url)) || url === '/api/download/excel';
    const routes = registeredRoutes(h.app).filter((r) => isAdminRoute(r.url));
    // The guard is tested on every admin route there is, including ones added later; these must be among them.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/users',
        'GET /api/admin/stats',
        'GET /api/admin/session',
        'GET /api/admin/audit',
        'GET /api/admin/system',
        'GET /api/admin/users/:userId/analyses',
        'POST /api/admin/users/:userId/reset-usage',
        'POST /api/admin/queues/:queue/jobs/:jobId/retry',
        'DELETE /api/admin/queues/:queue/jobs/:jobId',
        'POST /api/admin/analyses/:id/remeasure',
        'GET /api/admin/failed-events',
        'POST /api/admin/failed-events/:id/replay',
        'GET /api/admin/exercise-videos/summary',
        'POST /api/admin/exercise-videos/import',
        'GET /api/admin/billing/status',
        'GET /api/download/excel',
      ]),
    );

    const golfer = await registerGolfer(h.app);
    const golferToken = golfer.cookie.split('=')[1];
    const expired = await signInAdmin(h);
    await h.deps.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('kind', '=', 'admin').where('id', '=', (await latestAdminSessionId())!).execute();

    const callers: Array<[string, string | undefined, number, string]> = [
      ['no cookie', undefined, 401, ADMIN_SESSION_REQUIRED],
      ['a golfer session', golfer.cookie, 403, ADMIN_ONLY],
      ['an expired admin session', expired, 401, ADMIN_SESSION_REQUIRED],
      ['a golfer token in the admin cookie', `sf_admin=${golferToken}`, 401, ADMIN_SESSION_REQUIRED],
    ];
    for (const route of routes) {
      for (const [who, cookie, status, message] of callers) {
        // A body that would fail validation: the guard answers first (401/403, never 400).
        const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : { field: 'not-a-counter' };
        const res = await h.app.inject({ method: route.method as 'GET', url: fill(route.url, golfer.user.id), headers: cookie ? { cookie } : {}, payload });
        expect(res.statusCode, `${route.method} ${route.url} with ${who}`).toBe(status);
        expect(res.json()).toEqual({ message });
      }
    }
    // Nothing those callers sent changed anything.
    const user = await h.deps.db.selectFrom('users').select('video_uploads_used').where('id', '=', golfer.user.id).executeTakeFirstOrThrow();
    expect(user.video_uploads_used).toBe(0);
  });

  it('lets a golfer who is also signed in as admin through (the admin session decides)', async () => {
    const golfer = await registerGolfer(h.app);
    const admin = await signInAdmin(h);
    const res = await h.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: `${golfer.cookie}; ${admin}` } });
    expect(res.statusCode).toBe(200);
  });
});

async function latestAdminSessionId() {
  const row = await h.deps.db.selectFrom('sessions').select('id').where('kind', '=', 'admin').orderBy('id', 'desc').executeTakeFirst();
  return row?.id;
}
