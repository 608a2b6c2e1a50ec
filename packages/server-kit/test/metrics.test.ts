import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { Type } from '@sinclair/typebox';
import { eventQueueName } from '@swingfit/contracts';
import {
  OutboxRelay,
  ServiceMetrics,
  consumeEvents,
  createDb,
  createHttpServer,
  createLogger,
  inboxMigration,
  metricsToken,
  migrateSchema,
  outboxLeaseMigration,
  outboxMigration,
  publishInTransaction,
  queueConnection,
} from '../src/index.js';
import { createTestDatabase, eventually, testQueuePrefix, testRedisUrl, type TestDatabase } from '../src/testing/index.js';
import { metricSample as sample } from '../src/testing/index.js';
import { capturedLogger } from './support.js';

const TOKEN = 'metrics-token-for-the-test';
const silent = createLogger('test', 'silent');

describe('GET /metrics and the HTTP timings', () => {
  it('times answers by route pattern, never the raw URL, and asks for the bearer token', async () => {
    const metrics = new ServiceMetrics({ service: 'gateway', logger: silent, processMetrics: false });
    const app = createHttpServer({ logger: silent, metrics: { metrics, token: TOKEN } });
    app.get('/api/things/:id', { schema: { params: Type.Object({ id: Type.Integer() }) } }, async (request) => ({ id: (request.params as { id: number }).id }));
    await app.ready();
    for (const id of [1, 2, 3]) expect((await app.inject(`/api/things/${id}`)).statusCode).toBe(200);
    expect((await app.inject('/api/things/not-a-number')).statusCode).toBe(400);
    expect((await app.inject('/no/such/page/12345')).statusCode).toBe(404);

    for (const authorization of [undefined, 'Bearer wrong-token', TOKEN, `Basic ${TOKEN}`]) {
      const refused = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toMatch(/Unauthorized/);
    }
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const count = (labels: Record<string, string>) => sample(text, 'swingfit_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/things/:id', status_code: '200', service: 'gateway' })).toBe(3);
    expect(count({ route: '/api/things/:id', status_code: '400' })).toBe(1);
    expect(count({ route: '(unmatched)', status_code: '404' })).toBe(1);
    expect(count({ route: '/metrics', status_code: '401' })).toBe(4);
    expect(text).not.toContain('/api/things/1"');
    expect(text).not.toContain('12345');
    const sum = sample(text, 'swingfit_http_request_duration_seconds_sum', { route: '/api/things/:id', status_code: '200' })!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(5);
    await app.close();
    await metrics.close();
  });

  it('refuses everyone when no token is configured; METRICS_TOKEN wins over INTERNAL_TOKEN', async () => {
    expect(metricsToken({ METRICS_TOKEN: 'a', INTERNAL_TOKEN: 'b' })).toBe('a');
    expect(metricsToken({ METRICS_TOKEN: '', INTERNAL_TOKEN: 'b' })).toBe('b');
    const metrics = new ServiceMetrics({ service: 'billing', logger: silent, processMetrics: false });
    const app = createHttpServer({ logger: silent, metrics: { metrics, token: metricsToken({ METRICS_TOKEN: '' }) } });
    expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer ' } })).statusCode).toBe(401);
    await app.close();
  });
});

describe('queue, job, event and outbox metrics', () => {
  let database: TestDatabase;
  const prefix = testQueuePrefix();
  const settings = { connection: queueConnection(testRedisUrl()), prefix };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const name of [eventQueueName('gamification'), 'analysis']) {
      const queue = new Queue(name, { connection: settings.connection, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await database.drop();
  });

  it('reports outbox lag, events handled and failed, job timings and queue depth after real work; the job log carries the request id', async () => {
    const producer = createDb<any>(database.url, { schema: 'producer' });
    const consumer = createDb<any>(database.url, { schema: 'consumer' });
    await migrateSchema(producer, 'producer', { '0001': outboxMigration(), '0002': outboxLeaseMigration() });
    await migrateSchema(consumer, 'consumer', { '0001': inboxMigration() });
    const metrics = new ServiceMetrics({ service: 'gamification', logger: silent, outbox: { db: producer, schema: 'producer' }, queues: settings });

    await publishInTransaction(producer, 'producer', {
      type: 'analysis.uploaded',
      userId: 7,
      requestId: 'req-trace-42',
      payload: { analysisId: 1, club: 'driver' },
    });
    await new Promise((r) => setTimeout(r, 50));
    let text = await metrics.text();
    expect(sample(text, 'swingfit_outbox_unsent_events', { schema: 'producer', service: 'gamification' })).toBe(1);
    expect(sample(text, 'swingfit_outbox_oldest_unsent_age_seconds', { schema: 'producer' })).toBeGreaterThan(0.01);
    expect(sample(text, 'swingfit_metrics_source_up', { source: 'postgres' })).toBe(1);
    expect(sample(text, 'process_resident_memory_bytes', {})).toBeGreaterThan(1e6);

    const { logger, lines } = capturedLogger();
    const worker = metrics.watchWorker(
      consumeEvents({ service: 'gamification', db: consumer, schema: 'consumer', settings, logger, subscriptions: ['analysis.uploaded'], handlers: { 'analysis.uploaded': async () => undefined } }),
    );
    const relay = new OutboxRelay(producer, 'producer', settings, silent);
    expect(await relay.flush()).toBe(1);
    // A malformed envelope: straight to the failed set (no retries).
    const queue = new Queue(eventQueueName('gamification'), { connection: settings.connection, prefix });
    await queue.add('analysis.uploaded', { nonsense: true }, { attempts: 12 });
    await eventually(async () => (await queue.getFailedCount()) === 1 && (await queue.getCompletedCount()) === 1, 10_000, 50);
    await new Promise((r) => setTimeout(r, 1_100)); // past the shared outbox read

    text = await metrics.text();
    const consumerLabels = { consumer: 'gamification', type: 'analysis.uploaded' };
    expect(sample(text, 'swingfit_events_processed_total', { ...consumerLabels, result: 'processed' })).toBe(1);
    expect(sample(text, 'swingfit_events_failed_total', { ...consumerLabels, final: 'true' })).toBe(1);
    expect(sample(text, 'swingfit_jobs_total', { queue: 'events-gamification', job: 'analysis.uploaded', outcome: 'completed' })).toBe(1);
    expect(sample(text, 'swingfit_jobs_total', { queue: 'events-gamification', job: 'analysis.uploaded', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'swingfit_job_duration_seconds_count', { queue: 'events-gamification', job: 'analysis.uploaded' })).toBe(2);
    expect(sample(text, 'swingfit_queue_jobs', { queue: 'events-gamification', state: 'failed' })).toBe(1);
    expect(sample(text, 'swingfit_queue_jobs', { queue: 'events-gamification', state: 'waiting' })).toBe(0);
    expect(sample(text, 'swingfit_queue_jobs', { queue: 'gamification-schedule', state: 'active' })).toBe(0);
    expect(sample(text, 'swingfit_metrics_source_up', { source: 'redis' })).toBe(1);
    expect(sample(text, 'swingfit_outbox_unsent_events', { schema: 'producer' })).toBe(0);
    expect(sample(text, 'swingfit_outbox_oldest_unsent_age_seconds', { schema: 'producer' })).toBe(0);

    const handled = lines.find((l) => l.msg === 'event handled');
    expect(handled).toMatchObject({ reqId: 'req-trace-42', consumer: 'gamification', type: 'analysis.uploaded', result: 'processed' });

    await worker.close();
    await relay.close();
    await queue.close();
    await metrics.close();
    await producer.destroy();
    await consumer.destroy();
  });

  it('reports the source down, not stale or made-up depths, when Redis does not answer', async () => {
    const metrics = new ServiceMetrics({ service: 'billing', logger: silent, processMetrics: false, queues: { connection: { host: '127.0.0.1', port: 1, maxRetriesPerRequest: null }, prefix } });
    const text = await metrics.text();
    expect(sample(text, 'swingfit_metrics_source_up', { source: 'redis' })).toBe(0);
    expect(sample(text, 'swingfit_queue_jobs', {})).toBeUndefined();
    await metrics.close();
  });
});
