import { describe, expect, it } from 'vitest';
import { isClearRefusal, newGolfer } from './src/golfer.js';
import type { Product } from './src/product.js';
import { plainScenario, expectBooksBalance, premiumGolfer, uploadAndRecord } from './src/scenario.js';
import { withDb } from '../src/golfers.js';

/*
 * Scenario c: the object store goes away (the embedded S3 is closed; its port then refuses
 * connections) in the middle of a run. Uploads answer 503 with a sentence and store nothing: no
 * analysis row, no allowance spent, no event, no points. Analyses already accepted wait for the store
 * rather than failing for it. (A service does not start while its store is away: it exits with one
 * line and compose starts it again; that start-up rule is not this scenario's subject.) Once the store is back, uploads work again.
 */

const BASE_PORT = 31020;
const OUTAGE_ANALYSIS_WAIT_MS = 6_000;

let product: Product;
const { clip, told } = plainScenario('c. object store down', BASE_PORT, (started) => (product = started));

const uploadEvents = (userId: number) =>
  withDb(product.databaseUrl, async (db) => (await db.query(`select count(*)::int as n from core.outbox where type = 'analysis.uploaded' and user_id = $1`, [userId])).rows[0].n as number);
const analysisRows = (userId: number) =>
  withDb(product.databaseUrl, async (db) => (await db.query(`select count(*)::int as n from core.swing_analyses where user_id = $1 and face_on_key is not null`, [userId])).rows[0].n as number);

describe('c. the object store down', () => {
  it('refuses uploads with a clear 503 that store nothing, and takes them again once the store is back', async () => {
    const free = await newGolfer(product.url, 'Free');
    told.golfers.push(free.id);
    const premium = await premiumGolfer(product, told, 'Premium');
    const waiting = await premiumGolfer(product, told, 'Waiting');
    // Uploads accepted just before the outage: the worker (one at a time) is still busy with the
    // first when the store goes, so it meets the outage with the second.
    expect((await uploadAndRecord(premium, told, clip.clip, 'driver')).status).toBe(201);
    expect((await uploadAndRecord(waiting, told, clip.clip, 'driver')).status).toBe(201);

    await product.stopObjectStore();
    const refusedFree = await uploadAndRecord(free, told, clip.clip, 'driver');
    const refusedPremium = await uploadAndRecord(premium, told, clip.clip, '7-iron');
    for (const answer of [refusedFree, refusedPremium]) {
      expect(answer.status, answer.text).toBe(503);
      expect(isClearRefusal(answer), answer.text).toBe(true);
      expect(answer.body.message).toMatch(/video|storage/i);
    }
    // Nothing stored, nothing spent, nothing announced.
    expect(await analysisRows(free.id)).toBe(0);
    expect(await uploadEvents(free.id)).toBe(0);
    expect(await analysisRows(premium.id)).toBe(1);
    const me = await free.me();
    expect(me.body).toMatchObject({ videoUploadsUsed: 0, totalPoints: 0 });
    const status = await free.request('GET', `/api/upload-status/${free.id}`);
    expect(status.body).toMatchObject({ isFreeLimitReached: false, canUploadDriver: true });
    const premiumStatus = await premium.request('GET', `/api/upload-status/${premium.id}`);
    expect(premiumStatus.body).toMatchObject({ weeklyDriverUploaded: true, weeklySevenIronUploaded: false, canUploadSevenIron: true });

    // The store stays away a while longer: the accepted analyses must wait for it, not fail for it.
    await new Promise((r) => setTimeout(r, OUTAGE_ANALYSIS_WAIT_MS));
    await product.startObjectStore();

    expect((await uploadAndRecord(free, told, clip.clip, 'driver')).status).toBe(201);
    expect((await uploadAndRecord(premium, told, clip.clip, '7-iron')).status).toBe(201);
    await expectBooksBalance(product, told);
    // Every analysis ended on its own merits (no golfer in a test pattern), none for the store's outage.
    const reasons = await withDb(product.databaseUrl, async (db) => (await db.query(`select technical_details->>'error' as reason from core.swing_analyses where face_on_key is not null`)).rows.map((r) => r.reason as string));
    expect(reasons.filter((r) => !/No golfer was found/.test(r ?? ''))).toEqual([]);
  });
});
