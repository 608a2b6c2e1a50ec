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
 * Local test mode's checkout and portal are HTML pages for the browser (their errors are pages too), not
 * JSON routes; test/test-mode-pages.test.ts covers them. Every other billing route is fuzzed.
 */
const htmlPage = (route: { url: string }) => route.url.startsWith(TEST_MODE_PATH);

beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => h?.close());

describe('billing fuzz', () => {
  it('never answers 500, a stack trace or SQL, and every 4xx is a JSON message, on every route', async () => {
    result = await fuzzRoutes({
      routes: routeCatalog(h.app),
      identities: [
        { name: 'gateway', headers: () => h.as(7) },
        { name: 'forged token', headers: () => ({ 'x-internal-token': 'not-the-token-at-all', 'x-user-id': '7' }) },
        { name: 'nobody', headers: () => ({}) },
      ],
      hints: { ids: [7] },
      runs: 100,
      skip: htmlPage,
      send: injectInto(h.app),
    });
    console.log(formatFuzzReport('billing', result));
    expect(result.failures, formatFuzzReport('billing', result)).toEqual([]);
  }, 120_000);

  it('fuzzed every route billing registered', () => {
    expect(result.reports.map((r) => r.route)).toEqual(fuzzableRoutes(routeCatalog(h.app), htmlPage).map((r) => `${r.method} ${r.url}`));
    expect(result.reports.map((r) => r.route)).toContain('POST /api/stripe/webhook');
  });
});
