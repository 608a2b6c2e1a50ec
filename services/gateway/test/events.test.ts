import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue, type Worker } from 'bullmq';
import { eventQueueName, type EventPayload, type EventType } from '@swingfit/contracts';
import { eventually } from '@swingfit/server-kit/testing';
import { startEventConsumers } from '../src/jobs/events.js';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';

let h: Harness;
let consumer: Worker;
let inbox: Queue;

beforeAll(async () => {
  h = await startGateway();
  consumer = startEventConsumers(h.deps);
  inbox = new Queue(eventQueueName('gateway'), { connection: h.deps.queues.connection, prefix: h.deps.queues.prefix });
});
afterAll(async () => {
  await consumer?.close();
  await inbox?.close();
  await h?.close();
});

/** Puts an envelope on the gateway's queue as the outbox relay would, and waits for its job to finish. */
async function deliver<T extends EventType>(type: T, userId: number, payload: EventPayload<T>, id = randomUUID(), jobId = id) {
  await inbox.add(type, { id, type, version: 1, occurredAt: new Date().toISOString(), userId, payload }, { jobId });
  return eventually(async () => {
    const job = await inbox.getJob(jobId);
    const state = job ? await job.getState() : 'missing';
    return state === 'completed' || state === 'failed' ? { state, result: job?.returnvalue } : undefined;
  });
}

const userRow = (id: number) => h.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('gateway event consumer', () => {
  it('adds awarded points to the user record once, however often the event arrives', async () => {
    const { user } = await registerGolfer(h.app);
    const eventId = randomUUID();
    const payload = { points: 10, reason: 'upload', sourceEventId: randomUUID() };
    const first = await deliver('points.awarded', user.id, payload, eventId, `${eventId}-1`);
    const again = await deliver('points.awarded', user.id, payload, eventId, `${eventId}-2`);
    expect([first.result, again.result]).toEqual(['processed', 'duplicate']);
    await deliver('points.awarded', user.id, { points: 5, reason: 'exercise', sourceEventId: randomUUID() });

    const row = await userRow(user.id);
    expect({ total: row.total_points, monthly: row.monthly_points, weekly: row.weekly_points }).toEqual({ total: 15, monthly: 15, weekly: 15 });
  });

  it('follows the subscription events: activated, updated, a stale cancel ignored, canceled', async () => {
    const { user } = await registerGolfer(h.app);
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await deliver('subscription.activated', user.id, { subscriptionId: 'sub_new', customerId: 'cus_1', currentPeriodEnd: end });
    let row = await userRow(user.id);
    expect(row).toMatchObject({ is_premium: true, stripe_subscription_id: 'sub_new', stripe_customer_id: 'cus_1' });
    expect(new Date(row.subscription_end_date!).toISOString()).toBe(end);

    await deliver('subscription.updated', user.id, { subscriptionId: 'sub_new', status: 'unpaid', currentPeriodEnd: end });
    expect((await userRow(user.id)).is_premium).toBe(false);
    await deliver('subscription.updated', user.id, { subscriptionId: 'sub_new', status: 'active', currentPeriodEnd: end });
    expect((await userRow(user.id)).is_premium).toBe(true);

    // A late cancel of an earlier subscription must not end the current one.
    await deliver('subscription.canceled', user.id, { subscriptionId: 'sub_old' });
    expect((await userRow(user.id)).is_premium).toBe(true);

    await deliver('subscription.canceled', user.id, { subscriptionId: 'sub_new' });
    row = await userRow(user.id);
    expect(row.is_premium).toBe(false);
  });
});

describe('GET /api/users/{id}/monthly-position', () => {
  it('needs a session (401) and the caller’s own id (403)', async () => {
    const ann = await registerGolfer(h.app);
    const bob = await registerGolfer(h.app);
    expect((await h.app.inject({ method: 'GET', url: `/api/users/${ann.user.id}/monthly-position` })).statusCode).toBe(401);
    const other = await h.app.inject({ method: 'GET', url: `/api/users/${bob.user.id}/monthly-position`, headers: { cookie: ann.cookie } });
    expect(other.statusCode).toBe(403);
  });
});
