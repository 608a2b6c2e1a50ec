import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCatalog } from '@swingfit/server-kit';
import { formatFuzzReport, fuzzRoutes, injectInto, fuzzableRoutes, type FuzzResult } from '@swingfit/server-kit/fuzz';
import { startBilling, type Harness } from './harness.js';
import { TEST_MODE_PATH } from '../src/services/provider.js';

/*
 * Issue 17's fuzzer over every billing route (read from Fastify's route table) on real PostgreSQL and
 * Redis, with the real stripe SDK talking to the local Stripe stand-in (local test mode, as `pnpm start`
 * runs it): as the gateway calls it (internal token, a golfer's id), with a forged token, and with
 * nothing. The seed is printed.
 */

let h: Harness;
let result: FuzzResult;

/**
 * Local test mode's checkout and portal are HTML pages for the browser: their refusals are pages too, so
 * there a 4xx needs no JSON message (everything else the fuzzer checks still holds). Every route is fuzzed.
 */
const htmlPage = (route: { url: string }) => route.url.startsWith(TEST_MODE_PATH);
const GOLFER = 7;

/** A real checkout page and portal of the fuzzing golfer, so the pages' handlers run past the lookup. */
async function pageIds() {
  const ids: string[] = [];
  // In turn: the checkout makes the Stripe customer the portal belongs to.
  for (const [url, payload] of [
    ['/api/create-checkout-session', { plan: 'monthly' }],
    ['/api/create-customer-portal', undefined],
  ] as const) {
    const res = await h.app.inject({ method: 'POST', url, headers: h.as(GOLFER), ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(new URL(res.json().url).pathname.split('/').pop()!);
  }
  return ids;
}

beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => h?.close());

describe('billing fuzz', () => {
  it('never answers 500, a stack trace or SQL, and every 4xx is a JSON message, on every route', async () => {
    result = await fuzzRoutes({
      routes: routeCatalog(h.app),
      identities: [
        { name: 'gateway', headers: () => h.as(GOLFER) },
        { name: 'forged token', headers: () => ({ 'x-internal-token': 'not-the-token-at-all', 'x-user-id': '7' }) },
        { name: 'nobody', headers: () => ({}) },
      ],
      hints: { ids: [GOLFER], texts: await pageIds() },
      runs: 100,
      htmlPages: htmlPage,
      send: injectInto(h.app),
    });
    console.log(formatFuzzReport('billing', result));
    expect(result.failures, formatFuzzReport('billing', result)).toEqual([]);
  }, 120_000);

  it('fuzzed every route billing registered', () => {
    expect(result.reports.map((r) => r.route)).toEqual(fuzzableRoutes(routeCatalog(h.app)).map((r) => `${r.method} ${r.url}`));
    expect(result.reports.map((r) => r.route)).toEqual(expect.arrayContaining(['POST /api/stripe/webhook', `GET ${TEST_MODE_PATH}/checkout/:id`, `POST ${TEST_MODE_PATH}/portal/:id/declining`]));
  });
});
