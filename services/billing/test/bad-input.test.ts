import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ADDRESSES, UNKNOWN_ADDRESS_REQUEST_ID, unknownAddressProblems } from '@swingfit/server-kit/testing';
import { startBilling, type Harness } from './harness.js';

/* An address no route serves is answered as the gateway answers it (server-kit's testing/unknown-address.ts says how). */

let h: Harness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => h?.close());

describe('an unknown address', () => {
  it.each(UNKNOWN_ADDRESSES)('%s %s answers 404 in words with the request id, not echoing the address', async (method, url) => {
    const res = await h.app.inject({ method, url, headers: { ...h.as(1), 'x-request-id': UNKNOWN_ADDRESS_REQUEST_ID } });
    expect(unknownAddressProblems(res)).toEqual([]);
  });
});
