import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, INTERNAL_USER_HEADER } from '../src/http/proxy.js';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';

/*
 * What the forwarded routes (http/proxy.ts) hand the service behind them: billing and gamification
 * believe x-user-id beside the internal token, so the golfer they act for must be the one the gateway
 * authenticated, never one the caller named. A stand-in upstream records every request it is sent.
 */

let h: Harness;
let upstream: Server;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end('{"received":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  h = await startGateway({ GAMIFICATION_URL: url, BILLING_URL: url });
});
afterAll(async () => {
  await h?.close();
  upstream?.close();
});

const lastSeen = () => seen[seen.length - 1]!;

describe('forwarded requests', () => {
  it('name the signed-in golfer, whoever the caller claims to be, with the real token and no cookie', async () => {
    const ann = await registerGolfer(h.app);
    const bob = await registerGolfer(h.app);
    const spoofed = { cookie: ann.cookie, [INTERNAL_USER_HEADER]: String(bob.user.id), [INTERNAL_TOKEN_HEADER]: 'made-up' };
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['PATCH', '/api/notifications/1/read'],
      ['GET', '/api/points/summary'],
      ['POST', '/api/create-checkout-session'],
      ['GET', '/api/billing/subscription'],
    ] as const) {
      const res = await h.app.inject({ method, url, headers: spoofed, ...(method === 'POST' ? { payload: { plan: 'annual' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(200);
      expect(lastSeen().url).toBe(url);
      expect(lastSeen().headers[INTERNAL_USER_HEADER], url).toBe(String(ann.user.id));
      expect(lastSeen().headers[INTERNAL_TOKEN_HEADER]).toBe(h.deps.config.INTERNAL_TOKEN);
      expect(lastSeen().headers.cookie).toBeUndefined();
    }
  });

  it('name nobody on the public webhook route, even when the caller sends a golfer id', async () => {
    const golfer = await registerGolfer(h.app);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x', [INTERNAL_USER_HEADER]: String(golfer.user.id), cookie: golfer.cookie },
      payload: '{"id":"evt_1"}',
    });
    expect(res.statusCode).toBe(200);
    expect(lastSeen().url).toBe('/api/stripe/webhook');
    expect(lastSeen().headers[INTERNAL_USER_HEADER]).toBeUndefined();
    expect(lastSeen().headers.cookie).toBeUndefined();
  });

  it('are never sent for a caller without a session', async () => {
    const before = seen.length;
    for (const url of ['/api/notifications', '/api/points/summary', '/api/billing/subscription', '/billing/test-mode/checkout/cs_test_1']) {
      const res = await h.app.inject({ method: 'GET', url, headers: { [INTERNAL_USER_HEADER]: '1' } });
      expect(res.statusCode, url).toBe(401);
    }
    expect(seen.length).toBe(before);
  });
});
