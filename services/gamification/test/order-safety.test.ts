import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertHandlers } from '@swingfit/server-kit';
import type { EventPayload, EventType } from '@swingfit/contracts';
import { gamificationHandlers } from '../src/jobs/events.js';
import { startGamification, type Harness } from './harness.js';

/*
 * Events arrive at least once and in any order. Whatever the order and however often each one is
 * delivered, the state this service ends in is the state of delivering them once, in order.
 */

interface TestEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  userId: number;
  occurredAt: string;
  payload: EventPayload<T>;
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 15, minute)).toISOString();

function registered(userId: number, minute: number): TestEvent<'user.registered'> {
  return { id: randomUUID(), type: 'user.registered', userId, occurredAt: at(minute), payload: { version: 1, email: `g${userId}@example.com`, firstName: `First${userId}`, lastName: 'Golfer', city: 'Austin', state: 'TX' } };
}
function edited(userId: number, version: number, minute: number): TestEvent<'user.profile_updated'> {
  return { id: randomUUID(), type: 'user.profile_updated', userId, occurredAt: at(minute), payload: { version, firstName: `First${userId}v${version}`, lastName: 'Golfer', city: `City v${version}`, state: version % 2 ? 'TX' : null } };
}
function uploaded(userId: number, analysisId: number, minute: number): TestEvent<'analysis.uploaded'> {
  return { id: randomUUID(), type: 'analysis.uploaded', userId, occurredAt: at(minute), payload: { analysisId, club: analysisId % 2 ? 'driver' : '7-iron' } };
}

/** A seeded shuffle: the test's order is random but the same on every run. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  const random = () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** Everything the events decide, without ids and clocks: profiles, ledger, notifications, points.awarded. */
async function stateOf(h: Harness) {
  const db = h.deps.db;
  const profiles = await db.selectFrom('user_profiles').select(['user_id', 'first_name', 'city', 'state', 'profile_version']).orderBy('user_id').execute();
  const ledger = await db.selectFrom('points_ledger').select(['user_id', 'points', 'reason', 'source_event_id', 'occurred_at']).orderBy('source_event_id').execute();
  const notifications = (await db.selectFrom('notifications').select(['user_id', 'type', 'title', 'message']).execute()).map((n) => JSON.stringify(n)).sort();
  // points.awarded: which award each event earned, and each golfer's newest snapshot (the one the gateway
  // keeps). The versions in between follow the order events were handled in, which is what may differ.
  const published = await db.selectFrom('outbox').select(['user_id', 'payload']).where('type', '=', 'points.awarded').execute();
  const payloads = published.map((r) => ({ user: Number(r.user_id), ...(r.payload as { version: number; points: number; reason: string; sourceEventId: string }) }));
  const awarded = payloads.map((p) => `${p.user}:${p.sourceEventId}:${p.reason}:${p.points}`).sort();
  const newest = new Map<number, unknown>();
  for (const p of [...payloads].sort((a, b) => a.version - b.version)) {
    const { sourceEventId: _source, points: _points, reason: _reason, ...totals } = p;
    newest.set(p.user, totals);
  }
  const snapshots = [...newest.entries()].sort(([a], [b]) => a - b);
  return { profiles, ledger: ledger.map((l) => ({ ...l, occurred_at: new Date(l.occurred_at).toISOString() })), notifications, awarded, snapshots };
}

/** Delivers each event and waits for it before the next: exactly this order. */
async function deliverInOrder(h: Harness, events: TestEvent[]): Promise<void> {
  for (const [n, event] of events.entries()) {
    const jobId = `${event.id}-${n}`;
    await h.deliver(event, jobId);
    expect((await h.settled(jobId)).state).toBe('completed');
  }
}

describe('order-safe consumers', () => {
  it('every handler of the map matches a subscription of gamification and the reverse (the startup check)', () => {
    expect(() => assertHandlers('gamification', { events: gamificationHandlers })).not.toThrow();
  });

  describe('the profile copy', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startGamification();
    });
    afterAll(async () => h?.close());

    it('ends at the newest profile in every order of registration and two edits, each delivered twice', { timeout: 120_000 }, async () => {
      const orders = permutations([0, 1, 2]);
      for (const [n, order] of orders.entries()) {
        const userId = 700 + n;
        const events = [registered(userId, 0), edited(userId, 2, 1), edited(userId, 3, 2)];
        const sequence = [...order, ...[...order].reverse()].map((i) => events[i]!);
        await deliverInOrder(h, sequence);
        const profile = await h.deps.db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
        expect(profile, `order ${order.join(',')}`).toMatchObject({ first_name: `First${userId}v3`, city: 'City v3', state: 'TX', profile_version: 3 });
        const welcomes = await h.deps.db.selectFrom('notifications').select('title').where('user_id', '=', userId).execute();
        expect(welcomes.map((w) => w.title)).toEqual([`Welcome to SwingFit, First${userId}!`]);
      }
    });
  });

  describe('200 events shuffled and duplicated', () => {
    let inOrder: Harness;
    let shuffledRun: Harness;
    beforeAll(async () => {
      [inOrder, shuffledRun] = await Promise.all([startGamification(), startGamification()]);
    });
    afterAll(async () => {
      await inOrder?.close();
      await shuffledRun?.close();
    });

    it('end in the same state as the same 200 delivered once, in order', { timeout: 300_000 }, async () => {
      // 20 golfers x (registration, 5 profile edits, 4 uploads) = 200 events, in their commit order.
      const events: TestEvent[] = [];
      for (let g = 0; g < 20; g++) {
        const userId = 100 + g;
        events.push(registered(userId, 0));
        for (let v = 2; v <= 6; v++) events.push(edited(userId, v, v));
        for (let a = 0; a < 4; a++) events.push(uploaded(userId, userId * 10 + a, 10 + a));
      }
      expect(events).toHaveLength(200);

      await deliverInOrder(inOrder, events);

      // All at once (the consumer runs 4 at a time), shuffled, and 100 of them a second time under another job id.
      const again = shuffled(events, 7).slice(0, 100);
      const deliveries = shuffled([...events.map((e) => ({ e, jobId: e.id })), ...again.map((e) => ({ e, jobId: `${e.id}-again` }))], 11);
      await Promise.all(deliveries.map(({ e, jobId }) => shuffledRun.deliver(e, jobId)));
      const outcomes = await Promise.all(deliveries.map(({ jobId }) => shuffledRun.settled(jobId)));
      expect(outcomes.filter((o) => o.state !== 'completed')).toEqual([]);
      const tally = outcomes.reduce<Record<string, number>>((t, o) => ({ ...t, [String(o.result)]: (t[String(o.result)] ?? 0) + 1 }), {});
      expect(tally).toEqual({ processed: 200, duplicate: 100 });

      const expected = await stateOf(inOrder);
      expect(expected.profiles).toHaveLength(20);
      expect(expected.ledger).toHaveLength(80);
      expect(await stateOf(shuffledRun)).toEqual(expected);
    });
  });
});
