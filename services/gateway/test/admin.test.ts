import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_ADMIN_PASSWORD, UNLIMITED } from '@swingfit/contracts';
import { cookieFrom, startGateway, type Harness } from './harness.js';
import { registerGolfer, setCookies } from './auth-fixtures.js';

const ADMIN_PASSWORD = 'test-admin-password'; // what startGateway() configures
let h: Harness;
beforeAll(async () => {
  h = await startGateway({ LOGIN_RATE_LIMIT: 5 });
});
afterAll(async () => {
  await h?.close();
});

const adminLogin = (password: string, ip = '198.18.0.1') =>
  h.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, headers: { 'x-forwarded-for': ip } });

async function signInAdmin() {
  const res = await adminLogin(ADMIN_PASSWORD);
  expect(res.statusCode).toBe(200);
  return cookieFrom(res);
}

describe('admin sign-in', () => {
  it('refuses a wrong password with the catalogue message and no cookie', async () => {
    const res = await adminLogin('guess', '198.18.1.1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: INVALID_ADMIN_PASSWORD });
    expect(setCookies(res)).toEqual([]);
  });

  it('opens an admin session (no user account) on the right password', async () => {
    const res = await adminLogin(ADMIN_PASSWORD, '198.18.1.2');
    expect(res.statusCode).toBe(200);
    const cookie = setCookies(res).find((c) => c.startsWith('sf_admin='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain('Path=/api/admin');
    const rows = await h.deps.db.selectFrom('sessions').selectAll().where('kind', '=', 'admin').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.user_id === null)).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: cookieFrom(res) } })).json()).toEqual({ admin: true });
  });

  it('limits password guesses per IP', async () => {
    const ip = '198.18.2.1';
    for (let i = 0; i < 5; i++) expect((await adminLogin(`guess-${i}`, ip)).statusCode).toBe(401);
    const blocked = await adminLogin(ADMIN_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
  });

  it('signs out: the admin cookie stops working', async () => {
    const cookie = await signInAdmin();
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('admin routes need the admin session', () => {
  it('answers 401 with no cookie, with a golfer’s session, and with a golfer’s token in the admin cookie', async () => {
    const golfer = await registerGolfer(h.app);
    const golferToken = golfer.cookie.split('=')[1];
    const requests = [
      { method: 'GET' as const, url: '/api/admin/users' },
      { method: 'GET' as const, url: '/api/admin/stats' },
      { method: 'GET' as const, url: '/api/admin/session' },
      { method: 'POST' as const, url: `/api/admin/users/${golfer.user.id}/reset-usage`, payload: { field: 'videoUploadsUsed' } },
    ];
    for (const request of requests) {
      for (const cookie of [undefined, golfer.cookie, `sf_admin=${golferToken}`]) {
        const res = await h.app.inject({ ...request, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${request.method} ${request.url} with ${cookie ?? 'no cookie'}`).toBe(401);
      }
    }
  });
});

describe('users, stats and usage resets', () => {
  it('lists users with plan, points, counters and limits, counts plans, and resets one counter', async () => {
    const admin = await signInAdmin();
    const free = await registerGolfer(h.app);
    const premium = await registerGolfer(h.app);
    await h.deps.db
      .updateTable('users')
      .set({ video_uploads_used: 1, analysis_views_used: 4, workout_views_used: 1, total_points: 120, weekly_points: 15 })
      .where('id', '=', free.user.id)
      .execute();
    await h.deps.db.updateTable('users').set({ is_premium: true, video_uploads_used: 3 }).where('id', '=', premium.user.id).execute();

    const list = await h.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Array<Record<string, unknown>>;
    expect(rows.find((u) => u.id === free.user.id)).toEqual({
      id: free.user.id,
      email: free.email,
      firstName: 'Tiger',
      lastName: 'Woods',
      isPremium: false,
      createdAt: free.user.createdAt,
      totalPoints: 120,
      weeklyPoints: 15,
      videoUploadsUsed: 1,
      analysisViewsUsed: 4,
      workoutViewsUsed: 1,
      limits: { videoUploads: 1, analysisViews: UNLIMITED, workoutViews: 1 },
    });
    expect(rows.find((u) => u.id === premium.user.id)).toMatchObject({
      isPremium: true,
      videoUploadsUsed: 3,
      limits: { videoUploads: UNLIMITED, analysisViews: UNLIMITED, workoutViews: UNLIMITED },
    });

    const counts = await h.deps.db
      .selectFrom('users')
      .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere('is_premium', '=', true).as('premium')])
      .executeTakeFirstOrThrow();
    const stats = await h.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin } });
    expect(stats.json()).toEqual({ total: Number(counts.total), premium: Number(counts.premium), free: Number(counts.total) - Number(counts.premium) });
    expect(stats.json().premium).toBeGreaterThanOrEqual(1);
    expect(rows).toHaveLength(Number(counts.total));

    const reset = await h.app.inject({
      method: 'POST',
      url: `/api/admin/users/${free.user.id}/reset-usage`,
      headers: { cookie: admin },
      payload: { field: 'analysisViewsUsed' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Successfully reset analysisViewsUsed for user');
    expect(reset.json().user).toMatchObject({ id: free.user.id, analysisViewsUsed: 0, videoUploadsUsed: 1, workoutViewsUsed: 1 });
    const row = await h.deps.db
      .selectFrom('users')
      .select(['video_uploads_used', 'analysis_views_used', 'workout_views_used'])
      .where('id', '=', free.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ video_uploads_used: 1, analysis_views_used: 0, workout_views_used: 1 });

    for (const field of ['videoUploadsUsed', 'workoutViewsUsed'] as const) {
      const res = await h.app.inject({ method: 'POST', url: `/api/admin/users/${free.user.id}/reset-usage`, headers: { cookie: admin }, payload: { field } });
      expect(res.json().user[field]).toBe(0);
    }
  });

  it('refuses an unknown counter with 400 and an unknown user with 404', async () => {
    const admin = await signInAdmin();
    const { user } = await registerGolfer(h.app);
    const bad = await h.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/reset-usage`, headers: { cookie: admin }, payload: { field: 'totalPoints' } });
    expect(bad.statusCode).toBe(400);
    const missing = await h.app.inject({ method: 'POST', url: `/api/admin/users/999999/reset-usage`, headers: { cookie: admin }, payload: { field: 'videoUploadsUsed' } });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a cross-site reset even with the admin cookie', async () => {
    const admin = await signInAdmin();
    const { user } = await registerGolfer(h.app);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/reset-usage`,
      headers: { cookie: admin, origin: 'https://evil.example' },
      payload: { field: 'videoUploadsUsed' },
    });
    expect(res.statusCode).toBe(403);
  });
});
