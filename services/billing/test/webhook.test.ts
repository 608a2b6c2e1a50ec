import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createDb, createLogger, createRedis, migrateSchema, parseConfig, type App } from '@swingfit/server-kit';
import { createTestDatabase, testRedisUrl, type TestDatabase } from '@swingfit/server-kit/testing';
import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { BillingEnv } from '../src/config.js';
import { billingMigrations } from '../src/db/migrations.js';
import { saveCustomer } from '../src/db/customers.js';
import { BILLING_SCHEMA, type BillingDatabase } from '../src/db/schema.js';

const SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const PERIOD_END = Math.floor(Date.now() / 1000) + 30 * 86_400;

let database: TestDatabase;
let db: Kysely<BillingDatabase>;
let redis: Redis;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb<BillingDatabase>(database.url, { schema: BILLING_SCHEMA, max: 3 });
  await migrateSchema(db, BILLING_SCHEMA, billingMigrations);
  redis = createRedis(testRedisUrl(), 'producer');
  const config = parseConfig(BillingEnv, {
    DATABASE_URL: database.url,
    INTERNAL_TOKEN: randomBytes(16).toString('hex'),
    STRIPE_WEBHOOK_SECRET: SECRET,
    LOG_LEVEL: 'silent',
  });
  app = await buildApp({ config, logger: createLogger('billing-test', 'silent'), db, redis, stripe: null });
  await app.ready();
  await saveCustomer(db, 7, 'cus_known');
});
afterAll(async () => {
  await app?.close();
  redis?.disconnect();
  await db?.destroy();
  await database?.drop();
});

function stripeEvent(id: string, type: string, subscription: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'subscription', items: { object: 'list', data: [{ id: 'si_1', current_period_end: PERIOD_END }] }, ...subscription } },
  });
}

function post(payload: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

const sign = (payload: string, secret = SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
const outboxFor = (subscriptionId: string) =>
  db.selectFrom('outbox').selectAll().where(sql<boolean>`payload->>'subscriptionId' = ${subscriptionId}`).orderBy('occurred_at').execute();

describe('POST /api/stripe/webhook', () => {
  it('publishes subscription.activated once for a delivery Stripe repeats', async () => {
    const payload = stripeEvent('evt_created_1', 'customer.subscription.created', { id: 'sub_a', customer: 'cus_known', status: 'active' });
    const first = await post(payload, sign(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    // Stripe re-sends the same event (new timestamp, new signature).
    const again = await post(payload, sign(payload));
    expect(again.statusCode).toBe(200);

    const rows = await outboxFor('sub_a');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'subscription.activated', user_id: 7, sent_at: null });
    expect(rows[0]!.payload).toEqual({ subscriptionId: 'sub_a', customerId: 'cus_known', currentPeriodEnd: new Date(PERIOD_END * 1000).toISOString() });
  });

  it.each([
    ['a signature made with another secret', (p: string) => sign(p, 'whsec_not_ours')],
    ['a signature of another body', (p: string) => sign(p.replace('sub_b', 'sub_x'))],
    ['a garbled signature header', () => 't=1,v1=deadbeef'],
    ['no signature header', () => undefined],
  ])('answers 400 to %s and publishes nothing', async (_what, signatureFor) => {
    const payload = stripeEvent(`evt_${randomBytes(4).toString('hex')}`, 'customer.subscription.created', { id: 'sub_b', customer: 'cus_known', status: 'active' });
    const res = await post(payload, signatureFor(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/signature/i);
    expect(await outboxFor('sub_b')).toHaveLength(0);
    const processed = await db.selectFrom('processed_stripe_events').select('event_id').where('event_id', '=', JSON.parse(payload).id).execute();
    expect(processed).toHaveLength(0);
  });

  it('maps updated and deleted, and finds the user from metadata when the customer is new to us', async () => {
    const updated = stripeEvent('evt_updated_1', 'customer.subscription.updated', { id: 'sub_c', customer: 'cus_other', status: 'past_due', metadata: { userId: '12' } });
    expect((await post(updated, sign(updated))).statusCode).toBe(200);
    const deleted = stripeEvent('evt_deleted_1', 'customer.subscription.deleted', { id: 'sub_c', customer: 'cus_other', status: 'canceled', metadata: { userId: '12' } });
    expect((await post(deleted, sign(deleted))).statusCode).toBe(200);
    const rows = await outboxFor('sub_c');
    expect(rows.map((r) => [r.type, r.user_id])).toEqual([
      ['subscription.updated', 12],
      ['subscription.canceled', 12],
    ]);
    expect(rows[0]!.payload).toMatchObject({ status: 'past_due' });
  });

  it('acknowledges, without publishing, a subscription of a customer it cannot place', async () => {
    const payload = stripeEvent('evt_stranger', 'customer.subscription.created', { id: 'sub_d', customer: 'cus_stranger', status: 'active' });
    expect((await post(payload, sign(payload))).statusCode).toBe(200);
    expect(await outboxFor('sub_d')).toHaveLength(0);
  });
});
