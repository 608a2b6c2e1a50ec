import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricSample } from '@swingfit/server-kit/testing';
import { startGamification, type Harness } from './harness.js';

/* Gamification's /metrics after real work: a golfer's request and events handled, processed and duplicate. */

let h: Harness;
beforeAll(async () => {
  h = await startGamification({ metrics: true });
});
afterAll(async () => h?.close());

describe('gamification GET /metrics', () => {
  it('needs the token, then shows requests by route, events by type and result, the queue and the outbox', async () => {
    const refused = await h.app.inject({ method: 'GET', url: '/metrics' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Unauthorized/) });

    const userId = 4242;
    const id = randomUUID();
    const event = { id, type: 'analysis.uploaded' as const, userId, payload: { analysisId: 9, club: 'driver' as const } };
    expect((await h.process(event, `${id}-a`)).result).toBe('processed');
    expect((await h.process(event, `${id}-b`)).result).toBe('duplicate');
    expect((await h.app.inject({ method: 'GET', url: '/api/notifications', headers: h.as(userId) })).statusCode).toBe(200);
    await h.relay.flush(); // the award's points.awarded leaves the outbox

    const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${h.deps.config.INTERNAL_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    const events = { consumer: 'gamification', type: 'analysis.uploaded', service: 'gamification' };
    expect(metricSample(text, 'swingfit_events_processed_total', { ...events, result: 'processed' })).toBe(1);
    expect(metricSample(text, 'swingfit_events_processed_total', { ...events, result: 'duplicate' })).toBe(1);
    expect(metricSample(text, 'swingfit_events_failed_total', events)).toBeUndefined();
    expect(metricSample(text, 'swingfit_http_request_duration_seconds_count', { route: '/api/notifications', method: 'GET', status_code: '200' })).toBe(1);
    expect(metricSample(text, 'swingfit_http_request_duration_seconds_count', { route: '/metrics', status_code: '401' })).toBe(1);
    expect(metricSample(text, 'swingfit_queue_jobs', { queue: 'events-gamification', state: 'waiting' })).toBe(0);
    expect(metricSample(text, 'swingfit_queue_jobs', { queue: 'gamification-schedule', state: 'failed' })).toBe(0);
    expect(metricSample(text, 'swingfit_outbox_unsent_events', { schema: 'gamification' })).toBe(0);
    expect(metricSample(text, 'nodejs_eventloop_lag_seconds', {})).toBeGreaterThanOrEqual(0);
  });
});
