import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTold } from './src/books.js';
import { isClearRefusal, newGolfer } from './src/golfer.js';
import { startProduct, type Product } from './src/product.js';
import { startFakeStripe, type StripeSetup } from './src/stripe.js';
import { clips, completeAndRecord, expectBooksBalance, pause, premiumGolfer, timer, todaysExercises, uploadAndRecord } from './src/scenario.js';
import { withDb } from '../src/golfers.js';

/*
 * Scenario d: gamification, then billing, killed (SIGKILL) in the middle of a run. The rest keeps
 * working (uploads, analyses, workouts); the dead service's routes answer a clear 503; its events wait
 * in the outbox and the queues and arrive once it is back: points counted once, and a payment made
 * while billing was down (Stripe retrying its webhooks) ends as one active subscription and Premium.
 */

const BASE_PORT = 31030;
const GOLFERS = 3;
const RETURN_TIMEOUT_MS = 120_000;

let product: Product;
let stripe: StripeSetup;
const clip = clips();
const told = emptyTold();
const done = timer('d. billing or gamification down');

beforeAll(async () => {
  stripe = await startFakeStripe(BASE_PORT);
  product = await startProduct({ basePort: BASE_PORT, env: stripe.env });
  stripe.deliverTo(product.url);
});
afterAll(async () => {
  await product?.close();
  await stripe?.fake.close();
  clip.close();
  done();
});

const one = async (sql: string, values: unknown[]) => withDb(product.databaseUrl, async (db) => (await db.query(sql, values)).rows[0] as Record<string, unknown>);

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = RETURN_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await pause(500);
  }
}

describe('d. billing or gamification down', () => {
  it('gamification down: uploads, analyses and workouts go on; the points arrive once when it is back', async () => {
    const golfers = await Promise.all(Array.from({ length: GOLFERS }, (_, i) => premiumGolfer(product, told, `Game${i}`)));
    const exercises = await Promise.all(golfers.map((g) => todaysExercises(g)));
    await product.kill('gamification');

    for (const [i, g] of golfers.entries()) {
      expect((await uploadAndRecord(g, told, clip.clip, 'driver')).status).toBe(201);
      for (const name of exercises[i]!.slice(0, 2)) {
        const answer = await completeAndRecord(g, told, name);
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body.pointsAwarded).toBeGreaterThan(0);
      }
      expect((await g.dailyWorkout()).status).toBe(200);
      const board = await g.request('GET', '/api/leaderboard');
      expect(board.status, board.text).toBe(503);
      expect(isClearRefusal(board), board.text).toBe(true);
    }
    // The analyses end without gamification; its points have not arrived (they wait for it).
    const ids = [...told.uploads.keys()];
    await waitFor('analyses ended', async () => Number((await one(`select count(*)::int as n from core.swing_analyses where id = any($1) and status in ('complete', 'failed')`, [ids])).n) === ids.length);
    expect(Number((await one('select coalesce(sum(total_points), 0)::int as n from core.users where id = any($1)', [told.golfers])).n)).toBe(0);

    await product.start('gamification');
    await expectBooksBalance(product, told);
  });

  it('billing down: the rest goes on; a payment made meanwhile ends as one subscription and Premium when it is back', async () => {
    const buyer = await newGolfer(product.url, 'Buyer');
    told.golfers.push(buyer.id);
    const checkout = await buyer.request<{ url: string }>('POST', '/api/create-checkout-session', { plan: 'annual' });
    expect(checkout.status, checkout.text).toBe(200);
    const sessionId = checkout.body.url.split('/').pop()!;

    await product.kill('billing');
    // The golfer pays on Stripe's page; Stripe's webhooks meet a gateway whose billing is away (503) and are retried.
    await stripe.fake.act(() => stripe.fake.engine.completeCheckout(sessionId));
    const status = await buyer.request('GET', '/api/subscription');
    expect(status.status, status.text).toBe(503);
    expect(isClearRefusal(status), status.text).toBe(true);
    // Uploads, analyses and workouts do not need billing.
    const other = await premiumGolfer(product, told, 'Other');
    expect((await uploadAndRecord(other, told, clip.clip, 'driver')).status).toBe(201);
    const [exercise] = await todaysExercises(other);
    expect((await completeAndRecord(other, told, exercise!)).status).toBe(200);
    expect((await buyer.me()).body.isPremium).toBe(false);

    await product.start('billing');
    await waitFor('Premium after billing came back', async () => (await buyer.me()).body.isPremium === true);
    const subscription = await one('select status, plan, version from billing.subscriptions where user_id = $1', [buyer.id]);
    expect(subscription).toMatchObject({ status: 'active', plan: 'annual' });
    const activated = await one(`select count(*)::int as n from billing.outbox where type = 'subscription.activated' and user_id = $1`, [buyer.id]);
    expect(activated.n).toBe(1);
    const repeated = await one('select count(*)::int as n from (select event_id from billing.processed_stripe_events group by event_id having count(*) > 1) d', []);
    expect(repeated.n).toBe(0);
    await expectBooksBalance(product, told);
  });
});
