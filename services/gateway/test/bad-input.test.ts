import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import { startGateway, type Harness } from './harness.js';
import { analysisQueue, file, makeVideos, multipart, signUp, traces, upload, type Golfer, type Videos } from './analyses-helpers.js';

/*
 * Issue 17's findings on bad input, each answered with a 4xx JSON message and never a 500: ids past
 * PostgreSQL's bigint, NUL characters in text, broken multipart bodies, whitespace-only names, a body
 * error shown to someone who is not signed in, and ffprobe's internals in an upload's message.
 */

let h: Harness;
let v: Videos;
let queue: Queue;
let golfer: Golfer;

beforeAll(async () => {
  h = await startGateway();
  v = makeVideos();
  queue = analysisQueue(h);
  golfer = await signUp(h);
});
afterAll(async () => {
  await queue?.close();
  await h?.close();
  v?.close();
});

const HUGE_IDS = ['9223372036854775808', '1e20', '99999999999999999999999', '9007199254740993'];

const expectClientError = (res: { statusCode: number; body: string; headers: Record<string, unknown> }, allowed: number[]) => {
  expect(allowed, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(typeof JSON.parse(res.body).message).toBe('string');
};

describe('ids past the database range answer 400 or 404, never 500', () => {
  const routes = (id: string, me: number): Array<[string, string]> => [
    ['GET', `/api/swing-analyses/${id}`],
    ['GET', `/api/swing-analyses/${id}?status_only=true`],
    ['DELETE', `/api/swing-analyses/${id}`],
    ['GET', `/api/swing-analyses/user/${me}/previous/${id}`],
    ['GET', `/api/swing-analyses/user/${id}`],
    ['GET', `/api/swing-analyses/user/${id}/previous/1`],
    ['GET', `/api/swing-analyses/user/${id}/monthly-average/driver`],
    ['GET', `/api/media/analyses/${id}/face-on/playback.mp4`],
    ['GET', `/api/upload-status/${id}`],
    ['GET', `/api/users/${id}`],
    ['PATCH', `/api/users/${id}`],
    ['GET', `/api/users/${id}/monthly-position`],
    ['GET', `/api/user-sessions/${id}`],
    ['DELETE', `/api/auth/devices/${id}`],
  ];
  it.each(HUGE_IDS)('%s', async (id) => {
    for (const [method, url] of routes(id, golfer.id)) {
      const res = await h.app.inject({ method: method as 'GET', url, headers: { cookie: golfer.cookie }, ...(method === 'PATCH' ? { payload: { city: 'Austin' } } : {}) });
      expectClientError(res, [400, 404]);
    }
  });

  it('admin reset of a user id past the range is 400 too', async () => {
    const login = await h.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: h.deps.config.ADMIN_PASSWORD } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    for (const id of HUGE_IDS) {
      const res = await h.app.inject({ method: 'POST', url: `/api/admin/users/${id}/reset-usage`, headers: { cookie }, payload: { field: 'videoUploadsUsed' } });
      expectClientError(res, [400, 404]);
    }
  });
});

describe('text with NUL or control characters is refused at the schema', () => {
  it.each([
    ['firstName', 'Ti\u0000ger'],
    ['lastName', 'Wo\u0000ods'],
    ['city', 'Aus\u0000tin'],
    ['state', 'T\u0000X'],
    ['city', 'Austin\u0007'],
    ['firstName', 'Tiger\u001b[31m'],
  ])('PATCH %s = %j is a 400 naming the field, and nothing is stored', async (field, value) => {
    const res = await h.app.inject({ method: 'PATCH', url: `/api/users/${golfer.id}`, headers: { cookie: golfer.cookie }, payload: { [field]: value } });
    expectClientError(res, [400]);
    expect(res.json().errors?.[0]?.field).toBe(field);
    const me = await h.app.inject({ method: 'GET', url: `/api/users/${golfer.id}`, headers: { cookie: golfer.cookie } });
    expect(me.json()[field]).not.toBe(value);
  });

  it('refuses NUL in registration names and in the address', async () => {
    const reg = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nul-name@example.com', password: 'correct-horse-9', firstName: 'A\u0000', lastName: 'B' },
    });
    expectClientError(reg, [400]);
    const club = await h.app.inject({ method: 'GET', url: `/api/swing-analyses/user/${golfer.id}/monthly-average/dri%00ver`, headers: { cookie: golfer.cookie } });
    expectClientError(club, [400, 404]);
  });
});

describe('names are checked after trimming', () => {
  it.each([['firstName'], ['lastName']])('a whitespace-only %s is refused and the stored name kept', async (field) => {
    const res = await h.app.inject({ method: 'PATCH', url: `/api/users/${golfer.id}`, headers: { cookie: golfer.cookie }, payload: { [field]: '   \t ' } });
    expectClientError(res, [400]);
    const me = await h.app.inject({ method: 'GET', url: `/api/users/${golfer.id}`, headers: { cookie: golfer.cookie } });
    expect(me.json()[field]).toMatch(/\S/);
  });

  it('a whitespace-only name at registration is refused', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'blank-name@example.com', password: 'correct-horse-9', firstName: '   ', lastName: 'Woods' },
    });
    expectClientError(res, [400]);
  });

  it('surrounding spaces are trimmed, and a blank city or state is stored as none', async () => {
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/users/${golfer.id}`,
      headers: { cookie: golfer.cookie },
      payload: { firstName: '  Annika ', city: '   ', state: ' TX ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Annika', city: null, state: 'TX' });
  });
});

describe('authentication comes before the body', () => {
  it.each([
    ['PATCH', '/api/users/1', { firstName: 42 }],
    ['POST', '/api/auth/change-password', { currentPassword: 7 }],
    ['GET', '/api/swing-analyses/not-a-number', undefined],
    ['DELETE', '/api/auth/devices/x', undefined],
  ])('%s %s without a session is 401, not a validation error', async (method, url, payload) => {
    const res = await h.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(401);
  });
});

describe('broken multipart bodies answer 400', () => {
  it('multipart without a boundary', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/swing-analyses',
      headers: { cookie: golfer.cookie, 'content-type': 'multipart/form-data' },
      payload: 'garbage that is not multipart at all',
    });
    expectClientError(res, [400]);
  });

  it('a body cut in half over a real socket, and nothing is left behind', async () => {
    const g = await signUp(h);
    const before = await traces(h, g, queue);
    const body = multipart([{ name: 'clubSelection', value: 'driver' }, file('faceOnVideo', v.mp4)]);
    const chunks: Buffer[] = [];
    for await (const chunk of body.payload) chunks.push(Buffer.from(chunk));
    const whole = Buffer.concat(chunks);
    const half = whole.subarray(0, Math.floor(whole.length / 2));
    // The client says how long the body is, sends half, and ends its side: the parser sees the end early.
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const answer = await new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/swing-analyses', headers: { ...body.headers, 'content-length': String(half.length), cookie: g.cookie } },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, type: String(res.headers['content-type']) }));
        },
      );
      req.on('error', reject);
      req.end(half);
    });
    expect(answer.status, answer.body).toBe(400);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body).message).toMatch(/incomplete|cut off|did not arrive/i);
    expect(await traces(h, g, queue)).toEqual(before);
  });
});

describe('an unreadable upload is explained in plain words', () => {
  it.each([
    ['a text file renamed .mp4', () => v.text],
    ['an mp4 cut in half', () => v.truncated],
  ])('%s: no ffprobe demuxer names, addresses or tool output', async (_label, path) => {
    const g = await signUp(h);
    const res = await upload(h, g, [file('faceOnVideo', path())]);
    expect(res.statusCode).toBe(400);
    const { message, title } = res.json();
    expect(title).toBe('Invalid Video File');
    expect(message).toMatch(/could not be read as a video/);
    expect(message).not.toMatch(/0x[0-9a-f]+|mov,mp4|moov|\[[a-z0-9_,]+ @|ffprobe|Invalid data found/i);
  });
});

describe('forwarded routes whose service fails', () => {
  it.each([
    ['is down (connection refused)', 'refuse'],
    ['breaks the connection (e.g. refusing an oversized request)', 'reset'],
  ])('answer 503 with a message when the service %s, never a 500', async (_what, mode) => {
    const broken = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const port = mode === 'reset' ? (broken.address() as AddressInfo).port : 1;
    const gateway = await startGateway({ GAMIFICATION_URL: `http://127.0.0.1:${port}` });
    try {
      const g = await signUp(gateway);
      const res = await gateway.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: g.cookie } });
      expect(res.statusCode, res.body).toBe(503);
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      expect(res.json().message).toMatch(/unavailable right now/);
    } finally {
      await gateway.close();
      broken.close();
    }
  });
});
