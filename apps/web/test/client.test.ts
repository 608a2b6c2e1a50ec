// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiGet, apiRequest } from '../src/api/client';

// A real HTTP server stands in for the gateway so the helper's own fetch, headers and parsing are exercised.
let server: Server;
let base: string;
const seen: Array<{ method?: string; url?: string; contentType?: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], body });
      if (req.url === '/json-error') {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Invalid email or password' }));
      } else if (req.url === '/text-error') {
        res.writeHead(409, { 'content-type': 'text/plain' }).end('Email taken');
      } else if (req.url === '/empty-error') {
        res.writeHead(503).end();
      } else if (req.url === '/no-content') {
        res.writeHead(204).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, echo: body }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('request helper (section 7)', () => {
  it('formats a JSON error as "status: text" and exposes the server message', async () => {
    const err = await apiRequest('POST', `${base}/json-error`, { email: 'a@b.co' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('401: {"message":"Invalid email or password"}');
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).serverMessage).toBe('Invalid email or password');
  });
  it('uses the plain-text body as the text', async () => {
    const err = (await apiGet(`${base}/text-error`).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('409: Email taken');
    expect(err.serverMessage).toBeUndefined();
  });
  it('falls back to the status text when the body is empty', async () => {
    const err = (await apiGet(`${base}/empty-error`).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('503: Service Unavailable');
  });
  it('sends JSON bodies with a JSON content type and parses JSON answers', async () => {
    const out = await apiRequest<{ ok: boolean; echo: string }>('PATCH', `${base}/users/7`, { city: 'Austin' });
    expect(out).toEqual({ ok: true, echo: '{"city":"Austin"}' });
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', contentType: 'application/json' });
  });
  it('returns undefined for 204 No Content', async () => {
    expect(await apiRequest('DELETE', `${base}/no-content`)).toBeUndefined();
  });
});
