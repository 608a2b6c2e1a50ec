import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBilling, type Harness } from './harness.js';

/*
 * An address no route serves is answered as the gateway answers it (server-kit's one not-found handler):
 * plain words and the request id, never the address quoted back. Fastify's own 404 read
 * 'Route GET:/… not found', echoing whatever came, a probe's payload included.
 */

let h: Harness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => h?.close());

describe('an unknown address', () => {
  it.each([
    ['GET', '/api/no-such-route/<script>alert(1)</script>'],
    ['POST', '/nothing-here'],
  ])('%s %s answers 404 in words with the request id, not echoing the address', async (method, url) => {
    const res = await h.app.inject({ method: method as 'GET', url, headers: { ...h.as(1), 'x-request-id': 'req-unknown' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
    expect(res.headers['x-request-id']).toBe('req-unknown');
    expect(res.body).not.toMatch(/no-such-route|nothing-here|script/);
  });
});
