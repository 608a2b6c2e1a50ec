import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SUBSCRIPTIONS, eventQueueName } from '@swingfit/contracts';
import { JobQueues, createLogger, envelopeOf, queueConnection } from '@swingfit/server-kit';
import { emptyTold, imbalances } from './src/books.js';
import { newGolfer } from './src/golfer.js';
import { startProduct, type Product } from './src/product.js';
import { startFakeStripe, type StripeSetup } from './src/stripe.js';
import { clips, completeAndRecord, expectBooksBalance, pause, premiumGolfer, timer, todaysExercises, uploadAndRecord } from './src/scenario.js';
import { withDb } from '../src/golfers.js';

/*
 * Scenario e: the same thing delivered many times, effects once. The same signed Stripe webhook
 * through the gateway ten times in a row and ten at once (each with a fresh signature, as Stripe's
 * retries); the same event published again (its outbox row marked unsent) and added to its queue again
 * under other job ids; the same analysis job added again. Then the closing check, and a check that the
 * closing check itself notices a doubled event.
 */

const BASE_PORT = 31040;
const REPEATS = 10;
/** Long enough for the re-added jobs to have been taken and done (or refused) by their consumers. */
const REDELIVERY_SETTLE_MS = 8_000;

let product: Product;
let stripe: StripeSetup;
let queues: JobQueues;
const clip = clips();
const told = emptyTold();
const done = timer('e. the same webhook and the same event delivered many times');

beforeAll(async () => {
  stripe = await startFakeStripe(BASE_PORT);
  product = await startProduct({ basePort: BASE_PORT, env: stripe.env });
  queues = new JobQueues({ connection: queueConnection(product.redis.url), prefix: product.env.QUEUE_PREFIX! }, createLogger('faults', 'silent'));
});
afterAll(async () => {
  await queues?.close();
  await product?.close();
  await stripe?.fake.close();
  clip.close();
  done();
});

const query = (sql: string, values: unknown[] = []) => withDb(product.databaseUrl, async (db) => (await db.query(sql, values)).rows as Array<Record<string, unknown>>);

function deliver(payload: string, timestamp: number) {
  return fetch(`${product.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload, timestamp) }, body: payload });
}

describe('e. the same webhook and the same event delivered many times', () => {
  it('acts once on a signed Stripe webhook delivered twenty times, in a row and at once', async () => {
    const buyer = await newGolfer(product.url, 'Buyer');
    told.golfers.push(buyer.id);
    const checkout = await buyer.request<{ url: string }>('POST', '/api/create-checkout-session', { plan: 'annual' });
    expect(checkout.status, checkout.text).toBe(200);
    // No endpoint registered yet: the stand-in keeps its events, this test delivers them.
    const from = stripe.fake.store.data.events.length;
    await stripe.fake.act(() => stripe.fake.engine.completeCheckout(checkout.body.url.split('/').pop()!));
    const events = stripe.fake.store.data.events.slice(from);
    expect(events.map((e) => e.type)).toContain('customer.subscription.created');

    const now = Math.floor(Date.now() / 1000);
    for (const event of events) {
      const payload = JSON.stringify(event);
      for (let i = 0; i < REPEATS; i++) expect((await deliver(payload, now - i)).status).toBe(200);
      const together = await Promise.all(Array.from({ length: REPEATS }, (_, i) => deliver(payload, now - REPEATS - i)));
      expect(together.map((r) => r.status)).toEqual(Array(REPEATS).fill(200));
    }
    await expect.poll(async () => (await buyer.me()).body.isPremium, { timeout: 60_000, interval: 500 }).toBe(true);
    const processed = await query('select event_id, count(*)::int as n from billing.processed_stripe_events where event_id = any($1) group by 1', [events.map((e) => e.id)]);
    expect(processed.map((p) => p.n)).toEqual(events.map(() => 1));
    expect(await query('select status, plan, version from billing.subscriptions where user_id = $1', [buyer.id])).toEqual([{ status: 'active', plan: 'annual', version: 1 }]);
    const published = await query(`select type, count(*)::int as n from billing.outbox where user_id = $1 group by 1`, [buyer.id]);
    expect(published).toEqual([{ type: 'subscription.activated', n: 1 }]);
  });

  it('acts once on events published again and jobs added again', async () => {
    const golfer = await premiumGolfer(product, told, 'Twice');
    const [exercise] = await todaysExercises(golfer);
    expect((await uploadAndRecord(golfer, told, clip.clip, 'driver')).status).toBe(201);
    expect((await completeAndRecord(golfer, told, exercise!)).status).toBe(200);
    await expectBooksBalance(product, told);
    const [analysisId] = [...told.uploads.keys()];

    // Published again: every event of the golfer's outbox rows is marked unsent, and the relay sends it once more.
    await query('update core.outbox set sent_at = null where user_id = $1', [golfer.id]);
    // Added again, under other job ids (a producer that retried after a lost answer): each consumer's inbox must refuse them.
    const rows = await query('select * from core.outbox where user_id = $1', [golfer.id]);
    for (const row of rows) {
      const envelope = envelopeOf(row as never);
      for (const [service, types] of Object.entries(EVENT_SUBSCRIPTIONS)) {
        if (!types.includes(envelope.type)) continue;
        for (let i = 0; i < 3; i++) await queues.queue(eventQueueName(service)).add(envelope.type, envelope, { jobId: randomUUID() });
      }
    }
    // The analysis job added again: once under its own id (a no-op while kept) and twice under others.
    await queues.add('analysis', { analysisId: analysisId! });
    for (let i = 0; i < 2; i++) await queues.queue('analysis').add('analysis', { analysisId: analysisId! }, { jobId: randomUUID() });
    await pause(REDELIVERY_SETTLE_MS);
    await expectBooksBalance(product, told);
    const [analysis] = await query('select status, requeues from core.swing_analyses where id = $1', [analysisId]);
    expect(analysis).toMatchObject({ status: 'failed' });
  });

  it('has a closing check that notices a doubled event (the check can fail)', async () => {
    const [row] = await query(`select * from core.outbox where type in ('analysis.completed', 'analysis.failed') and user_id = any($1) limit 1`, [told.golfers]);
    const copy = randomUUID();
    await query(`insert into core.outbox (id, type, version, user_id, payload, sent_at) values ($1, $2, $3, $4, $5, now())`, [copy, row!.type, row!.version, row!.user_id, row!.payload]);
    try {
      expect((await imbalances(product.databaseUrl, told)).join('\n')).toMatch(/2 outcome events, expected 1/);
    } finally {
      await query('delete from core.outbox where id = $1', [copy]);
    }
    expect(await imbalances(product.databaseUrl, told)).toEqual([]);
  });
});
