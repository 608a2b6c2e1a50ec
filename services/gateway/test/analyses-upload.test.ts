import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import { existsSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { eventually } from '@swingfit/server-kit/testing';
import { analysisJobId, uploadWeekStart } from '@swingfit/contracts';
import { startGateway, type Harness } from './harness.js';
import { analysisQueue, file, makeVideos, multipart, signUp, traces, upload, type Golfer, type Part, type Videos } from './analyses-helpers.js';

let h: Harness;
let v: Videos;
let queue: Queue;

beforeAll(async () => {
  h = await startGateway();
  v = makeVideos();
  queue = analysisQueue(h);
});
afterAll(async () => {
  await queue?.close();
  await h?.close();
  v?.close();
});

const field = (name: string, value: string): Part => ({ name, value });

describe('POST /api/swing-analyses', () => {
  it('stores the video, creates a pending row and records the event that the relay turns into the job', async () => {
    const g = await signUp(h);
    const res = await upload(h, g, [
      field('userId', String(g.id)),
      field('clubSelection', 'driver'),
      field('gender', 'female'),
      field('age', '42'),
      field('clubSpeed', '95.5'),
      field('ballSpeed', '140'),
      field('carry', '230'),
      field('total', '250'),
      file('faceOnVideo', v.mp4),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { id, status } = res.json();
    expect(status).toBe('pending');

    const row = await h.deps.db.selectFrom('swing_analyses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: g.id, status: 'pending', club_selection: 'driver', tour_comparison: 'lpga', gender: 'female', age: 42, club_speed: 95.5, ball_speed: 140, carry: 230, total: 250 });
    expect(row.face_on_key).toBe(`users/${g.id}/analyses/${id}/face-on/original`);
    const week = await sql<{ w: string }>`select upload_week::text as w from swing_analyses where id = ${id}`.execute(h.deps.db);
    expect(week.rows[0]!.w).toBe(uploadWeekStart(new Date()).date);
    expect((row.probe as { 'face-on': { videoCodec: string; width: number } })['face-on']).toMatchObject({ videoCodec: 'h264', width: 320 });

    expect(await h.deps.store.list(`users/${g.id}/`)).toEqual([row.face_on_key]);
    expect(await h.deps.store.size(row.face_on_key!)).toBeGreaterThan(1000);

    // The job leaves through the outbox with the upload's event: committed together, so never lost.
    const events = await h.deps.db.selectFrom('outbox').selectAll().where('type', '=', 'analysis.uploaded').execute();
    expect(events.map((e) => e.payload)).toContainEqual({ analysisId: id, club: 'driver' });
    expect(await queue.getJob(analysisJobId(id))).toBeUndefined();
    await h.deps.relay.flush();
    const job = await queue.getJob(analysisJobId(id));
    expect(job?.name).toBe('analysis');
    // With the upload's request id, so the analysis job's log lines and outcome event name the same request.
    expect(job?.data).toEqual({ analysisId: id, requestId: res.headers['x-request-id'] });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(job?.opts).toMatchObject({ attempts: 3, backoff: { type: 'exponential', delay: 5_000 } });
    const user = await h.deps.db.selectFrom('users').select('video_uploads_used').where('id', '=', g.id).executeTakeFirstOrThrow();
    expect(user.video_uploads_used).toBe(1);
  });

  it('refuses uploads without a session', async () => {
    const res = await upload(h, { id: 0, cookie: '' }, [file('faceOnVideo', v.mp4)]);
    expect(res.statusCode).toBe(401);
  });

  describe('bad inputs answer the specification message and leave nothing behind', () => {
    const cases: Array<[string, (g: Golfer) => Part[], number, { title: string; message: string | RegExp }]> = [
      ['an empty file', () => [file('faceOnVideo', v.empty)], 400, { title: 'Invalid Video File', message: 'Video file appears to be empty' }],
      ['a 101 MB file', () => [file('faceOnVideo', v.huge)], 413, { title: 'File Too Large', message: /^File size \(101\.\d MB\) exceeds 100MB limit$/ }],
      ['a text file renamed .mp4', () => [file('faceOnVideo', v.text)], 400, { title: 'Invalid Video File', message: /could not be read as a video/ }],
      ['an mp4 cut in half (no moov)', () => [file('faceOnVideo', v.truncated)], 400, { title: 'Invalid Video File', message: 'The face-on video could not be read as a video. The file may be damaged or incomplete; please upload the original recording.' }],
      ['a PDF', () => [file('faceOnVideo', v.mp4, 'plan.pdf', 'application/pdf')], 400, { title: 'Invalid File Type', message: 'Selected file is not a video' }],
      ['an unsupported format', () => [file('faceOnVideo', v.mp4, 'swing.ogv', 'video/ogg')], 400, { title: 'Video Format Not Supported', message: 'OGV format is not supported' }],
      ['no face-on video', () => [field('clubSelection', 'driver')], 400, { title: 'Face-On Video Required', message: 'Please upload a face-on view video to proceed.' }],
      ['an age out of range', () => [field('age', '9'), file('faceOnVideo', v.mp4)], 400, { title: 'Invalid Value', message: /Age must be between 10 and 100/ }],
      [
        'a club speed out of range',
        () => [field('clubSelection', 'driver'), field('gender', 'male'), field('clubSpeed', '151'), field('ballSpeed', '160'), file('faceOnVideo', v.mp4)],
        400,
        { title: 'Invalid Value', message: /Club speed must be between 0 mph and 150 mph/ },
      ],
      ['partial launch data', () => [file('faceOnVideo', v.mp4), field('clubSelection', 'driver'), field('carry', '250')], 400, { title: 'Incomplete Launch Monitor Data', message: /club speed, ball speed/ }],
      [
        'a zero speed',
        () => [field('clubSelection', '7-iron'), field('gender', 'male'), field('clubSpeed', '0'), field('ballSpeed', '110'), file('faceOnVideo', v.mp4)],
        400,
        { title: 'Invalid Speed Values', message: 'Club speed and ball speed must be positive numbers.' },
      ],
      ['a declared length shorter than the file', () => [field('faceOnVideoSize', '1000'), file('faceOnVideo', v.mp4)], 400, { title: 'Invalid Video File', message: /did not match the faceOnVideoSize/ }],
      ['a declared length longer than the file', () => [field('faceOnVideoSize', String(statSync(v.mp4).size + 10)), file('faceOnVideo', v.mp4)], 400, { title: 'Invalid Video File', message: /did not match/ }],
      ['a declared length over 100 MB', () => [field('faceOnVideoSize', String(150 * 1024 * 1024)), file('faceOnVideo', v.mp4)], 413, { title: 'File Too Large', message: 'File size (150.0 MB) exceeds 100MB limit' }],
      ['someone else\'s user id', (g) => [field('userId', String(g.id + 1000)), file('faceOnVideo', v.mp4)], 403, { title: '', message: 'Forbidden' }],
      ['a down-the-line video from a free golfer', () => [file('faceOnVideo', v.mp4), file('downTheLineVideo', v.mp4)], 403, { title: 'Premium Feature', message: /Down-the-line analysis is a Premium feature/ }],
    ];
    it.each(cases)('%s', async (_label, parts, status, expected) => {
      const g = await signUp(h);
      const jobsBefore = (await traces(h, g, queue)).jobs;
      const res = await upload(h, g, parts(g));
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json();
      if (expected.title) expect(body.title).toBe(expected.title);
      if (typeof expected.message === 'string') expect(body.message).toBe(expected.message);
      else expect(body.message).toMatch(expected.message);
      expect(await traces(h, g, queue)).toEqual({ objects: 0, rows: 0, used: 0, jobs: jobsBefore });
    });
  });

  it('refuses a free golfer\'s second upload with requiresUpgrade', async () => {
    const g = await signUp(h);
    expect((await upload(h, g, [file('faceOnVideo', v.mp4)])).statusCode).toBe(201);
    const second = await upload(h, g, [file('faceOnVideo', v.mp4)]);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ requiresUpgrade: true, message: "You've used your free video upload. Upgrade to premium for weekly uploads." });
    expect(await traces(h, g, queue)).toMatchObject({ objects: 1, rows: 1, used: 1 });
  });

  it('lets exactly one of two racing uploads take the last allowance', async () => {
    const g = await signUp(h);
    // Hold the golfer's row so both uploads reach the final check together, then let them go.
    let release!: () => void;
    let held!: () => void;
    const releasing = new Promise<void>((r) => (release = r));
    const holding = new Promise<void>((r) => (held = r));
    const holder = h.deps.db.transaction().execute(async (trx) => {
      await sql`select id from users where id = ${g.id} for update`.execute(trx);
      held();
      await releasing;
    });
    await holding;
    const racing = Promise.all([upload(h, g, [file('faceOnVideo', v.mp4)]), upload(h, g, [file('faceOnVideo', v.mp4)])]);
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(h.deps.db);
      return rows[0]!.n >= 2;
    }, 20_000);
    release();
    await holder;
    const results = await racing;

    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    const loser = results.find((r) => r.statusCode === 403)!;
    expect(loser.json().requiresUpgrade).toBe(true);
    expect(await traces(h, g, queue)).toMatchObject({ objects: 1, rows: 1, used: 1 });
    const winner = results.find((r) => r.statusCode === 201)!.json().id;
    expect(await h.deps.store.list(`users/${g.id}/`)).toEqual([`users/${g.id}/analyses/${winner}/face-on/original`]);
  });

  it('gives premium golfers one driver and one 7-iron upload per week, with down-the-line', async () => {
    const g = await signUp(h, true);
    const driver = await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', v.mp4), file('downTheLineVideo', v.mp4, 'dtl.mov', 'video/quicktime')]);
    expect(driver.statusCode, driver.body).toBe(201);
    const id = driver.json().id;
    expect((await h.deps.store.list(`users/${g.id}/analyses/${id}/`)).sort()).toEqual([
      `users/${g.id}/analyses/${id}/down-the-line/original`,
      `users/${g.id}/analyses/${id}/face-on/original`,
    ]);

    const again = await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', v.mp4)]);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ requiresUpgrade: true, title: 'Weekly Upload Limit Reached' });
    expect(again.json().message).toMatch(/^Weekly Upload Limit Reached: .*Driver.*Sunday/);

    const iron = await upload(h, g, [field('clubSelection', '7-iron'), file('faceOnVideo', v.mp4)]);
    expect(iron.statusCode, iron.body).toBe(201);

    const status = await h.app.inject({ method: 'GET', url: `/api/upload-status/${g.id}`, headers: { cookie: g.cookie } });
    expect(status.json()).toMatchObject({
      isPremium: true,
      isFreeLimitReached: false,
      canUploadDriver: false,
      canUploadSevenIron: false,
      weeklyDriverUploaded: true,
      weeklySevenIronUploaded: true,
      videoUploadsUsed: 2,
      videoUploadsLimit: 999,
      weekResetsAt: uploadWeekStart(new Date()).end.toISOString(),
    });

    // Deleting this week's driver analysis does not hand the allowance back.
    const del = await h.app.inject({ method: 'DELETE', url: `/api/swing-analyses/${id}`, headers: { cookie: g.cookie } });
    expect(del.statusCode).toBe(204);
    expect((await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', v.mp4)])).statusCode).toBe(403);

    // Last week's uploads do not count against this week.
    await h.deps.db.updateTable('upload_allowances').set({ upload_week: '2020-01-05' }).where('user_id', '=', g.id).execute();
    expect((await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', v.mp4)])).statusCode).toBe(201);
  });
});

describe('the premium week turns at Sunday 00:00 Central Time (section 9)', () => {
  // Sunday 1 November 2026: daylight saving ends at 02:00 that night, so midnight is still CDT (UTC-5).
  const SATURDAY_LAST_SECOND = '2026-11-01T04:59:59.000Z';
  const SUNDAY_MIDNIGHT = '2026-11-01T05:00:00.000Z';
  const at = (iso: string | undefined) => (h.deps.now = iso ? () => new Date(iso) : undefined);
  const status = async (g: Golfer) => (await h.app.inject({ method: 'GET', url: `/api/upload-status/${g.id}`, headers: { cookie: g.cookie } })).json();
  afterAll(() => at(undefined));

  it('spends Saturday 23:59:59’s driver in the old week and opens the driver again at midnight, not a second earlier', async () => {
    const g = await signUp(h, true);
    at(SATURDAY_LAST_SECOND);
    expect((await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', v.mp4)])).statusCode).toBe(201);
    expect(await status(g)).toMatchObject({ canUploadDriver: false, canUploadSevenIron: true, weekResetsAt: SUNDAY_MIDNIGHT });
    const refused = await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', v.mp4)]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Your next Driver upload opens Sunday, November 1 at midnight Central Time\.$/);

    at(SUNDAY_MIDNIGHT);
    expect(await status(g)).toMatchObject({ canUploadDriver: true, canUploadSevenIron: true, weeklyDriverUploaded: false, weekResetsAt: '2026-11-08T06:00:00.000Z' });
    const next = await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', v.mp4)]);
    expect(next.statusCode, next.body).toBe(201);
    const weeks = await h.deps.db.selectFrom('swing_analyses').select(sql<string>`upload_week::text`.as('week')).where('user_id', '=', g.id).orderBy('id').execute();
    expect(weeks.map((w) => w.week)).toEqual(['2026-10-25', '2026-11-01']);
    expect((await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', v.mp4)])).statusCode).toBe(403);
  });
});

describe('a free golfer who upgrades', () => {
  it('still has this week’s driver and 7-iron after paying: the free upload was not a weekly one', async () => {
    const g = await signUp(h);
    expect((await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', v.mp4)])).statusCode).toBe(201);
    await h.deps.db.updateTable('users').set({ is_premium: true }).where('id', '=', g.id).execute();
    const status = await h.app.inject({ method: 'GET', url: `/api/upload-status/${g.id}`, headers: { cookie: g.cookie } });
    expect(status.json()).toMatchObject({ isPremium: true, canUploadDriver: true, canUploadSevenIron: true, videoUploadsUsed: 1 });
    expect((await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', v.mp4)])).statusCode).toBe(201);
    expect((await upload(h, g, [field('clubSelection', '7-iron'), file('faceOnVideo', v.mp4)])).statusCode).toBe(201);
    expect((await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', v.mp4)])).statusCode).toBe(403);
  });
});

describe('over a real socket', () => {
  let address: string;
  let big: string;
  beforeAll(async () => {
    address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    big = join(v.dir, 'big-30mb.mp4');
    writeFileSync(big, '');
    truncateSync(big, 30 * 1024 * 1024);
  });

  const post = (g: Golfer, parts: Part[]) => {
    const body = multipart(parts);
    return new Promise<{ status: number; json: Record<string, unknown>; sent: boolean }>((resolvePost, reject) => {
      const req = request(`${address}/api/swing-analyses`, { method: 'POST', headers: { ...body.headers, cookie: g.cookie } });
      let sent = false;
      req.on('finish', () => (sent = true));
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        res.on('end', () => resolvePost({ status: res.statusCode ?? 0, json: JSON.parse(text), sent }));
      });
      req.on('error', reject);
      body.payload.pipe(req);
    });
  };

  // A browser that is still sending when the answer is known must get the answer, not a stalled upload.
  it('answers a refusal found mid-body after reading the rest', async () => {
    const g = await signUp(h);
    const answer = await post(g, [file('faceOnVideo', v.mp4), file('downTheLineVideo', big)]);
    expect(answer).toMatchObject({ status: 403, sent: true, json: { requiresUpgrade: true, title: 'Premium Feature' } });
    expect(await traces(h, g, queue)).toMatchObject({ objects: 0, rows: 0, used: 0 });
  }, 30_000);

  it('answers a refusal known before the body (free upload used) as well', async () => {
    const g = await signUp(h);
    await h.deps.db.updateTable('users').set({ video_uploads_used: 1 }).where('id', '=', g.id).execute();
    const answer = await post(g, [file('faceOnVideo', big)]);
    expect(answer).toMatchObject({ status: 403, sent: true, json: { requiresUpgrade: true } });
    expect(await traces(h, g, queue)).toMatchObject({ objects: 0, rows: 0 });
  }, 30_000);

  it('streams a 30 MB upload from a socket into storage', async () => {
    const g = await signUp(h);
    const sized = join(v.dir, 'sized.mp4');
    // A real mp4 padded to 30 MB with an MP4 free box: ffprobe still reads it.
    const head = readFileSync(v.mp4);
    const pad = Buffer.alloc(30 * 1024 * 1024 - head.length);
    pad.writeUInt32BE(pad.length, 0);
    pad.write('free', 4, 'latin1');
    writeFileSync(sized, Buffer.concat([head, pad]));
    const answer = await post(g, [field('clubSelection', 'driver'), file('faceOnVideo', sized)]);
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    expect(await h.deps.store.size(`users/${g.id}/analyses/${answer.json.id}/face-on/original`)).toBe(30 * 1024 * 1024);

    // With its length declared first (as the web form can, from File.size) the file goes up as one PUT.
    await h.deps.db.updateTable('users').set({ is_premium: true }).where('id', '=', g.id).execute();
    const declared = await post(g, [field('clubSelection', '7-iron'), field('faceOnVideoSize', String(30 * 1024 * 1024)), file('faceOnVideo', sized)]);
    expect(declared.status, JSON.stringify(declared.json)).toBe(201);
    expect(await h.deps.store.size(`users/${g.id}/analyses/${declared.json.id}/face-on/original`)).toBe(30 * 1024 * 1024);
  }, 60_000);
});

/** The shared real swing (HEVC in QuickTime), outside the repository: see /work/shared/fixtures/README.md. */
const hevcFixture = [process.env.SWINGFIT_FIXTURES, resolve(fileURLToPath(import.meta.url), '../../../../../shared/fixtures')]
  .filter((d): d is string => Boolean(d))
  .map((d) => join(d, 'swing-face-on-hevc.mov'))
  .find((p) => existsSync(p));

describe('real phone footage', () => {
  it.skipIf(!hevcFixture)('accepts an iPhone HEVC .mov (the worker transcodes it) — skipped when the shared fixture is absent', async () => {
    const g = await signUp(h);
    const res = await upload(h, g, [field('clubSelection', 'driver'), file('faceOnVideo', hevcFixture!, 'IMG_0001.MOV', 'video/quicktime')]);
    expect(res.statusCode, res.body).toBe(201);
    const row = await h.deps.db.selectFrom('swing_analyses').select('probe').where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect((row.probe as Record<string, { videoCodec: string; container: string }>)['face-on']).toMatchObject({ videoCodec: 'hevc', container: expect.stringContaining('mov') });
  });
});

describe('upload status and usage limits', () => {
  it('describes a free golfer before and after the one upload', async () => {
    const g = await signUp(h);
    const get = (url: string) => h.app.inject({ method: 'GET', url, headers: { cookie: g.cookie } });
    expect((await get(`/api/upload-status/${g.id}`)).json()).toMatchObject({ isPremium: false, isFreeLimitReached: false, canUploadDriver: true, canUploadSevenIron: true, videoUploadsUsed: 0, videoUploadsLimit: 1 });
    expect((await upload(h, g, [file('faceOnVideo', v.mp4)])).statusCode).toBe(201);
    expect((await get(`/api/upload-status/${g.id}`)).json()).toMatchObject({ isFreeLimitReached: true, canUploadDriver: false, canUploadSevenIron: false, videoUploadsUsed: 1 });
    expect((await get('/api/usage-limits')).json()).toEqual({
      isPremium: false,
      videoUploads: { used: 1, limit: 1 },
      analysisViews: { used: 0, limit: 999 },
      workoutViews: { used: 0, limit: 1 },
    });
  });

  it('answers 403 for another golfer\'s upload status', async () => {
    const a = await signUp(h);
    const b = await signUp(h);
    const res = await h.app.inject({ method: 'GET', url: `/api/upload-status/${b.id}`, headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(403);
  });
});
