import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectStore, type ObjectStoreConfig } from '@swingfit/server-kit';
import { freePort } from '@swingfit/server-kit/testing';
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from '../src/services/uploads.js';
import { startGateway, type Harness } from './harness.js';
import { file, makeVideos, signUp, upload, type Videos } from './analyses-helpers.js';

/*
 * The object store down (its port refuses connections): an upload is answered 503 with a sentence,
 * and stores, spends and announces nothing. Found by `pnpm test:faults` (scenario c): the SDK's
 * failure reached the upload's byte-counting stream after the pipeline had let go of it, and the
 * unheard 'error' event ended the gateway process.
 */

let h: Harness;
let v: Videos;
let working: ObjectStore;
beforeAll(async () => {
  h = await startGateway();
  v = makeVideos();
  working = h.deps.store;
  const config: ObjectStoreConfig = { endpoint: `http://127.0.0.1:${await freePort()}`, region: 'us-east-1', accessKey: 'dead', secretKey: 'dead-store-secret', bucket: working.bucket };
  h.deps.store = new ObjectStore(config);
});
afterAll(async () => {
  h.deps.store = working;
  await h?.close();
  v?.close();
});

describe('an upload while the object store is down', () => {
  it.each([
    ['with its size declared (one PUT)', true],
    ['without a declared size (multipart upload)', false],
  ])('%s: 503 with a sentence, no row, no allowance spent, no event', { timeout: 30_000 }, async (_name, declared) => {
    const golfer = await signUp(h);
    const sizeField = declared ? [{ name: 'faceOnVideoSize', value: String(statSync(v.mp4).size) }] : [];
    const res = await upload(h, golfer, [{ name: 'clubSelection', value: 'driver' }, ...sizeField, file('faceOnVideo', v.mp4)]);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ message: STORAGE_UNAVAILABLE, title: 'Upload Unavailable', nothingSaved: true });
    // The web app sends an unsaved upload again once, after this wait.
    expect(res.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));

    expect(await h.deps.db.selectFrom('swing_analyses').select('id').where('user_id', '=', golfer.id).execute()).toEqual([]);
    const user = await h.deps.db.selectFrom('users').select('video_uploads_used').where('id', '=', golfer.id).executeTakeFirstOrThrow();
    expect(user.video_uploads_used).toBe(0);
    expect(await h.deps.db.selectFrom('outbox').select('id').where('type', '=', 'analysis.uploaded').where('user_id', '=', golfer.id).execute()).toEqual([]);
  });

  it('works again once the store answers, for the same golfer', async () => {
    const golfer = await signUp(h);
    expect((await upload(h, golfer, [{ name: 'clubSelection', value: 'driver' }, file('faceOnVideo', v.mp4)])).statusCode).toBe(503);
    h.deps.store = working;
    const res = await upload(h, golfer, [{ name: 'clubSelection', value: 'driver' }, file('faceOnVideo', v.mp4)]);
    expect(res.statusCode, res.body).toBe(201);
  });
});
