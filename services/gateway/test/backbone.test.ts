import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue, type Worker } from 'bullmq';
import { EVENT_SUBSCRIPTIONS, centralMonth, centralWeek, eventQueueName, type EventEnvelope } from '@swingfit/contracts';
import { assertHandlers, type EventHandlers } from '@swingfit/server-kit';
import { eventually } from '@swingfit/server-kit/testing';
import { gatewayEventHandlers, startEventConsumers } from '../src/jobs/events.js';
import { cookieFrom, startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';

/* The gateway's side of the backbone: versioned account events, outbox lag on /readyz, poison events for the admin. */

const ADMIN_PASSWORD = 'test-admin-password'; // what startGateway() configures
let h: Harness;
beforeAll(async () => {
  h = await startGateway();
});
afterAll(async () => {
  await h?.close();
});

async function signInAdmin(): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: ADMIN_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res);
}

const accountEvents = (userId: number) =>
  h.deps.db.selectFrom('outbox').select(['type', 'payload']).where('user_id', '=', userId).where('type', 'in', ['user.registered', 'user.profile_updated']).orderBy('occurred_at').execute();

describe('account events carry the profile version', () => {
  it('1 at registration, one more per saved edit, in commit order', async () => {
    const { user, cookie } = await registerGolfer(h.app, { firstName: 'Ann' });
    for (const city of ['Austin', 'Dallas']) {
      const res = await h.app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: { cookie }, payload: { city } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const events = await accountEvents(user.id);
    expect(events.map((e) => [e.type, (e.payload as { version: number }).version, (e.payload as { city?: string }).city ?? null])).toEqual([
      ['user.registered', 1, null],
      ['user.profile_updated', 2, 'Austin'],
      ['user.profile_updated', 3, 'Dallas'],
    ]);
    const row = await h.deps.db.selectFrom('users').select('profile_version').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.profile_version).toBe(3);
  });

  it('gives concurrent edits distinct versions that follow their commit order', async () => {
    const { user, cookie } = await registerGolfer(h.app);
    const cities = ['A', 'B', 'C', 'D', 'E', 'F'];
    await Promise.all(cities.map((city) => h.app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: { cookie }, payload: { city } })));
    const edits = (await accountEvents(user.id)).filter((e) => e.type === 'user.profile_updated').map((e) => e.payload as { version: number; city: string });
    expect(edits.map((e) => e.version).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
    // The newest version carries the city the row holds now.
    const newest = edits.reduce((a, b) => (b.version > a.version ? b : a));
    const row = await h.deps.db.selectFrom('users').select('city').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(newest.city).toBe(row.city);
  });
});

describe('readiness', () => {
  it('shows the outbox lag in /readyz details', async () => {
    await registerGolfer(h.app); // its user.registered waits in the outbox (no relay runs in this harness)
    const res = await eventually(async () => {
      const r = await h.app.inject({ method: 'GET', url: '/readyz' });
      return r.statusCode === 200 && r;
    });
    const outbox = res.json().details.outbox as { unsent: number; oldestUnsentAgeMs: number };
    expect(outbox.unsent).toBeGreaterThanOrEqual(1);
    expect(outbox.oldestUnsentAgeMs).toBeGreaterThanOrEqual(0);
    await h.deps.relay.flush();
    await h.deps.relay.flush();
    const after = await h.app.inject({ method: 'GET', url: '/readyz' });
    expect(after.json().details.outbox).toEqual({ unsent: 0, oldestUnsentAgeMs: null });
  });
});

describe('the gateway handler map', () => {
  it('has a handler for every subscription of the gateway and none without one', () => {
    expect(() => assertHandlers('gateway', { events: gatewayEventHandlers })).not.toThrow();
    expect(EVENT_SUBSCRIPTIONS.gateway).not.toContain('streak.milestone');
    expect(EVENT_SUBSCRIPTIONS.gateway).not.toContain('analysis.completed');
  });
});

describe('GET /api/admin/failed-events and POST /api/admin/failed-events/{id}/replay', () => {
  let consumer: Worker;
  let inbox: Queue;
  let broken = true;
  let golfer: { id: number; cookie: string };
  const queue = eventQueueName('gateway');

  beforeAll(async () => {
    // The real handlers, with points.awarded failing until the test "fixes" it.
    const handlers: EventHandlers = {
      ...gatewayEventHandlers,
      'points.awarded': async (trx, event, job) => {
        if (broken) throw new Error('points cache is being rebuilt');
        await gatewayEventHandlers['points.awarded']!(trx, event, job);
      },
    };
    consumer = startEventConsumers(h.deps, handlers);
    inbox = new Queue(queue, { connection: h.deps.queues.connection, prefix: h.deps.queues.prefix });
    const { user, cookie } = await registerGolfer(h.app);
    golfer = { id: user.id, cookie };
  });
  afterAll(async () => {
    await consumer?.close();
    await inbox?.close();
  });

  async function poisonEvent(): Promise<EventEnvelope<'points.awarded'>> {
    const event: EventEnvelope<'points.awarded'> = {
      id: randomUUID(),
      type: 'points.awarded',
      version: 1,
      occurredAt: new Date().toISOString(),
      userId: golfer.id,
      payload: {
        points: 10,
        reason: 'upload',
        sourceEventId: randomUUID(),
        version: 1,
        weekStart: centralWeek(new Date()).date,
        monthStart: centralMonth(new Date()).date,
        weeklyPoints: 10,
        monthlyPoints: 10,
        totalPoints: 10,
      },
    };
    await inbox.add(event.type, event, { jobId: event.id, attempts: 2, backoff: { type: 'fixed', delay: 20 }, removeOnFail: false });
    await eventually(async () => (await inbox.getJob(event.id))?.isFailed());
    return event;
  }

  it('refuses without the admin session (401) and a golfer session (403)', async () => {
    for (const [method, url] of [['GET', '/api/admin/failed-events'], ['POST', `/api/admin/failed-events/${queue}:${randomUUID()}/replay`]] as const) {
      expect((await h.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await h.app.inject({ method, url, headers: { cookie: golfer.cookie } })).statusCode, url).toBe(403);
    }
  });

  it('lists a poison event with its error, replays it once into its effect, and audits the replay', { timeout: 30_000 }, async () => {
    const event = await poisonEvent();
    const admin = await signInAdmin();
    const list = await h.app.inject({ method: 'GET', url: '/api/admin/failed-events', headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    const listed = list.json().events.find((e: { id: string }) => e.id === `${queue}:${event.id}`);
    expect(listed).toEqual({
      id: `${queue}:${event.id}`,
      queue,
      type: 'points.awarded',
      userId: golfer.id,
      occurredAt: event.occurredAt,
      failedReason: 'points cache is being rebuilt',
      attemptsMade: 2,
      failedAt: expect.any(String),
    });

    broken = false;
    const replay = await h.app.inject({ method: 'POST', url: `/api/admin/failed-events/${listed.id}/replay`, headers: { cookie: admin } });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual({ replayed: true });
    const user = await eventually(async () => {
      const row = await h.deps.db.selectFrom('users').select('total_points').where('id', '=', golfer.id).executeTakeFirstOrThrow();
      return row.total_points > 0 && row;
    });
    expect(user.total_points).toBe(10);

    const audit = await h.deps.db.selectFrom('admin_audit').selectAll().where('action', '=', 'replay-event').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_user_id: golfer.id, detail: { id: listed.id, queue, type: 'points.awarded', failedReason: 'points cache is being rebuilt' } });
    expect(audit[0]!.admin_session_id).toEqual(expect.any(Number));

    // Replayed already: no longer failed, so a second replay finds nothing and the points stay 10.
    const again = await h.app.inject({ method: 'POST', url: `/api/admin/failed-events/${listed.id}/replay`, headers: { cookie: admin } });
    expect(again.statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/failed-events', headers: { cookie: admin } })).json().events).toEqual([]);
  });

  it('counts every attempt of an event replayed and failed again: 2, replayed, 2 more reads 4', { timeout: 30_000 }, async () => {
    broken = true;
    const event = await poisonEvent();
    const admin = await signInAdmin();
    const id = `${queue}:${event.id}`;
    const listed = async () => (await h.app.inject({ method: 'GET', url: '/api/admin/failed-events', headers: { cookie: admin } })).json().events.find((e: { id: string }) => e.id === id);
    expect(await listed()).toMatchObject({ attemptsMade: 2 });
    expect((await h.app.inject({ method: 'POST', url: `/api/admin/failed-events/${id}/replay`, headers: { cookie: admin } })).statusCode).toBe(200);
    await eventually(async () => (await inbox.getJob(event.id))?.isFailed());
    expect(await listed()).toMatchObject({ attemptsMade: 4 });
    await (await inbox.getJob(event.id))?.remove();
  });

  it('answers 404 for an unknown id and 400 for a malformed one, auditing nothing', async () => {
    const admin = await signInAdmin();
    const before = (await h.deps.db.selectFrom('admin_audit').select('id').where('action', '=', 'replay-event').execute()).length;
    const unknown = await h.app.inject({ method: 'POST', url: `/api/admin/failed-events/${queue}:${randomUUID()}/replay`, headers: { cookie: admin } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No failed event with this id' });
    for (const id of ['not-an-id', `${queue}:1`, `events-gateway:${'a'.repeat(40)}`]) {
      const res = await h.app.inject({ method: 'POST', url: `/api/admin/failed-events/${encodeURIComponent(id)}/replay`, headers: { cookie: admin } });
      expect(res.statusCode, id).toBe(400);
    }
    expect((await h.deps.db.selectFrom('admin_audit').select('id').where('action', '=', 'replay-event').execute()).length).toBe(before);
  });
});
