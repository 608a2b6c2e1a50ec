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

/*
 * Every route that reaches a golfer's data by an id (in the path, or the body for the upgrade), sent
 * by another golfer with the owner's ids: 403 or 404, and nothing of the owner's changes; and every
 * route but the public ones refuses a caller without a session. The routes come from Fastify's table:
 * one added later that takes an id fails the coverage check until it is listed here.
 */
interface Owned {
  owner: Golfer;
  stranger: Golfer;
  analysisId: number;
  sessionId: number;
  notificationId: number;
  checkoutPath: string;
  portalPath: string;
}

interface Probe {
  url: string;
  payload?: object | string;
  /** A browser form (local test mode's pages), not JSON. */
  form?: boolean;
  /** Read-only: the owner sending it is answered 200, which proves the ids are real. */
  ownerReads?: boolean;
}

/** "METHOD /url" from Fastify's table -> what another golfer sends with the owner's ids. */
const strangersProbes = ({ owner, stranger, analysisId, sessionId, notificationId, checkoutPath, portalPath }: Owned): Record<string, Probe[]> => ({
  'GET /api/users/:id': [{ url: `/api/users/${owner.id}`, ownerReads: true }],
  'PATCH /api/users/:id': [{ url: `/api/users/${owner.id}`, payload: { city: 'Taken' } }],
  'GET /api/users/:id/monthly-position': [{ url: `/api/users/${owner.id}/monthly-position`, ownerReads: true }],
  'GET /api/upload-status/:userId': [{ url: `/api/upload-status/${owner.id}`, ownerReads: true }],
  'GET /api/swing-analyses/user/:userId': [{ url: `/api/swing-analyses/user/${owner.id}`, ownerReads: true }],
  'GET /api/swing-analyses/:id': [
    { url: `/api/swing-analyses/${analysisId}`, ownerReads: true },
    { url: `/api/swing-analyses/${analysisId}?status_only=true`, ownerReads: true },
  ],
  'GET /api/swing-analyses/user/:userId/previous/:id': [
    { url: `/api/swing-analyses/user/${owner.id}/previous/${analysisId}` },
    { url: `/api/swing-analyses/user/${stranger.id}/previous/${analysisId}` },
  ],
  'GET /api/swing-analyses/user/:userId/monthly-average/:club': [{ url: `/api/swing-analyses/user/${owner.id}/monthly-average/driver`, ownerReads: true }],
  'DELETE /api/swing-analyses/:id': [{ url: `/api/swing-analyses/${analysisId}` }],
  'GET /api/media/analyses/:id/:view/*': [{ url: `/api/media/analyses/${analysisId}/face-on/original` }],
  'DELETE /api/auth/devices/:sessionId': [{ url: `/api/auth/devices/${sessionId}` }],
  'GET /api/daily-workout/:userId': [{ url: `/api/daily-workout/${owner.id}`, ownerReads: true }],
  'GET /api/user-sessions/:userId': [{ url: `/api/user-sessions/${owner.id}`, ownerReads: true }],
  'GET /api/exercise-logs/user/:user/history/:exerciseName': [{ url: `/api/exercise-logs/user/${owner.id}/history/Goblet%20Squat`, ownerReads: true }],
  'PATCH /api/notifications/*': [{ url: `/api/notifications/${notificationId}/read` }],
  'DELETE /api/notifications/*': [{ url: `/api/notifications/${notificationId}` }],
  'GET /api/points/*': [{ url: `/api/points/monthly-position/${owner.id}`, ownerReads: true }],
  'POST /api/subscription/*': [{ url: '/api/subscription/upgrade', payload: { userId: owner.id, plan: 'annual' } }],
  'GET /billing/test-mode/*': [{ url: checkoutPath, ownerReads: true }, { url: portalPath, ownerReads: true }],
  'POST /billing/test-mode/*': [
    { url: `${checkoutPath}/pay`, payload: '', form: true },
    ...['cancel', 'advance-clock', 'declining'].map((action) => ({ url: `${portalPath}/${action}`, payload: 'declining=on', form: true })),
  ],
});

/** Routes that take an id which is not a golfer's, with where their refusals are tested. */
const NOT_A_GOLFERS_ID: Record<string, string> = {
  'GET /api/exercises/:id': 'the shared exercise catalog (Premium locks: exercise-library.test.ts)',
  'GET /api/youtube/embed/:videoId': 'catalog videos (exercise-library.test.ts)',
};

/** Forwarded prefixes whose upstream routes take no id: they act on the golfer the gateway names. */
const FORWARDED_WITHOUT_IDS = ['/api/create-checkout-session', '/api/get-or-create-subscription', '/api/create-customer-portal', '/api/billing', '/api/stripe/webhook'];

/** Open without a session: signing in and out, health, and Stripe's webhook (its signature is the check). */
const PUBLIC = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/logout',
  'GET /api/login',
  'GET /api/auth/oidc/callback',
  'POST /api/admin/login',
  'POST /api/admin/logout',
]);
const isPublic = (route: string) => PUBLIC.has(route) || /^[A-Z]+ \/api\/stripe\/webhook(\/\*)?$/.test(route);
const isAdmin = (url: string) => url.startsWith('/api/admin/') || url === '/api/download/excel';

describe('another golfer’s ids, on every route that takes one', () => {
  let owned: Owned;

  beforeAll(async () => {
    const owner = await signUp(h, true);
    const stranger = await signUp(h, true);
    const analysis = await upload(h, owner, [file('faceOnVideo', v.mp4)]);
    expect(analysis.statusCode, analysis.body).toBe(201);
    const session = await h.deps.db.selectFrom('sessions').select('id').where('user_id', '=', owner.id).executeTakeFirstOrThrow();
    const notification = await sql<{ id: string }>`insert into gamification.notifications (user_id, type, title, message) values (${owner.id}, 'other', 'Yours', 'Not the stranger''s') returning id`.execute(h.deps.db);
    const checkout = await h.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: { cookie: owner.cookie }, payload: { plan: 'monthly' } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const portal = await h.app.inject({ method: 'POST', url: '/api/create-customer-portal', headers: { cookie: owner.cookie } });
    expect(portal.statusCode, portal.body).toBe(200);
    owned = {
      owner,
      stranger,
      analysisId: Number(analysis.json().id),
      sessionId: session.id,
      notificationId: Number(notification.rows[0]!.id),
      checkoutPath: new URL(checkout.json().url).pathname,
      portalPath: new URL(portal.json().url).pathname,
    };
  });

  const send = (probe: Probe, method: string, cookie?: string) =>
    h.app.inject({
      method: method as 'GET',
      url: probe.url,
      headers: {
        ...(cookie ? { cookie } : {}),
        // The same-origin guard lets the app's own forms through; this test is about whose ids they carry.
        ...(probe.form ? { 'content-type': 'application/x-www-form-urlencoded', origin: h.deps.config.PUBLIC_URL } : {}),
      },
      ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
    });

  /** Everything of the owner's that a stranger's request could touch, in every service's own store. */
  async function ownersState() {
    const { db, store } = h.deps;
    const id = owned.owner.id;
    const page = async (path: string) => (await h.app.inject({ method: 'GET', url: path, headers: { cookie: owned.owner.cookie } })).body;
    return {
      user: await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      analyses: await db.selectFrom('swing_analyses').selectAll().where('user_id', '=', id).execute(),
      sessions: await db.selectFrom('sessions').select(['id', 'expires_at']).where('user_id', '=', id).orderBy('id').execute(),
      objects: await store.list(`users/${id}/`),
      notifications: (await sql`select id, is_read from gamification.notifications where user_id = ${id} order by id`.execute(db)).rows,
      subscription: (await h.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie: owned.owner.cookie } })).json(),
      checkout: await page(owned.checkoutPath),
      portal: await page(owned.portalPath),
    };
  }

  it('lists every route that takes an id: the golfer’s own, another kind, or an admin route', () => {
    const probes = strangersProbes(owned);
    const routes = fuzzableRoutes(routeCatalog(h.app)).map((r) => `${r.method} ${r.url}`);
    const urlOf = (route: string) => route.slice(route.indexOf(' ') + 1);
    // A forwarded prefix with probes is covered on every method: the others reach no route upstream (404).
    const probedPrefixes = new Set(Object.keys(probes).map(urlOf).filter((url) => url.endsWith('/*')).map((url) => url.slice(0, -2)));
    const unlisted = routes.filter((route) => {
      const url = urlOf(route);
      const takesId = url.includes('/:') || url.endsWith('/*');
      const prefix = url.replace(/\/\*$/, '');
      return takesId && !probes[route] && !NOT_A_GOLFERS_ID[route] && !isAdmin(url) && !FORWARDED_WITHOUT_IDS.includes(prefix) && !probedPrefixes.has(prefix);
    });
    expect(unlisted).toEqual([]);
    for (const route of Object.keys(probes)) expect(routes, route).toContain(route);
  });

  it('answers another golfer 403 or 404 and changes nothing of the owner’s; the owner reads the same requests', async () => {
    const probes = Object.entries(strangersProbes(owned)).flatMap(([route, list]) => list.map((probe) => ({ method: route.split(' ')[0]!, probe })));
    for (const { method, probe } of probes.filter((p) => p.probe.ownerReads)) {
      const res = await send(probe, method, owned.owner.cookie);
      expect(res.statusCode, `owner ${method} ${probe.url}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    const before = await ownersState();
    for (const { method, probe } of probes) {
      const res = await send(probe, method, owned.stranger.cookie);
      expect([403, 404], `stranger ${method} ${probe.url}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    }
    expect(await ownersState()).toEqual(before);
  });

  it('refuses a caller without a session on every route but the public ones, and changes nothing', async () => {
    const before = await ownersState();
    const { owner, analysisId } = owned;
    const fill = (url: string) =>
      url
        .replace(/:(userId|user)\b/g, String(owner.id))
        .replace(/\/users\/:id/, `/users/${owner.id}`)
        .replace(/:view\b/, 'face-on')
        .replace(/:queue\b/, 'analysis')
        .replace(/:[A-Za-z]+/g, String(analysisId))
        .replace(/\/\*$/, `/${analysisId}`);
    for (const route of fuzzableRoutes(routeCatalog(h.app))) {
      const name = `${route.method} ${route.url}`;
      if (isPublic(name)) continue;
      const res = await h.app.inject({ method: route.method as 'GET', url: fill(route.url), ...(route.method === 'GET' ? {} : { payload: { city: 'Taken', userId: owner.id } }) });
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(401);
    }
    expect(await ownersState()).toEqual(before);
  });
});
