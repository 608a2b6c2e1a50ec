import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ADDRESSES, UNKNOWN_ADDRESS_REQUEST_ID, unknownAddressProblems } from '@swingfit/server-kit/testing';
import { startGamification, type Harness } from './harness.js';

/* Ids past PostgreSQL's bigint (issue 17) are refused by the route schema: 400, never a 500. */

let h: Harness;
beforeAll(async () => {
  h = await startGamification();
});
afterAll(async () => {
  await h?.close();
});

describe.each(['9223372036854775808', '1e20', '99999999999999999999999', '9007199254740993'])('id %s', (id) => {
  it.each([
    ['PATCH', `/api/notifications/${id}/read`],
    ['DELETE', `/api/notifications/${id}`],
    ['GET', `/api/points/monthly-position/${id}`],
  ])('%s %s answers 400 with a message', async (method, url) => {
    const res = await h.app.inject({ method: method as 'GET', url, headers: h.as(1) });
    expect(res.statusCode, res.body).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});

/* An address no route serves is answered as the gateway answers it (server-kit's testing/unknown-address.ts says how). */
describe('an unknown address', () => {
  it.each(UNKNOWN_ADDRESSES)('%s %s answers 404 in words with the request id, not echoing the address', async (method, url) => {
    const res = await h.app.inject({ method, url, headers: { ...h.as(1), 'x-request-id': UNKNOWN_ADDRESS_REQUEST_ID } });
    expect(unknownAddressProblems(res)).toEqual([]);
  });
});
