import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'bullmq';
import { CORE_SCHEMA } from '@swingfit/core-db';
import { publishInTransaction } from '@swingfit/server-kit';
import { eventually, metricSample } from '@swingfit/server-kit/testing';
import { startEventConsumers } from '../src/jobs/events.js';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';
import { freePort, startInternalService, type InternalService } from './internal-services.js';

/*
 * Operations across real services: this gateway and a real gamification process (its main.ts) on one
 * database and Redis prefix. One request id is followed from the gateway's answer into a forwarded
 * call's log and into the log of the job that handles the event the request wrote; /metrics of both
 * services shows the work and refuses callers without the token.
 */

let h: Harness;
let consumer: Worker;
let gamification: InternalService;
let gamificationPort: number;

interface LogLine {
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}
const gamificationLog = (): LogLine[] =>
  gamification
    .log()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

beforeAll(async () => {
  gamificationPort = await freePort();
  h = await startGateway({ GAMIFICATION_URL: `http://127.0.0.1:${gamificationPort}` }, { metrics: true });
  consumer = h.deps.metrics!.watchWorker(startEventConsumers(h.deps));
  h.deps.relay.start();
  gamification = await startInternalService(h, 'gamification', gamificationPort, { LOG_LEVEL: 'info' });
}, 60_000);

afterAll(async () => {
  await gamification?.stop();
  await consumer?.close();
  await h?.close();
});

const scrape = (token?: string) => h.app.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('one request id across services', () => {
  it('is returned, forwarded to gamification and carried by the event its consumer logs', async () => {
    const { cookie } = await registerGolfer(h.app);
    const forwarded = await h.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie, 'x-request-id': 'ops-forwarded-1' } });
    expect(forwarded.statusCode).toBe(200);
    expect(forwarded.headers['x-request-id']).toBe('ops-forwarded-1');
    await eventually(async () => gamificationLog().some((l) => l.reqId === 'ops-forwarded-1' && l.msg === 'request completed'), 10_000, 100);

    // The registration writes user.registered with the request's id; gamification's event job logs it.
    const registered = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-request-id': 'ops-event-1', 'x-forwarded-for': '10.9.8.7' },
      payload: { email: `ops-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Ops', lastName: 'Trace' },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.headers['x-request-id']).toBe('ops-event-1');
    const row = await h.deps.db.selectFrom('outbox').select(['type', 'request_id']).where('request_id', '=', 'ops-event-1').executeTakeFirstOrThrow();
    expect(row.type).toBe('user.registered');
    const handled = await eventually(async () => gamificationLog().find((l) => l.msg === 'event handled' && l.reqId === 'ops-event-1'), 15_000, 100);
    expect(handled).toMatchObject({ consumer: 'gamification', type: 'user.registered', result: 'processed', service: 'gamification' });
  });

  it('replaces an unsafe or overlong id with its own', async () => {
    for (const given of ['has spaces', 'x'.repeat(101), 'quote"s', '']) {
      const res = await h.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('GET /metrics', () => {
  it('refuses callers without the token with a 401 JSON answer', async () => {
    for (const token of [undefined, 'not-the-token']) {
      const res = await scrape(token);
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toMatch(/Unauthorized/);
    }
    const internal = await fetch(`http://127.0.0.1:${gamificationPort}/metrics`);
    expect(internal.status).toBe(401);
  });

  it('shows the gateway’s requests by route, its consumer’s events, its queue and the outbox after real work', async () => {
    const { user } = await registerGolfer(h.app);
    // An upload's event: gamification awards points, its points.awarded comes back to the gateway's consumer.
    await h.deps.db.transaction().execute((trx) =>
      publishInTransaction(trx, CORE_SCHEMA, { type: 'analysis.uploaded', userId: user.id, payload: { analysisId: 1, club: 'driver' }, requestId: 'ops-upload-1' }),
    );
    await eventually(async () => (await h.deps.db.selectFrom('users').select('total_points').where('id', '=', user.id).executeTakeFirstOrThrow()).total_points > 0, 15_000);

    // The consumer counts an event once its job has finished, a moment after the points it wrote are
    // visible: scrape until the count is there (on a busy machine the first scrape came before it).
    const processed = (t: string) => (metricSample(t, 'swingfit_events_processed_total', { consumer: 'gateway', type: 'points.awarded', result: 'processed' }) ?? 0) >= 1
      && (metricSample(t, 'swingfit_job_duration_seconds_count', { queue: 'events-gateway', job: 'points.awarded' }) ?? 0) >= 1;
    const text = await eventually(async () => {
      const res = await scrape(h.deps.config.INTERNAL_TOKEN);
      expect(res.statusCode).toBe(200);
      return processed(res.body) ? res.body : undefined;
    }, 15_000);
    expect(metricSample(text, 'swingfit_http_request_duration_seconds_count', { route: '/api/auth/register', method: 'POST', status_code: '201', service: 'gateway' })).toBeGreaterThanOrEqual(2);
    expect(metricSample(text, 'swingfit_http_request_duration_seconds_count', { route: '/api/notifications', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(metricSample(text, 'swingfit_http_request_duration_seconds_count', { route: '/metrics', status_code: '401' })).toBeGreaterThanOrEqual(2);
    expect(metricSample(text, 'swingfit_events_processed_total', { consumer: 'gateway', type: 'points.awarded', result: 'processed' })).toBeGreaterThanOrEqual(1);
    expect(metricSample(text, 'swingfit_job_duration_seconds_count', { queue: 'events-gateway', job: 'points.awarded' })).toBeGreaterThanOrEqual(1);
    expect(metricSample(text, 'swingfit_queue_jobs', { queue: 'events-gateway', state: 'failed' })).toBe(0);
    expect(metricSample(text, 'swingfit_outbox_unsent_events', { schema: CORE_SCHEMA })).toBe(0);
    expect(metricSample(text, 'swingfit_metrics_source_up', { source: 'redis' })).toBe(1);

    // Gamification's own /metrics (its main.ts wiring), with the internal token.
    const g = await eventually(async () => {
      const internal = await fetch(`http://127.0.0.1:${gamificationPort}/metrics`, { headers: { authorization: `Bearer ${h.deps.config.INTERNAL_TOKEN}` } });
      expect(internal.status).toBe(200);
      const body = await internal.text();
      return (metricSample(body, 'swingfit_events_processed_total', { consumer: 'gamification', type: 'analysis.uploaded', result: 'processed', service: 'gamification' }) ?? 0) >= 1 ? body : undefined;
    }, 15_000);
    expect(metricSample(g, 'swingfit_events_processed_total', { consumer: 'gamification', type: 'analysis.uploaded', result: 'processed', service: 'gamification' })).toBeGreaterThanOrEqual(1);
    expect(metricSample(g, 'swingfit_events_processed_total', { consumer: 'gamification', type: 'user.registered', result: 'processed' })).toBeGreaterThanOrEqual(1);
    expect(metricSample(g, 'swingfit_http_request_duration_seconds_count', { route: '/api/notifications', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(metricSample(g, 'swingfit_queue_jobs', { queue: 'events-gamification', state: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(metricSample(g, 'swingfit_outbox_oldest_unsent_age_seconds', { schema: 'gamification' })).toBeLessThan(5);
  });

  it('takes METRICS_TOKEN over INTERNAL_TOKEN when set', async () => {
    const other = await startGateway({ METRICS_TOKEN: 'a-separate-metrics-token' }, { metrics: true });
    try {
      expect((await other.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${other.deps.config.INTERNAL_TOKEN}` } })).statusCode).toBe(401);
      expect((await other.app.inject({ url: '/metrics', headers: { authorization: 'Bearer a-separate-metrics-token' } })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
