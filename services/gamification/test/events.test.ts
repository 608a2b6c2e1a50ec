import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { POINTS, eventQueueName } from '@swingfit/contracts';
import { startGamification, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startGamification();
});
afterAll(async () => {
  await h?.close();
});

const ledgerOf = (userId: number) => h.deps.db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).execute();
const notificationsOf = (userId: number) => h.deps.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).execute();

describe('analysis.uploaded', () => {
  it('awards the upload points, one notification and one points.awarded, however often it is delivered', async () => {
    const userId = 41;
    const eventId = randomUUID();
    const occurredAt = new Date(Date.now() - 60_000).toISOString();
    const event = { id: eventId, type: 'analysis.uploaded' as const, userId, occurredAt, payload: { analysisId: 7, club: 'driver' } };
    await h.deliver(event, `${eventId}-first`);
    await h.deliver(event, `${eventId}-again`);

    const results = [await h.settled(`${eventId}-first`), await h.settled(`${eventId}-again`)];
    expect(results.map((r) => r.state)).toEqual(['completed', 'completed']);
    expect(results.map((r) => r.result).sort()).toEqual(['duplicate', 'processed']);

    const ledger = await ledgerOf(userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ points: POINTS.perUpload, reason: 'upload', source_event_id: eventId });
    // The award belongs to the moment of the upload, not the moment it was processed.
    expect(new Date(ledger[0]!.occurred_at).toISOString()).toBe(occurredAt);

    const notifications = await notificationsOf(userId);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ type: 'upload_success', title: 'Upload Successful!', is_read: false });
    expect(notifications[0]!.message).toContain('driver');

    const outbox = await h.deps.db.selectFrom('outbox').selectAll().where('type', '=', 'points.awarded').execute();
    expect(outbox).toHaveLength(1);
    expect(Number(outbox[0]!.user_id)).toBe(userId);
    expect(outbox[0]!.payload).toEqual({ points: POINTS.perUpload, reason: 'upload', sourceEventId: eventId });
  });

  it('relays points.awarded to the gateway queue', async () => {
    const sent = await h.relay.flush();
    expect(sent).toBeGreaterThanOrEqual(1);
    const gatewayQueue = new Queue(eventQueueName('gateway'), { connection: h.queues.connection, prefix: h.queues.prefix });
    try {
      const jobs = await gatewayQueue.getJobs(['waiting', 'wait', 'delayed', 'prioritized']);
      const awarded = jobs.filter((j) => j.name === 'points.awarded');
      expect(awarded).toHaveLength(1);
      expect(awarded[0]!.data).toMatchObject({ type: 'points.awarded', userId: 41, payload: { points: POINTS.perUpload, reason: 'upload' } });
    } finally {
      await gatewayQueue.close();
    }
  });

  it('fails an upload event that names no golfer instead of awarding nobody', async () => {
    const id = await h.deliver({ type: 'analysis.uploaded', payload: { analysisId: 8, club: '7-iron' } });
    const result = await h.settled(id);
    expect(result.state).toBe('failed');
    expect(await h.deps.db.selectFrom('points_ledger').select('id').where('source_event_id', '=', id).execute()).toHaveLength(0);
  });
});

describe('user.registered and user.profile_updated', () => {
  it('welcomes the golfer once and keeps their leaderboard name and place', async () => {
    const userId = 52;
    const id = randomUUID();
    const event = { id, type: 'user.registered' as const, userId, payload: { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', city: 'Austin', state: 'TX' } };
    await h.deliver(event, `${id}-1`);
    await h.deliver(event, `${id}-2`);
    await h.settled(`${id}-1`);
    await h.settled(`${id}-2`);
    const notifications = await notificationsOf(userId);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.title).toContain('Welcome');
    expect(await h.deps.db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst()).toMatchObject({ first_name: 'Ann', city: 'Austin', state: 'TX' });

    const updated = await h.deliver({ type: 'user.profile_updated', userId, payload: { firstName: 'Annie', lastName: 'Lee', city: 'Dallas', state: null } });
    expect((await h.settled(updated)).state).toBe('completed');
    expect(await h.deps.db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst()).toMatchObject({ first_name: 'Annie', city: 'Dallas', state: null });
  });
});

describe('points ledger', () => {
  it('refuses changes to recorded awards (append-only)', async () => {
    await expect(h.deps.db.updateTable('points_ledger').set({ points: 1000 }).execute()).rejects.toThrow(/append-only/);
    await expect(h.deps.db.deleteFrom('points_ledger').execute()).rejects.toThrow(/append-only/);
  });
});
