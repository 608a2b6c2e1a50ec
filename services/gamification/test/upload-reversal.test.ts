import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { eventually } from '@swingfit/server-kit/testing';
import { centralDate, centralMonth, centralWeek, eventQueueName, exerciseAward, type EventPayload } from '@swingfit/contracts';
import { golfersAhead } from '../src/db/standings.js';
import { startGamification, type Harness } from './harness.js';

/*
 * A failed analysis takes its upload's 10 points back (junk uploads must not farm points): once, however
 * often analysis.failed arrives, in the day, week and month the award counted for, so every figure comes
 * back exactly to what it was; without leaderboard or achievement news; and also when the failure is
 * handled before the upload's award (it is retried until the award is there).
 */

let h: Harness;
beforeAll(async () => {
  h = await startGamification();
});
afterAll(async () => h?.close());

const NO_SWING = 'No golf swing was detected in the video';
const db = () => h.deps.db;

const completion = (userId: number, completionId: number) => ({
  type: 'exercise.completed' as const,
  userId,
  payload: { completionId, exerciseName: 'Open Book Stretch', workoutDate: centralDate(new Date()), streakWeeks: 1, ...exerciseAward(1) },
});
const uploaded = (userId: number, analysisId: number, occurredAt = new Date().toISOString()) => ({
  type: 'analysis.uploaded' as const,
  userId,
  occurredAt,
  payload: { analysisId, club: 'driver' },
});
const failed = (userId: number, analysisId: number, id: string = randomUUID()) => ({ id, type: 'analysis.failed' as const, userId, payload: { analysisId, reason: NO_SWING } });

/** Everything a golfer's points are read from: totals, period rows, rank, and the last snapshot the gateway keeps. */
async function figuresOf(userId: number) {
  const golfer = await db().selectFrom('golfer_points').select(['total_points', 'exercises_completed', 'uploads']).where('user_id', '=', userId).executeTakeFirst();
  const periods = await db()
    .selectFrom('period_points')
    .select(['period', sql<string>`period_start::text`.as('period_start'), 'points'])
    .where('user_id', '=', userId)
    .orderBy('period')
    .orderBy('period_start')
    .execute();
  const snapshots = await db().selectFrom('outbox').select('payload').where('type', '=', 'points.awarded').where('user_id', '=', userId).execute();
  const newest = snapshots.map((s) => s.payload as EventPayload<'points.awarded'>).sort((a, b) => b.version - a.version)[0];
  return { golfer, periods, newest };
}
const notificationsOf = (userId: number) => db().selectFrom('notifications').select(['type', 'title', 'message']).where('user_id', '=', userId).orderBy('id').execute();
const ledgerOf = (userId: number) => db().selectFrom('points_ledger').select(['cause', 'points', 'base_points', 'reason', 'award_day']).where('user_id', '=', userId).orderBy('id').execute();

describe('a failed analysis takes its upload points back', () => {
  it('restores total, weekly and monthly points exactly once, with a duplicate and a copy of the event, and withdraws the leaderboard news it made', async () => {
    const [golfer, rival] = [4101, 4102];
    const month = centralMonth(new Date()).date;
    // The rival stands at 10 this month (two exercises); the golfer passes them with an exercise and an upload.
    await h.process(completion(rival, 41_020));
    await h.process(completion(rival, 41_021));
    await h.process(completion(golfer, 41_010));
    const before = await figuresOf(golfer);
    await h.process(uploaded(golfer, 41));
    expect((await figuresOf(golfer)).newest).toMatchObject({ totalPoints: 15, weeklyPoints: 15, monthlyPoints: 15 });
    expect(await golfersAhead(db(), month, 10)).toBe(1);
    // The pass was news to the rival, and the top 3 to the golfer (the file's golfers stand at 15 or less).
    const passed = 'You’ve Been Passed';
    expect((await notificationsOf(rival)).map((n) => n.title)).toContain(passed);
    expect((await notificationsOf(golfer)).map((n) => n.title)).toContain('You’re in the Top 3!');
    const rivalNotes = await notificationsOf(rival);
    const golferNotes = await notificationsOf(golfer);

    const event = failed(golfer, 41);
    const first = await h.process(event, `${event.id}-a`);
    const again = await h.process(event, `${event.id}-b`);
    const copy = await h.process(failed(golfer, 41));
    expect([first.result, again.result, copy.result]).toEqual(['processed', 'duplicate', 'processed']);

    const after = await figuresOf(golfer);
    expect(after.golfer).toEqual(before.golfer);
    expect(after.periods).toEqual(before.periods);
    expect(after.newest).toMatchObject({
      points: -10,
      reason: 'upload-reversal',
      sourceEventId: event.id,
      version: before.newest!.version + 2,
      totalPoints: before.newest!.totalPoints,
      weeklyPoints: before.newest!.weeklyPoints,
      monthlyPoints: before.newest!.monthlyPoints,
      weekStart: centralWeek(new Date()).date,
      monthStart: month,
    });
    expect((await ledgerOf(golfer)).filter((r) => r.cause.endsWith(':analysis:41')).map((r) => [r.cause, r.reason, r.points, r.base_points])).toEqual([
      ['upload:analysis:41', 'upload', 10, 10],
      ['upload-reversal:analysis:41', 'upload-reversal', -10, -10],
    ]);
    // Ranks read the month counts: the golfer at 5 is behind the rival again, and nobody stands at 15.
    expect(await golfersAhead(db(), month, 5)).toBe(1);
    expect(await golfersAhead(db(), month, 10)).toBe(0);

    // One notice, to the golfer, saying the upload does not count; no new leaderboard or achievement news.
    // The news the upload made and the board now contradicts is gone: the rival was not passed after all,
    // and the golfer at 5 is 2nd at best (the golfer's own top 3 notice is rewritten or withdrawn by rank).
    expect(await notificationsOf(rival)).toEqual(rivalNotes.filter((n) => n.title !== passed));
    const notes = await notificationsOf(golfer);
    expect(notes.filter((n) => n.title !== 'You’re in the Top 3!')).toEqual([
      ...golferNotes.filter((n) => n.title !== 'You’re in the Top 3!'),
      { type: 'other', title: 'Analysis Failed', message: `We couldn't analyze your swing video. ${NO_SWING}. This upload doesn't count, so you can upload again. The 10 points it earned were taken back.` },
    ]);
  });

  it('withdraws the unread Top 3 and passed notices the upload earned, and rewrites a Top 3 notice the golfer still deserves', async () => {
    const streakAward = (userId: number, completionId: number, streakWeeks: number) => ({
      ...completion(userId, completionId),
      payload: { ...completion(userId, completionId).payload, streakWeeks, ...exerciseAward(streakWeeks) },
    });
    const topThree = async (userId: number) =>
      (await notificationsOf(userId)).filter((n) => n.title === 'You’re in the Top 3!').map((n) => n.message);
    const [r1, r2, r3, climber, leader] = [4401, 4402, 4403, 4404, 4405];
    // Three rivals at 35 this month (15 + 15 + 5); far above every other golfer of this file.
    for (const rival of [r1, r2, r3]) {
      await h.process(streakAward(rival, rival * 10, 15));
      await h.process(streakAward(rival, rival * 10 + 1, 15));
      await h.process(streakAward(rival, rival * 10 + 2, 1));
    }
    // The climber at 30 is 4th; the upload's 10 points make them #1 with 40, and they hear it.
    await h.process(streakAward(climber, 44_040, 15));
    await h.process(streakAward(climber, 44_041, 15));
    await h.process(uploaded(climber, 44));
    expect(await topThree(climber)).toEqual(['You moved up to #1 on this month’s leaderboard with 40 points.']);
    const passedNotes = async (userId: number) => (await notificationsOf(userId)).filter((n) => n.title === 'You’ve Been Passed').length;
    expect(await passedNotes(r2)).toBe(1);
    await h.process(failed(climber, 44));
    expect(await topThree(climber)).toEqual([]);
    // Back at 30, the climber passed none of the rivals after all.
    expect(await passedNotes(r2)).toBe(0);

    // The leader's upload also takes them from 30 to #1 with 40; an exercise then makes 55 and a rival climbs to 50.
    await h.process(streakAward(leader, 44_050, 15));
    await h.process(streakAward(leader, 44_051, 15));
    await h.process(uploaded(leader, 45));
    expect(await topThree(leader)).toEqual(['You moved up to #1 on this month’s leaderboard with 40 points.']);
    await h.process(streakAward(leader, 44_052, 15));
    await h.process(streakAward(r1, 44_019, 15));
    // Without the upload's points the leader stands 2nd with 45: still top 3, and the notice now says so.
    await h.process(failed(leader, 45));
    expect(await topThree(leader)).toEqual(['You moved up to #2 on this month’s leaderboard with 45 points.']);
    // The rival who stands above the leader again hears no more of the pass; the ones still behind do.
    expect([await passedNotes(r1), await passedNotes(r2), await passedNotes(r3)]).toEqual([0, 1, 1]);
  });

  it('takes the points back from the week and month the upload counted in, not the ones it failed in', async () => {
    const golfer = 4201;
    await h.process(uploaded(golfer, 42, '2026-01-10T18:00:00.000Z')); // Saturday January 10, 2026, Central Time
    expect((await figuresOf(golfer)).periods).toEqual([
      { period: 'day', period_start: '2026-01-10', points: 10 },
      { period: 'month', period_start: '2026-01-01', points: 10 },
      { period: 'week', period_start: '2026-01-04', points: 10 },
    ]);
    await h.process(failed(golfer, 42));
    const after = await figuresOf(golfer);
    expect(after.periods).toEqual([]);
    expect(after.golfer).toEqual({ total_points: 0, exercises_completed: 0, uploads: 0 });
    expect(after.newest).toMatchObject({ points: -10, totalPoints: 0, weeklyPoints: 0, monthlyPoints: 0, version: 2 });
    expect(await golfersAhead(db(), '2026-01-01', 0)).toBe(0);
  });

  it('waits for the upload award when the failure is handled first, then takes it back once', async () => {
    const golfer = 4301;
    const failure = failed(golfer, 43);
    // Retried as EVENT_DELIVERY would, on a shorter clock: the award is not there on the first attempts.
    await h.deliver(failure, failure.id, { attempts: 20, delayMs: 200 });
    const queue = new Queue(eventQueueName('gamification'), { connection: h.queues.connection, prefix: h.queues.prefix });
    try {
      await eventually(async () => ((await (await queue.getJob(failure.id))?.attemptsMade) ?? 0) >= 1 || undefined);
      expect(await ledgerOf(golfer)).toEqual([]);
      expect(await notificationsOf(golfer)).toEqual([]);
    } finally {
      await queue.close();
    }

    await h.process(uploaded(golfer, 43));
    expect(await h.settled(failure.id)).toEqual({ state: 'completed', result: 'processed' });
    expect((await ledgerOf(golfer)).map((r) => [r.cause, r.points])).toEqual([
      ['upload:analysis:43', 10],
      ['upload-reversal:analysis:43', -10],
    ]);
    const after = await figuresOf(golfer);
    expect(after.golfer).toMatchObject({ total_points: 0, uploads: 0 });
    expect(after.periods).toEqual([]);
    expect(after.newest).toMatchObject({ points: -10, totalPoints: 0, weeklyPoints: 0, monthlyPoints: 0, version: 2 });
    // The upload's own news stands (it was true then); the failure adds its one notice.
    expect((await notificationsOf(golfer)).filter((n) => n.type === 'upload_success' || n.type === 'other').map((n) => n.title)).toEqual(['Upload Successful!', 'Analysis Failed']);
  });
});
