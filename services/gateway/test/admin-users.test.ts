import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLIMITED, USAGE_FIELDS, centralWeek, type AdminUser, type AdminUserPage, type AuditPage } from '@swingfit/contracts';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';
import { analysisRow, auditLines, signInAdmin } from './admin-fixtures.js';
import { file, makeVideos, signUp, upload, type Videos } from './analyses-helpers.js';

let h: Harness;
let admin: string;
let videos: Videos;
beforeAll(async () => {
  h = await startGateway();
  admin = await signInAdmin(h);
  videos = makeVideos();
});
afterAll(async () => {
  videos?.close();
  await h?.close();
});

const ADMIN_IP = '203.0.113.9';
const headers = () => ({ cookie: admin, 'x-forwarded-for': ADMIN_IP });
const get = (url: string) => h.app.inject({ method: 'GET', url, headers: headers() });
const reset = (userId: number, payload: unknown) => h.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/reset-usage`, headers: headers(), payload: payload as object });

describe('GET /api/admin/users', () => {
  it('pages newest first with a keyset cursor: every golfer once, in order, and an end', async () => {
    const tag = `pager${Date.now()}`;
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push((await registerGolfer(h.app, { email: `${tag}-${i}@example.com` })).user.id);
    const seen: AdminUser[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/admin/users?search=${tag}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as AdminUserPage;
      seen.push(...page.users);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((u) => u.id)).toEqual([...made].reverse());
  });

  it('finds a golfer by any part of the email, whatever the case, and takes % and _ literally', async () => {
    const { user } = await registerGolfer(h.app, { email: `Lydia.Ko_${Date.now()}@Example.com` });
    const byPart = (await get(`/api/admin/users?search=${encodeURIComponent('DIA.KO_')}`)).json() as AdminUserPage;
    expect(byPart.users.map((u) => u.id)).toEqual([user.id]);
    expect(byPart.nextCursor).toBeNull();
    // '%' and '_' are not wildcards: "a_b" does not match "axb", "%" matches no address here.
    await registerGolfer(h.app, { email: `axb${Date.now()}@example.com` });
    expect(((await get('/api/admin/users?search=a_b')).json() as AdminUserPage).users).toEqual([]);
    expect(((await get(`/api/admin/users?search=${encodeURIComponent('%')}`)).json() as AdminUserPage).users).toEqual([]);
    // A blank search is no search.
    expect(((await get('/api/admin/users?search=%20%20&limit=1')).json() as AdminUserPage).users).toHaveLength(1);
  });

  it('shows plan, points, counters and limits per golfer', async () => {
    const free = await registerGolfer(h.app);
    const premium = await registerGolfer(h.app);
    await h.deps.db
      .updateTable('users')
      // Points as gamification's snapshot leaves them: the weekly figure counts this Central Time week.
      .set({ video_uploads_used: 1, analysis_views_used: 4, workout_views_used: 1, total_points: 120, weekly_points: 15, points_week: centralWeek(new Date()).date })
      .where('id', '=', free.user.id)
      .execute();
    await h.deps.db.updateTable('users').set({ is_premium: true, video_uploads_used: 3 }).where('id', '=', premium.user.id).execute();
    const [row] = ((await get(`/api/admin/users?search=${encodeURIComponent(free.email)}`)).json() as AdminUserPage).users;
    expect(row).toEqual({
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
    const [p] = ((await get(`/api/admin/users?search=${encodeURIComponent(premium.email)}`)).json() as AdminUserPage).users;
    expect(p).toMatchObject({ isPremium: true, videoUploadsUsed: 3, limits: { videoUploads: UNLIMITED, analysisViews: UNLIMITED, workoutViews: UNLIMITED } });
  });

  it.each([
    ['a cursor that is not an id', 'cursor=abc'],
    ['a cursor with SQL in it', `cursor=${encodeURIComponent('1 or 1=1')}`],
    ['a page that is too large', 'limit=1000'],
    ['an unknown parameter', 'page=2'],
    ['a search that is too long', `search=${'x'.repeat(101)}`],
  ])('answers 400 to %s', async (_label, query) => {
    const res = await get(`/api/admin/users?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid querystring/);
  });

  it('counts total, premium and free golfers', async () => {
    const counts = await h.deps.db
      .selectFrom('users')
      .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere('is_premium', '=', true).as('premium')])
      .executeTakeFirstOrThrow();
    const stats = (await get('/api/admin/stats')).json();
    expect(stats).toEqual({ total: Number(counts.total), premium: Number(counts.premium), free: Number(counts.total) - Number(counts.premium) });
    expect(stats.premium).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /api/admin/users/{userId}/reset-usage', () => {
  it('resets one counter, leaves the others, and writes who, what, for whom and from where to the audit log', async () => {
    const { user } = await registerGolfer(h.app);
    await h.deps.db.updateTable('users').set({ video_uploads_used: 1, analysis_views_used: 4, workout_views_used: 1 }).where('id', '=', user.id).execute();
    const res = await reset(user.id, { field: 'analysisViewsUsed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully reset analysisViewsUsed for user');
    expect(res.json().user).toMatchObject({ id: user.id, analysisViewsUsed: 0, videoUploadsUsed: 1, workoutViewsUsed: 1 });
    const row = await h.deps.db.selectFrom('users').select(['video_uploads_used', 'analysis_views_used', 'workout_views_used']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ video_uploads_used: 1, analysis_views_used: 0, workout_views_used: 1 });
    const [line] = (await auditLines(h, 'reset-usage')).filter((l) => Number(l.target_user_id) === user.id);
    expect(line).toMatchObject({ detail: { field: 'analysisViewsUsed', from: 4 }, ip: ADMIN_IP });
    expect(line!.admin_session_id).not.toBeNull();

    for (const field of ['videoUploadsUsed', 'workoutViewsUsed'] as const) expect((await reset(user.id, { field })).json().user[field]).toBe(0);
  });

  it.each([
    ['an unknown counter', { field: 'totalPoints' }],
    ['no field', {}],
    ['an extra property', { field: 'videoUploadsUsed', to: 5 }],
    ['a field of the wrong type', { field: 1 }],
  ])('answers 400 to %s and changes nothing', async (_label, payload) => {
    const { user } = await registerGolfer(h.app);
    await h.deps.db.updateTable('users').set({ video_uploads_used: 1 }).where('id', '=', user.id).execute();
    const res = await reset(user.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid body/);
    const row = await h.deps.db.selectFrom('users').select('video_uploads_used').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.video_uploads_used).toBe(1);
  });

  it('names the counters it resets when asked for another', async () => {
    const { user } = await registerGolfer(h.app);
    const res = await reset(user.id, { field: 'totalPoints' });
    expect(res.json()).toMatchObject({ message: `Invalid body: field must be one of: ${USAGE_FIELDS.join(', ')}`, errors: [{ field: 'field', message: `must be one of: ${USAGE_FIELDS.join(', ')}` }] });
  });

  it('answers 404 to an unknown golfer and logs nothing for it', async () => {
    const res = await reset(987654, { field: 'videoUploadsUsed' });
    expect(res.statusCode).toBe(404);
    expect((await auditLines(h, 'reset-usage')).filter((l) => Number(l.target_user_id) === 987654)).toEqual([]);
  });

  it('refuses a cross-site reset even with the admin cookie', async () => {
    const { user } = await registerGolfer(h.app);
    const res = await h.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/reset-usage`, headers: { cookie: admin, origin: 'https://evil.example' }, payload: { field: 'videoUploadsUsed' } });
    expect(res.statusCode).toBe(403);
  });

  it("gives a free golfer who used the upload a new one: the next upload is accepted", async () => {
    const g = await signUp(h);
    expect((await upload(h, g, [file('faceOnVideo', videos.mp4)])).statusCode).toBe(201);
    expect((await upload(h, g, [file('faceOnVideo', videos.mp4)])).statusCode).toBe(403);
    expect((await reset(g.id, { field: 'videoUploadsUsed' })).statusCode).toBe(200);
    const again = await upload(h, g, [file('faceOnVideo', videos.mp4)]);
    expect(again.statusCode, again.body).toBe(201);
    const used = await h.deps.db.selectFrom('users').select('video_uploads_used').where('id', '=', g.id).executeTakeFirstOrThrow();
    expect(used.video_uploads_used).toBe(1);
  });
});

describe("a golfer's recent analyses", () => {
  it('lists them newest first with status, and why a failed one failed', async () => {
    const { user } = await registerGolfer(h.app);
    await h.deps.db
      .insertInto('swing_analyses')
      .values([
        analysisRow(user.id, { status: 'complete', created_at: new Date('2026-01-05T10:00:00Z'), completed_at: new Date('2026-01-05T10:01:00Z') }),
        analysisRow(user.id, { status: 'failed', created_at: new Date('2026-01-06T10:00:00Z'), technical_details: JSON.stringify({ error: 'No golfer was found in the video', message: 'Film one full swing from the front.' }) }),
        analysisRow(user.id, { club_selection: '7-iron', status: 'pending', created_at: new Date('2026-01-07T10:00:00Z') }),
      ])
      .execute();
    const res = await get(`/api/admin/users/${user.id}/analyses`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.email).toBe(user.email);
    expect(body.analyses.map((a: { status: string }) => a.status)).toEqual(['pending', 'failed', 'complete']);
    expect(body.analyses[1]).toMatchObject({ failureReason: 'No golfer was found in the video', failureAdvice: 'Film one full swing from the front.', completedAt: null });
    expect(body.analyses[2]).toMatchObject({ failureReason: null, completedAt: '2026-01-05T10:01:00.000Z', clubSelection: 'driver' });
    expect(body.analyses[0]).toMatchObject({ clubSelection: '7-iron', failureReason: null });
  });

  it('answers 404 for an unknown golfer and 400 for an id that is not one', async () => {
    expect((await get('/api/admin/users/987654/analyses')).statusCode).toBe(404);
    expect((await get('/api/admin/users/abc/analyses')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/audit', () => {
  it('pages the log newest first and names the golfer of each reset', async () => {
    const { user } = await registerGolfer(h.app);
    for (const field of ['videoUploadsUsed', 'analysisViewsUsed', 'workoutViewsUsed'] as const) expect((await reset(user.id, { field })).statusCode).toBe(200);
    const first = (await get('/api/admin/audit?limit=2')).json() as AuditPage;
    expect(first.entries.map((e) => e.detail.field)).toEqual(['workoutViewsUsed', 'analysisViewsUsed']);
    expect(first.entries[0]).toMatchObject({ action: 'reset-usage', targetUserId: user.id, targetEmail: user.email, ip: ADMIN_IP });
    const second = (await get(`/api/admin/audit?limit=2&cursor=${first.nextCursor}`)).json() as AuditPage;
    expect(second.entries[0]).toMatchObject({ action: 'reset-usage', detail: { field: 'videoUploadsUsed' } });
    expect(second.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
    // Walking to the end finds this test's own sign-in, oldest of all.
    let cursor = second.nextCursor;
    let last = second.entries[second.entries.length - 1];
    while (cursor) {
      const page = (await get(`/api/admin/audit?limit=50&cursor=${cursor}`)).json() as AuditPage;
      last = page.entries[page.entries.length - 1] ?? last;
      cursor = page.nextCursor;
    }
    expect(last).toMatchObject({ action: 'sign-in', targetUserId: null, targetEmail: null });
  });
});
