import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { centralMonth, centralWeek } from '@swingfit/contracts';
import { eventually } from '@swingfit/server-kit/testing';
import { publishInTransaction } from '@swingfit/server-kit';
import { CORE_SCHEMA } from '@swingfit/core-db';
import { startEventInbox, type EventInbox } from './event-inbox.js';
import { startGateway, type Harness } from './harness.js';
import { file, makeVideos, signUp, upload, type Golfer, type Part, type Videos } from './analyses-helpers.js';

/*
 * A failed analysis gives its upload back (the failure card says 'Try Again'): the free golfer may upload
 * again, a premium golfer may upload that club again this week. Once per analysis, however often
 * analysis.failed arrives; a completed analysis gives nothing back.
 */

let h: Harness;
let v: Videos;
let events: EventInbox;

beforeAll(async () => {
  h = await startGateway();
  v = makeVideos();
  events = startEventInbox(h);
});
afterAll(async () => {
  await events?.close();
  await h?.close();
  v?.close();
});

const NO_SWING = 'No golf swing was detected in the video';
const club = (name: string): Part => ({ name: 'clubSelection', value: name });

async function uploaded(g: Golfer, parts: Part[]): Promise<number> {
  const res = await upload(h, g, parts);
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().id);
}

/** What the worker's failAnalysis commits: the failed row and analysis.failed, in one transaction. */
async function failAsTheWorkerDoes(g: Golfer, analysisId: number): Promise<void> {
  await h.deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('swing_analyses').set({ status: 'failed', technical_details: JSON.stringify({ error: NO_SWING }) }).where('id', '=', analysisId).execute();
    await publishInTransaction(trx, CORE_SCHEMA, { type: 'analysis.failed', payload: { analysisId, reason: NO_SWING }, userId: g.id });
  });
}

/** The relay's pass, then the gateway consumer's handling of every analysis.failed it sent. */
async function relayFailures(): Promise<void> {
  await h.deps.relay.flush();
  await eventually(async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox o where o.type = 'analysis.failed'
      and not exists (select 1 from processed_events p where p.event_id = o.id)`.execute(h.deps.db);
    return rows[0]!.n === 0;
  });
}

const get = (g: Golfer, url: string) => h.app.inject({ method: 'GET', url, headers: { cookie: g.cookie } });
const usedOf = async (g: Golfer) => (await h.deps.db.selectFrom('users').select('video_uploads_used').where('id', '=', g.id).executeTakeFirstOrThrow()).video_uploads_used;

describe('a failed analysis gives its upload back', () => {
  it('gives the free golfer their one upload back exactly once, however often analysis.failed arrives', async () => {
    const g = await signUp(h);
    const id = await uploaded(g, [file('faceOnVideo', v.mp4)]);
    expect((await get(g, `/api/upload-status/${g.id}`)).json()).toMatchObject({ isFreeLimitReached: true, videoUploadsUsed: 1 });

    await failAsTheWorkerDoes(g, id);
    await relayFailures();
    expect((await get(g, `/api/upload-status/${g.id}`)).json()).toMatchObject({ isFreeLimitReached: false, canUploadDriver: true, canUploadSevenIron: true, videoUploadsUsed: 0, videoUploadsLimit: 1 });
    expect((await get(g, '/api/usage-limits')).json()).toMatchObject({ videoUploads: { used: 0, limit: 1 } });

    // The same event again (a redelivery), and another event about the same failure: nothing more comes back.
    const [sent] = await h.deps.db.selectFrom('outbox').select(['id']).where('type', '=', 'analysis.failed').where('user_id', '=', g.id).execute();
    const again = await events.deliver('analysis.failed', g.id, { analysisId: id, reason: NO_SWING }, sent!.id, `${sent!.id}-again`);
    expect(again).toEqual({ state: 'completed', result: 'duplicate' });
    const copy = await events.deliver('analysis.failed', g.id, { analysisId: id, reason: NO_SWING });
    expect(copy).toEqual({ state: 'completed', result: 'processed' });
    expect(await usedOf(g)).toBe(0);

    // The golfer uploads again; that one is their one upload, and the gate is back.
    await uploaded(g, [file('faceOnVideo', v.mp4)]);
    const third = await upload(h, g, [file('faceOnVideo', v.mp4)]);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({ title: 'Upload Limit Reached', requiresUpgrade: true });
    expect(await usedOf(g)).toBe(1);
  });

  it('never takes the counter below 0 (an admin reset usage after the upload)', async () => {
    const g = await signUp(h);
    const id = await uploaded(g, [file('faceOnVideo', v.mp4)]);
    await h.deps.db.updateTable('users').set({ video_uploads_used: 0 }).where('id', '=', g.id).execute();
    await failAsTheWorkerDoes(g, id);
    await relayFailures();
    expect(await usedOf(g)).toBe(0);
  });

  it('lets a premium golfer upload the same club again that week after its analysis failed', async () => {
    const g = await signUp(h, true);
    const driver = await uploaded(g, [club('driver'), file('faceOnVideo', v.mp4)]);
    await uploaded(g, [club('7-iron'), file('faceOnVideo', v.mp4)]);
    expect((await upload(h, g, [club('driver'), file('faceOnVideo', v.mp4)])).statusCode).toBe(403);

    await failAsTheWorkerDoes(g, driver);
    await relayFailures();
    expect((await get(g, `/api/upload-status/${g.id}`)).json()).toMatchObject({
      canUploadDriver: true,
      weeklyDriverUploaded: false,
      canUploadSevenIron: false,
      weeklySevenIronUploaded: true,
      videoUploadsUsed: 1,
    });
    // A second delivery of the failure does not hand the driver back a second time.
    await events.deliver('analysis.failed', g.id, { analysisId: driver, reason: NO_SWING });

    await uploaded(g, [club('driver'), file('faceOnVideo', v.mp4)]);
    const again = await upload(h, g, [club('driver'), file('faceOnVideo', v.mp4)]);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ title: 'Weekly Upload Limit Reached' });
    expect((await upload(h, g, [club('7-iron'), file('faceOnVideo', v.mp4)])).statusCode).toBe(403);
    // Deleting the failed analysis afterwards changes nothing: the returned allowance stays returned.
    expect((await h.app.inject({ method: 'DELETE', url: `/api/swing-analyses/${driver}`, headers: { cookie: g.cookie } })).statusCode).toBe(204);
    expect((await get(g, `/api/upload-status/${g.id}`)).json()).toMatchObject({ weeklyDriverUploaded: true, videoUploadsUsed: 2 });
  });

  it('gives nothing back for a completed analysis, nor for one still running', async () => {
    const g = await signUp(h);
    const id = await uploaded(g, [file('faceOnVideo', v.mp4)]);
    for (const status of ['pending', 'processing', 'complete'] as const) {
      await h.deps.db.updateTable('swing_analyses').set({ status }).where('id', '=', id).execute();
      const done = await events.deliver('analysis.failed', g.id, { analysisId: id, reason: NO_SWING }, randomUUID());
      expect(done).toEqual({ state: 'completed', result: 'processed' });
      expect(await usedOf(g), status).toBe(1);
    }
    expect((await h.deps.db.selectFrom('swing_analyses').select('upload_returned_at').where('id', '=', id).executeTakeFirstOrThrow()).upload_returned_at).toBeNull();
    expect((await upload(h, g, [file('faceOnVideo', v.mp4)])).statusCode).toBe(403);
  });
});

describe('the golfer’s points copy', () => {
  it('takes a reversal’s snapshot (negative points, a newer version) back to the figures before the upload', async () => {
    const g = await signUp(h);
    const now = new Date();
    const snapshot = (version: number, points: number, reason: string, figure: number) => ({
      points, reason, sourceEventId: randomUUID(), version, weekStart: centralWeek(now).date, monthStart: centralMonth(now).date, weeklyPoints: figure, monthlyPoints: figure, totalPoints: figure,
    });
    expect((await events.deliver('points.awarded', g.id, snapshot(1, 5, 'exercise', 5))).state).toBe('completed');
    expect((await events.deliver('points.awarded', g.id, snapshot(2, 10, 'upload', 15))).state).toBe('completed');
    expect((await events.deliver('points.awarded', g.id, snapshot(3, -10, 'upload-reversal', 5))).state).toBe('completed');
    expect((await get(g, '/api/auth/user')).json()).toMatchObject({ totalPoints: 5, weeklyPoints: 5, monthlyPoints: 5 });
  });
});
