import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ObjectStore, startEmbeddedS3, type EmbeddedS3 } from '../src/index.js';

/*
 * The embedded object store (the local default when no S3 endpoint is configured) holds every
 * golfer's videos: like any S3 it must refuse requests that do not carry a valid signature from
 * its credentials, and listen on loopback only.
 */

const BUCKET = 'swing-videos';
let dir: string;
let s3: EmbeddedS3;
let store: ObjectStore;

const config = (accessKey: string, secretKey: string) => ({ endpoint: s3.endpoint, region: 'us-east-1', accessKey, secretKey, bucket: BUCKET });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sf-s3-auth-'));
  s3 = await startEmbeddedS3({ directory: dir, buckets: [BUCKET], accessKey: 'local-key', secretKey: 'local-secret-0123456789' });
  store = new ObjectStore(config(s3.accessKey, s3.secretKey));
  await store.put('users/1/analyses/1/face-on/original', Buffer.from('a golfer’s private video'), 'video/mp4');
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('embedded object store', () => {
  it('listens on loopback only', () => {
    expect(new URL(s3.endpoint).hostname).toBe('127.0.0.1');
  });

  it('serves its own credentials: put, get, range, list, delete and presigned URLs', async () => {
    expect((await store.getBuffer('users/1/analyses/1/face-on/original')).toString()).toBe('a golfer’s private video');
    const part = await store.get('users/1/analyses/1/face-on/original', 'bytes=0-4');
    expect(part.contentRange).toMatch(/^bytes 0-4\//);
    expect(await store.list('users/1/')).toEqual(['users/1/analyses/1/face-on/original']);
    const url = await getSignedUrl(store.client, new GetObjectCommand({ Bucket: BUCKET, Key: 'users/1/analyses/1/face-on/original' }), { expiresIn: 60 });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('a golfer’s private video');
  });

  it.each([
    ['list the bucket', `/${BUCKET}?list-type=2`],
    ['read a video', `/${BUCKET}/users/1/analyses/1/face-on/original`],
    ['list every bucket', '/'],
  ])('refuses an anonymous request to %s', async (_what, path) => {
    const res = await fetch(`${s3.endpoint}${path}`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('private video');
  });

  it('refuses an anonymous write', async () => {
    const res = await fetch(`${s3.endpoint}/${BUCKET}/users/1/planted`, { method: 'PUT', body: 'x' });
    expect(res.status).toBe(403);
    expect(await store.size('users/1/planted')).toBeUndefined();
  });

  it('refuses a wrong secret, an unknown key and s3rver’s well-known default pair', async () => {
    for (const [key, secret] of [
      [s3.accessKey, 'not-the-secret'],
      ['someone-else', s3.secretKey],
      ['S3RVER', 'S3RVER'],
    ] as const) {
      const other = new ObjectStore(config(key, secret));
      await expect(other.getBuffer('users/1/analyses/1/face-on/original')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    }
  });

  it('refuses a presigned URL that was tampered with or has expired', async () => {
    const url = new URL(await getSignedUrl(store.client, new GetObjectCommand({ Bucket: BUCKET, Key: 'users/1/analyses/1/face-on/original' }), { expiresIn: 60 }));
    const other = new URL(url);
    other.pathname = `/${BUCKET}/users/2/analyses/9/face-on/original`;
    expect((await fetch(other)).status).toBe(403);
    const expired = new URL(await getSignedUrl(store.client, new GetObjectCommand({ Bucket: BUCKET, Key: 'users/1/analyses/1/face-on/original' }), { expiresIn: 1 }));
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await fetch(expired)).status).toBe(403);
  });

  it('will not start without credentials', async () => {
    await expect(startEmbeddedS3({ directory: dir, buckets: [BUCKET], accessKey: '', secretKey: '' })).rejects.toThrow(/credentials/);
  });
});
