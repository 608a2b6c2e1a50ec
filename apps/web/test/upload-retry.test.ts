import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client';
import { UploadError, uploadRetryDelayMs, uploadSwingVideos } from '../src/components/analysis/logic/api';

/*
 * The upload goes out through jsdom's XMLHttpRequest, which makes real HTTP requests: a real server
 * answers it the way the gateway does when the video store dropped the connection ('Upload Unavailable',
 * 503, nothingSaved, Retry-After), then accepts it.
 */

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
let answers: Answer[] = [];
let received: { contentType?: string; bytes: number }[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      // jsdom's requests keep the origin the page was created with, so the stand-in allows it as the
      // gateway allows its own page; without this the browser reads every answer as a network error.
      // (An upload with a progress listener is preflighted.)
      const cors = { 'access-control-allow-origin': String(req.headers.origin), 'access-control-allow-credentials': 'true', 'access-control-expose-headers': 'retry-after' };
      if (req.method === 'OPTIONS') return res.writeHead(204, { ...cors, 'access-control-allow-methods': 'POST', 'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? '') }).end();
      received.push({ contentType: req.headers['content-type'], bytes });
      const answer = answers.shift() ?? { status: 500, body: { message: 'no answer planned' } };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...cors, ...answer.headers }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  // The client posts to a relative URL: the page's origin becomes the stand-in gateway's.
  (globalThis as unknown as { jsdom: { reconfigure: (o: { url: string }) => void } }).jsdom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload` });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  answers = [];
  received = [];
});

const storeDropped = (retryAfter = '0'): Answer => ({
  status: 503,
  body: { message: 'Video storage is unavailable right now, so your video was not saved and no upload was used. Please try again in a few minutes.', title: 'Upload Unavailable', nothingSaved: true },
  headers: { 'retry-after': retryAfter },
});
const created: Answer = { status: 201, body: { id: 41, status: 'pending' } };

function form(): FormData {
  const f = new FormData();
  f.append('clubSelection', 'driver');
  f.append('faceOnVideo', new File([new Uint8Array(2048)], 'swing.mp4', { type: 'video/mp4' }));
  return f;
}

async function send(waits: number[] = [], progress: number[] = []) {
  return uploadSwingVideos(form(), (f) => progress.push(f), async (ms) => void waits.push(ms));
}

describe('an upload the server did not save is sent again once', () => {
  it('retries after the answer\'s Retry-After and resolves with the second answer', async () => {
    answers = [storeDropped('2'), created];
    const waits: number[] = [];
    const progress: number[] = [];
    await expect(send(waits, progress)).resolves.toEqual({ id: 41, status: 'pending' });
    expect(received).toHaveLength(2);
    expect(received.every((r) => r.contentType?.startsWith('multipart/form-data') && r.bytes > 2048)).toBe(true);
    expect(waits).toEqual([2000]);
    expect(progress).toContain(0);
  });

  it('tells the golfer when the second try fails too (one retry, not a loop)', async () => {
    answers = [storeDropped(), storeDropped(), created];
    const error = await send().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).status).toBe(503);
    expect(received).toHaveLength(2);
  });

  it.each<[string, Answer]>([
    ['a 503 that does not say nothing was saved (a commit may have happened)', { status: 503, body: { message: 'Service temporarily unavailable' }, headers: { 'retry-after': '5' } }],
    ['a plan refusal', { status: 403, body: { message: 'Upgrade to premium for weekly uploads.', requiresUpgrade: true } }],
    ['a server error', { status: 500, body: { message: 'Internal server error' } }],
    ['an outage longer than is worth waiting for', storeDropped('120')],
  ])('does not send it again after %s', async (_name, answer) => {
    answers = [answer, created];
    const error = await send().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(received).toHaveLength(1);
  });
});

describe('uploadRetryDelayMs', () => {
  const saidNothingSaved = { message: 'x', nothingSaved: true };
  it.each<[string, unknown, number | null]>([
    ['503, nothing saved, Retry-After 2', new UploadError(503, 'm', saidNothingSaved, 2), 2000],
    ['503, nothing saved, no Retry-After', new UploadError(503, 'm', saidNothingSaved, null), 2000],
    ['503, nothing saved, Retry-After 10 (the longest wait)', new UploadError(503, 'm', saidNothingSaved, 10), 10_000],
    ['503, nothing saved, Retry-After 11', new UploadError(503, 'm', saidNothingSaved, 11), null],
    ['503 without nothingSaved', new UploadError(503, 'm', { message: 'x' }, 5), null],
    ['502 with nothingSaved', new UploadError(502, 'm', saidNothingSaved, 1), null],
    ['a lost connection', new Error('Network error'), null],
  ])('%s', (_name, error, expected) => {
    expect(uploadRetryDelayMs(error)).toBe(expected);
  });
});
