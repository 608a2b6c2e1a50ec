import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import { sql } from 'kysely';
import { analysisJobId, remeasureJobId } from '@swingfit/contracts';
import { startGateway, type Harness } from './harness.js';
import { analysisQueue, file, makeVideos, signUp, upload, type Golfer, type Videos } from './analyses-helpers.js';

let h: Harness;
let v: Videos;
let queue: Queue;
let owner: Golfer;
let stranger: Golfer;
/** owner's analyses, oldest first: driver (complete, 40 days ago), driver (complete), 7-iron (pending), driver (complete, newest). */
const ids: number[] = [];

const get = (g: Golfer, url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers: { ...headers, cookie: g.cookie } });

/** What the worker would write when it finishes: status, numbers, texts and media keys. */
async function completeAs(id: number, daysAgo: number, numbers: { club_speed: number; ball_speed: number; carry: number; spin_rate: number }) {
  await h.deps.db
    .updateTable('swing_analyses')
    .set({
      ...numbers,
      status: 'complete',
      technical_details: JSON.stringify({ stages: [] }),
      mobility_analysis: JSON.stringify({ shoulderTurn: '88°', hipRotation: '44°', xFactor: '44°' }),
      swing_strengths: JSON.stringify(['Balanced finish']),
      created_at: sql`now() - make_interval(days => ${daysAgo})`,
      upload_week: '2020-01-05',
    })
    .where('id', '=', id)
    .execute();
  // Move the spent allowance to an old week too, so the setup can upload the same club again.
  await h.deps.db.updateTable('upload_allowances').set({ upload_week: '2020-01-05' }).where('analysis_id', '=', id).execute();
}

beforeAll(async () => {
  h = await startGateway();
  v = makeVideos();
  queue = analysisQueue(h);
  owner = await signUp(h, true);
  stranger = await signUp(h, true);
  const send = async (club: string) => {
    const res = await upload(h, owner, [{ name: 'clubSelection', value: club }, file('faceOnVideo', v.mp4)]);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().id as number;
  };
  ids.push(await send('driver'));
  await completeAs(ids[0]!, 40, { club_speed: 80, ball_speed: 100, carry: 150, spin_rate: 3000 });
  ids.push(await send('driver'));
  await completeAs(ids[1]!, 5, { club_speed: 100, ball_speed: 150, carry: 250, spin_rate: 2500 });
  ids.push(await send('7-iron'));
  await h.deps.db.updateTable('swing_analyses').set({ created_at: sql`now() - interval '2 days'` }).where('id', '=', ids[2]!).execute();
  ids.push(await send('driver'));
  await completeAs(ids[3]!, 1, { club_speed: 110.5, ball_speed: 161, carry: 270, spin_rate: 2300 });
  // The relay turns the uploads' events into their analysis jobs (no relay loop runs in this harness).
  while ((await h.deps.relay.flush()) > 0);

  // Media as the worker stores it for the newest analysis.
  const base = `users/${owner.id}/analyses/${ids[3]}/face-on`;
  const playback = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
  await h.deps.store.put(`${base}/playback.mp4`, playback, 'video/mp4');
  await h.deps.store.put(`${base}/poster.jpg`, Buffer.from('poster'), 'image/jpeg');
  await h.deps.store.put(`${base}/keyframes/top.jpg`, Buffer.from('top'), 'image/jpeg');
  const dtl = `users/${owner.id}/analyses/${ids[3]}/down-the-line`;
  await h.deps.store.put(`${dtl}/playback.mp4`, playback, 'video/mp4');
  await h.deps.store.put(`${dtl}/poster.jpg`, Buffer.from('dtl poster'), 'image/jpeg');
  const media = {
    'face-on': { playback: `${base}/playback.mp4`, poster: `${base}/poster.jpg`, keyframes: { top: `${base}/keyframes/top.jpg` } },
    'down-the-line': { playback: `${dtl}/playback.mp4`, poster: `${dtl}/poster.jpg`, keyframes: {} },
  };
  await h.deps.db
    .updateTable('swing_analyses')
    .set({ media: JSON.stringify(media) })
    .where('id', '=', ids[3]!)
    .execute();
}, 120_000);

afterAll(async () => {
  await queue?.close();
  await h?.close();
  v?.close();
});

describe('reading analyses', () => {
  it('lists the golfer\'s analyses newest first in the contract shape', async () => {
    const res = await get(owner, `/api/swing-analyses/user/${owner.id}`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((a: { id: number }) => a.id)).toEqual([...ids].reverse());
    expect(list[0]).toMatchObject({
      id: ids[3],
      userId: owner.id,
      status: 'complete',
      clubSelection: 'driver',
      clubSpeed: 110.5,
      faceOnVideoUrl: `/api/media/analyses/${ids[3]}/face-on/playback.mp4`,
      posterUrl: `/api/media/analyses/${ids[3]}/face-on/poster.jpg`,
      downTheLineVideoUrl: `/api/media/analyses/${ids[3]}/down-the-line/playback.mp4`,
      downTheLinePosterUrl: `/api/media/analyses/${ids[3]}/down-the-line/poster.jpg`,
      swingStrengths: ['Balanced finish'],
      mobilityAnalysis: { shoulderTurn: '88°' },
    });
    expect(list[1]).toMatchObject({ id: ids[2], status: 'pending', technicalDetails: null, faceOnVideoUrl: null });
  });

  it('answers one analysis and its polling status', async () => {
    expect((await get(owner, `/api/swing-analyses/${ids[3]}`)).json()).toMatchObject({ id: ids[3], status: 'complete', measuredAgainAt: null });
    expect((await get(owner, `/api/swing-analyses/${ids[3]}?status_only=true`)).json()).toMatchObject({ isComplete: true, hasError: false, status: 'complete' });
    expect((await get(owner, `/api/swing-analyses/${ids[2]}?status_only=true`)).json()).toEqual({
      isComplete: false,
      hasError: false,
      status: 'pending',
      technicalDetails: null,
      mobilityAnalysis: null,
    });
  });

  it('says when a completed analysis was measured again (a remeasurement keeps its completion time)', async () => {
    const completed = new Date(Date.now() - 86_400_000);
    const again = new Date();
    await h.deps.db.updateTable('swing_analyses').set({ completed_at: completed, measured_at: completed }).where('id', 'in', [ids[0]!, ids[1]!]).execute();
    await h.deps.db.updateTable('swing_analyses').set({ measured_at: again }).where('id', '=', ids[1]!).execute();
    expect((await get(owner, `/api/swing-analyses/${ids[1]}`)).json()).toMatchObject({ id: ids[1], measuredAgainAt: again.toISOString() });
    expect((await get(owner, `/api/swing-analyses/${ids[0]}`)).json()).toMatchObject({ id: ids[0], measuredAgainAt: null });
  });

  it('reports a failed analysis as an error', async () => {
    const g = await signUp(h);
    const id = (await upload(h, g, [file('faceOnVideo', v.mp4)])).json().id;
    await h.deps.db
      .updateTable('swing_analyses')
      .set({ status: 'failed', technical_details: JSON.stringify({ error: 'no_person', message: 'No golfer was found in the video.' }) })
      .where('id', '=', id)
      .execute();
    expect((await get(g, `/api/swing-analyses/${id}?status_only=true`)).json()).toMatchObject({ isComplete: false, hasError: true, technicalDetails: { error: 'no_person' } });
  });

  it('finds the previous analysis of the same club', async () => {
    expect((await get(owner, `/api/swing-analyses/user/${owner.id}/previous/${ids[3]}`)).json().id).toBe(ids[1]);
    expect((await get(owner, `/api/swing-analyses/user/${owner.id}/previous/${ids[1]}`)).json().id).toBe(ids[0]);
    expect((await get(owner, `/api/swing-analyses/user/${owner.id}/previous/${ids[0]}`)).statusCode).toBe(404);
    expect((await get(owner, `/api/swing-analyses/user/${owner.id}/previous/${ids[2]}`)).statusCode).toBe(404);
  });

  it('averages the last 30 days of complete analyses per club', async () => {
    const res = await get(owner, `/api/swing-analyses/user/${owner.id}/monthly-average/driver`);
    // The analysis of 40 days ago is outside the window; the pending 7-iron is another club.
    expect(res.json()).toEqual({ hasData: true, count: 2, clubSpeed: 105.3, ballSpeed: 155.5, smashFactor: 1.48, spinRate: 2400, carry: 260 });
    expect((await get(owner, `/api/swing-analyses/user/${owner.id}/monthly-average/7-iron`)).json()).toEqual({
      hasData: false,
      count: 0,
      clubSpeed: null,
      ballSpeed: null,
      smashFactor: null,
      spinRate: null,
      carry: null,
    });
  });
});

describe('analysis views (the admin\'s Analysis Views counter)', () => {
  const viewsUsed = async (g: Golfer) => (await get(g, '/api/usage-limits')).json().analysisViews;

  it('counts each completed analysis once, on its first opening; status polls, pending ones and strangers count nothing', async () => {
    const g = await signUp(h, true);
    const driver = (await upload(h, g, [{ name: 'clubSelection', value: 'driver' }, file('faceOnVideo', v.mp4)])).json().id as number;
    const iron = (await upload(h, g, [{ name: 'clubSelection', value: '7-iron' }, file('faceOnVideo', v.mp4)])).json().id as number;
    expect(await viewsUsed(g)).toEqual({ used: 0, limit: 999 });

    // Still being analysed: the loading screen's polls and an early look are not views of an analysis.
    await get(g, `/api/swing-analyses/${driver}?status_only=true`);
    await get(g, `/api/swing-analyses/${driver}`);
    expect((await viewsUsed(g)).used).toBe(0);

    await completeAs(driver, 0, { club_speed: 100, ball_speed: 150, carry: 250, spin_rate: 2500 });
    await completeAs(iron, 0, { club_speed: 80, ball_speed: 110, carry: 160, spin_rate: 6500 });
    // Two tabs opening it at once, then a reopening: one view.
    await Promise.all([get(g, `/api/swing-analyses/${driver}`), get(g, `/api/swing-analyses/${driver}`)]);
    await get(g, `/api/swing-analyses/${driver}`);
    expect((await get(stranger, `/api/swing-analyses/${iron}`)).statusCode).toBe(404);
    expect((await viewsUsed(g)).used).toBe(1);

    await get(g, `/api/swing-analyses/${iron}`);
    expect((await viewsUsed(g)).used).toBe(2);
    expect((await viewsUsed(stranger)).used).toBe(0);
  });
});

describe('media', () => {
  const url = () => `/api/media/analyses/${ids[3]}/face-on/playback.mp4`;

  it('serves the whole playback video with Accept-Ranges', async () => {
    const res = await get(owner, url());
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.length).toBe(5000);
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const res = await get(owner, url(), { range: 'bytes=1000-1099' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 1000-1099/5000');
    expect(res.headers['content-length']).toBe('100');
    expect([...res.rawPayload]).toEqual(Array.from({ length: 100 }, (_, i) => (1000 + i) % 251));
    const tail = await get(owner, url(), { range: 'bytes=4990-' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe('bytes 4990-4999/5000');
    const beyond = await get(owner, url(), { range: 'bytes=6000-7000' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */5000');
  });

  it('serves key frames and answers 404 for assets the worker did not produce', async () => {
    const frame = await get(owner, `/api/media/analyses/${ids[3]}/face-on/keyframes/top.jpg`);
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toBe('top');
    expect((await get(owner, `/api/media/analyses/${ids[3]}/face-on/keyframes/impact.jpg`)).statusCode).toBe(404);
    expect((await get(owner, `/api/media/analyses/${ids[3]}/face-on/original`)).statusCode).toBe(404);
    expect((await get(owner, `/api/media/analyses/${ids[3]}/down-the-line/keyframes/top.jpg`)).statusCode).toBe(404);
    // Each view's poster is its own still.
    expect((await get(owner, `/api/media/analyses/${ids[3]}/down-the-line/poster.jpg`)).body).toBe('dtl poster');
  });
});

describe('another golfer\'s ids', () => {
  it.each([
    ['list', () => `/api/swing-analyses/user/${owner.id}`, 403],
    ['one analysis', () => `/api/swing-analyses/${ids[3]}`, 404],
    ['status', () => `/api/swing-analyses/${ids[3]}?status_only=true`, 404],
    ['previous, with the owner\'s user id', () => `/api/swing-analyses/user/${owner.id}/previous/${ids[3]}`, 403],
    ['previous, with their own user id', () => `/api/swing-analyses/user/${stranger.id}/previous/${ids[3]}`, 404],
    ['monthly average', () => `/api/swing-analyses/user/${owner.id}/monthly-average/driver`, 403],
    ['upload status', () => `/api/upload-status/${owner.id}`, 403],
    ['media', () => `/api/media/analyses/${ids[3]}/face-on/playback.mp4`, 404],
    ['key frame', () => `/api/media/analyses/${ids[3]}/face-on/keyframes/top.jpg`, 404],
    ['down-the-line poster', () => `/api/media/analyses/${ids[3]}/down-the-line/poster.jpg`, 404],
  ])('%s', async (_label, url, status) => {
    expect((await get(stranger, url())).statusCode).toBe(status);
  });

  it('cannot delete them', async () => {
    const res = await h.app.inject({ method: 'DELETE', url: `/api/swing-analyses/${ids[3]}`, headers: { cookie: stranger.cookie } });
    expect(res.statusCode).toBe(404);
    // The upload's original, and the face-on and down-the-line media the worker stored: all still there.
    expect(await h.deps.store.list(`users/${owner.id}/analyses/${ids[3]}/`)).toHaveLength(6);
  });

  it('sees nothing without a session', async () => {
    expect((await h.app.inject({ method: 'GET', url: `/api/swing-analyses/${ids[3]}` })).statusCode).toBe(401);
  });
});

describe('deleting', () => {
  it('removes the row, every stored object and the waiting jobs', async () => {
    const id = ids[2]!;
    expect(await queue.getJob(analysisJobId(id))).toBeTruthy();
    // An operator had asked for it to be measured again (pnpm analyses:remeasure): that job goes too.
    await queue.add('analysis.remeasure' as 'analysis', { analysisId: id }, { jobId: remeasureJobId(id), priority: 10 });
    expect(await h.deps.store.list(`users/${owner.id}/analyses/${id}/`)).toHaveLength(1);
    const res = await h.app.inject({ method: 'DELETE', url: `/api/swing-analyses/${id}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(204);
    expect(await h.deps.store.list(`users/${owner.id}/analyses/${id}/`)).toEqual([]);
    expect(await h.deps.db.selectFrom('swing_analyses').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await queue.getJob(analysisJobId(id))).toBeUndefined();
    expect(await queue.getJob(remeasureJobId(id))).toBeUndefined();
    expect((await get(owner, `/api/swing-analyses/${id}`)).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/swing-analyses/${id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it('removes derived media too', async () => {
    const id = ids[3]!;
    const res = await h.app.inject({ method: 'DELETE', url: `/api/swing-analyses/${id}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(204);
    expect(await h.deps.store.list(`users/${owner.id}/analyses/${id}/`)).toEqual([]);
    expect(await h.deps.store.list(`users/${owner.id}/analyses/${ids[1]}/`)).toHaveLength(1);
  });
});
