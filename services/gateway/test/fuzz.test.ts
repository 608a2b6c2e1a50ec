import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { routeCatalog, type RouteEntry } from '@swingfit/server-kit';
import { formatFuzzReport, fuzzRoutes, fuzzRuns, injectInto, fuzzableRoutes, type FuzzIdentity, type FuzzResult } from '@swingfit/server-kit/fuzz';
import { openSession } from '../src/http/session.js';
import { startGateway, type Harness } from './harness.js';
import { file, makeVideos, signUp, upload, type Golfer, type Videos } from './analyses-helpers.js';
import { freePort, startInternalService, type InternalService } from './internal-services.js';

/*
 * Issue 17's fuzzer over every route the gateway registered (read from Fastify's own route table, so
 * routes added later are fuzzed without touching this file), on the real stack: PostgreSQL, Redis,
 * the S3 protocol, and real gamification and billing processes behind the forwarded routes. Each route
 * is tried anonymously, as a signed-in golfer (a fresh session per case, so sign-outs do not end the
 * run) and with an admin session; ids of real rows are mixed into the values. The seed is printed.
 */

let h: Harness;
let v: Videos;
let gamification: InternalService;
let billing: InternalService;
let golfer: Golfer;
let result: FuzzResult;

const OWN_RUNS = 100;
const FORWARDED_RUNS = 20;
/** About 35 s on a quiet machine at the default runs; FUZZ_RUNS (e.g. from `pnpm test:fuzz`) scales it. */
const TIMEOUT_MS = 300_000 * Math.max(1, fuzzRuns(OWN_RUNS) / OWN_RUNS);

const session = async (kind: 'user' | 'admin', userId: number | null) =>
  openSession(h.deps.db, { userId, kind, ttlSeconds: 3600, ip: '127.0.0.1' });

beforeAll(async () => {
  const [gamificationPort, billingPort] = [await freePort(), await freePort()];
  h = await startGateway({ GAMIFICATION_URL: `http://127.0.0.1:${gamificationPort}`, BILLING_URL: `http://127.0.0.1:${billingPort}` });
  gamification = await startInternalService(h, 'gamification', gamificationPort);
  billing = await startInternalService(h, 'billing', billingPort, { STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}` });
  v = makeVideos();
}, 90_000);

afterAll(async () => {
  await gamification?.stop();
  await billing?.stop();
  await h?.close();
  v?.close();
});

async function realIds() {
  golfer = await signUp(h, true);
  const other = await signUp(h);
  const analysis = await upload(h, golfer, [file('faceOnVideo', v.mp4)]);
  expect(analysis.statusCode, analysis.body).toBe(201);
  const notification = await sql<{ id: string }>`insert into gamification.notifications (user_id, type, title, message) values (${golfer.id}, 'other', 'Fuzz', 'A notification to read and delete') returning id`.execute(h.deps.db);
  return [golfer.id, other.id, Number(analysis.json().id), Number(notification.rows[0]!.id)];
}

describe('gateway fuzz', () => {
  it('never answers 500, a stack trace or SQL, and every 4xx is a JSON message, on every route', async () => {
    const ids = await realIds();
    const identities: FuzzIdentity[] = [
      { name: 'anonymous', headers: () => ({}) },
      { name: 'golfer', weight: 3, headers: async () => ({ cookie: `sf_session=${await session('user', golfer.id)}` }) },
      { name: 'admin', headers: async () => ({ cookie: `sf_admin=${await session('admin', null)}` }) },
    ];
    const routes = routeCatalog(h.app);
    const urls = new Set(routes.map((r) => r.url));
    // Forwarded prefixes (`/x` and `/x/*`, no schema of ours) get fewer cases here: their own service's
    // fuzz run goes deeper; here they prove the forwarding (sessions, bodies, headers) holds.
    const forwarded = (route: RouteEntry) => !route.schema && (route.url.endsWith('/*') || urls.has(`${route.url}/*`));
    result = await fuzzRoutes({
      routes,
      identities,
      hints: { ids },
      runs: (route) => (forwarded(route) ? FORWARDED_RUNS : OWN_RUNS),
      send: injectInto(h.app),
    });
    console.log(formatFuzzReport('gateway', result));
    expect(result.failures, formatFuzzReport('gateway', result)).toEqual([]);
  }, TIMEOUT_MS);

  it('fuzzed every route the gateway registered, the forwarded ones included', () => {
    const routes = fuzzableRoutes(routeCatalog(h.app)).map((r) => `${r.method} ${r.url}`);
    expect(result.reports.map((r) => r.route)).toEqual(routes);
    for (const route of ['POST /api/auth/login', 'PATCH /api/users/:id', 'GET /api/swing-analyses/:id', 'DELETE /api/notifications/*', 'POST /api/stripe/webhook']) {
      expect(routes).toContain(route);
    }
    expect(result.reports.every((r) => r.cases > 0)).toBe(true);
  });
});
