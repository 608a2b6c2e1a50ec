import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { POINTS, addDays, centralDate, centralMonth, centralWeek, eventQueueName, exerciseAward } from '@swingfit/contracts';
import { startGamification, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startGamification();
});
afterAll(async () => {
  await h?.close();
});

const today = () => centralDate(new Date());
const ledgerOf = (userId: number) => h.deps.db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const notificationsOf = (userId: number) => h.deps.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const snapshotsOf = async (userId: number) =>
  (await h.deps.db.selectFrom('outbox').select(['payload']).where('type', '=', 'points.awarded').where('user_id', '=', userId).orderBy('occurred_at').execute()).map(
    (r) => r.payload as Record<string, unknown>,
  );
let nextCompletion = 1_000;

/** exercise.completed as the gateway publishes it: the award decided by exerciseAward(streakWeeks). */
function completion(userId: number, streakWeeks: number, workoutDate = today(), completionId = nextCompletion++) {
  return {
    type: 'exercise.completed' as const,
    userId,
    occurredAt: new Date().toISOString(),
    payload: { completionId, exerciseName: 'Open Book Stretch', workoutDate, streakWeeks, ...exerciseAward(streakWeeks) },
  };
}

describe('exercise.completed', () => {
  it('records exactly exerciseAward(streakWeeks) with its cause, base and multiplier, and the golfer hears of it', async () => {
    const userId = 101;
    const event = completion(userId, 3);
    const done = await h.process(event);
    expect(done).toMatchObject({ state: 'completed', result: 'processed' });

    const [row] = await ledgerOf(userId);
    expect(row).toMatchObject({ points: 6, base_points: 5, multiplier: 1.25, reason: 'exercise', source_type: 'exercise.completed', source_event_id: done.id, cause: `exercise:completion:${event.payload.completionId}` });
    const notes = await notificationsOf(userId);
    expect(notes.map((n) => n.title)).toContain('First Workout!');
    expect(notes.at(-1)).toMatchObject({ type: 'exercise_completion', title: 'Exercise Completed!', message: 'Open Book Stretch: +6 points with your 1.25x streak bonus. Today so far: 6 points.' });
  });

  it('awards once when the same event is delivered twice, and once when two events name the same completion', async () => {
    const userId = 102;
    const event = { ...completion(userId, 1), id: randomUUID() };
    const first = await h.process(event, `${event.id}-a`);
    const again = await h.process(event, `${event.id}-b`);
    expect([first.result, again.result]).toEqual(['processed', 'duplicate']);
    // A second event about the same completion (a producer bug, a replay of a copy) finds its cause awarded.
    const copy = await h.process({ ...event, id: randomUUID() });
    expect(copy).toMatchObject({ state: 'completed', result: 'processed' });

    expect(await ledgerOf(userId)).toHaveLength(1);
    expect(await snapshotsOf(userId)).toHaveLength(1);
    expect((await notificationsOf(userId)).filter((n) => n.type === 'exercise_completion')).toHaveLength(1);
    expect(await h.deps.db.selectFrom('golfer_points').selectAll().where('user_id', '=', userId).executeTakeFirst()).toMatchObject({ total_points: 5, exercises_completed: 1, version: 1 });
  });

  it('parks a completion whose figures disagree with the rule, and one without a golfer, leaving nothing behind', async () => {
    const userId = 103;
    const wrong = completion(userId, 3);
    wrong.payload.points = 5;
    const noGolfer = { ...completion(userId, 1), userId: undefined };
    for (const event of [wrong, noGolfer]) {
      const done = await h.process(event);
      expect(done.state).toBe('failed');
      expect(await h.deps.db.selectFrom('processed_events').select('event_id').where('event_id', '=', done.id).execute()).toHaveLength(0);
    }
    expect(await ledgerOf(userId)).toHaveLength(0);
    expect(await notificationsOf(userId)).toHaveLength(0);
  });

  it('publishes a versioned snapshot of the golfer’s points for the current week and month', async () => {
    const userId = 104;
    const now = new Date();
    const lastMonthDay = addDays(centralMonth(now).date, -1);
    await h.process(completion(userId, 1));
    await h.process(completion(userId, 3));
    await h.process(completion(userId, 1, lastMonthDay)); // a late event from last month
    const snapshots = await snapshotsOf(userId);
    expect(snapshots.map((s) => s.version)).toEqual([1, 2, 3]);
    const week = centralWeek(now).date;
    const month = centralMonth(now).date;
    expect(snapshots[1]).toMatchObject({ points: 6, reason: 'exercise', weekStart: week, monthStart: month, weeklyPoints: 11, monthlyPoints: 11, totalPoints: 11 });
    // Last month's points count in the total only: this week's and month's figures do not move.
    expect(snapshots[2]).toMatchObject({ points: 5, weekStart: week, monthStart: month, weeklyPoints: 11, monthlyPoints: 11, totalPoints: 16 });
  });

  it('announces each new streak tier once, across the weeks of a DST change', async () => {
    const userId = 105;
    // The gateway's streak for completions on Saturday Feb 28, Sunday Mar 8 (DST begins), Mar 15, Mar 29 (a week missed).
    const plan: Array<[string, number]> = [['2026-02-28', 1], ['2026-03-07', 2], ['2026-03-08', 3], ['2026-03-09', 3], ['2026-03-15', 4], ['2026-03-29', 1]];
    for (const [day, weeks] of plan) expect((await h.process(completion(userId, weeks, day))).state).toBe('completed');
    const milestones = (await notificationsOf(userId)).filter((n) => n.type === 'streak_milestone');
    expect(milestones.map((n) => n.title)).toEqual(['3-Week Streak!']);
    expect(milestones[0]!.message).toContain('1.25x');
    expect((await ledgerOf(userId)).map((r) => r.points)).toEqual([5, 5, 6, 6, 6, 5]);
    const copy = await h.deps.db.selectFrom('golfer_streaks').select(['weeks', sql<string>`last_week::text`.as('last_week')]).where('user_id', '=', userId).executeTakeFirst();
    expect(copy).toEqual({ weeks: 1, last_week: '2026-03-29' });
    const weeks = await h.deps.db
      .selectFrom('period_points')
      .select([sql<string>`period_start::text`.as('week'), 'points'])
      .where('user_id', '=', userId)
      .where('period', '=', 'week')
      .orderBy('period_start')
      .execute();
    expect(weeks).toEqual([
      { week: '2026-02-22', points: 5 },
      { week: '2026-03-01', points: 5 },
      { week: '2026-03-08', points: 12 },
      { week: '2026-03-15', points: 6 },
      { week: '2026-03-29', points: 5 },
    ]);
  });

  it('collapses a day of exercises into one unread notice, and starts a new one once it is read', async () => {
    const userId = 106;
    await h.process(completion(userId, 1));
    await h.process(completion(userId, 1));
    let notes = (await notificationsOf(userId)).filter((n) => n.type === 'exercise_completion');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toBe('Open Book Stretch: +5 points. Today so far: 10 points.');
    await h.deps.db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', userId).execute();
    await h.process(completion(userId, 1));
    notes = (await notificationsOf(userId)).filter((n) => n.type === 'exercise_completion');
    expect(notes.map((n) => [n.is_read, n.message])).toEqual([
      [true, 'Open Book Stretch: +5 points. Today so far: 10 points.'],
      [false, 'Open Book Stretch: +5 points. Today so far: 15 points.'],
    ]);
  });
});

describe('achievements', () => {
  it('first workout, first 100 points and 5 uploads, each once', async () => {
    const userId = 120;
    for (let i = 0; i < 7; i++) await h.process(completion(userId, 15, addDays(today(), -40))); // 7 x 15 = 105 points
    for (let i = 0; i < 6; i++) await h.process({ type: 'analysis.uploaded', userId, payload: { analysisId: 5_000 + i, club: 'driver' } });
    const earned = (await notificationsOf(userId)).filter((n) => n.type === 'achievement').map((n) => n.title);
    expect(earned).toEqual(['First Workout!', 'First 100 Points!', '5 Swing Videos Uploaded']);
    const rows = await h.deps.db.selectFrom('achievements').select('code').where('user_id', '=', userId).orderBy('code').execute();
    expect(rows.map((r) => r.code)).toEqual(['first-workout', 'points-100', 'uploads-5']);
  });
});

describe('leaderboard news', () => {
  it('tells a golfer they entered the top 3, and each golfer they passed', async () => {
    const [ann, bob, cal, dee] = [201, 202, 203, 204];
    await h.deps.db.insertInto('user_profiles').values([{ user_id: dee, first_name: 'Dee', city: null, state: null }]).execute();
    // This month: Ann 30 (2 x 15), Bob 26 (2 x 13), Cal 20 (2 x 10): the top 3 of this test's golfers.
    for (const [userId, weeks] of [[ann, 15], [bob, 10], [cal, 7]] as const) for (let i = 0; i < 2; i++) await h.process(completion(userId, weeks));
    const before = new Set((await notificationsOf(bob)).map((n) => n.id));
    // Dee climbs past Cal and Bob with 2 x 15 = 30, level with Ann.
    await h.process(completion(dee, 15));
    await h.process(completion(dee, 15));

    const news = (userId: number) => notificationsOf(userId).then((list) => list.filter((n) => n.type === 'leaderboard_update'));
    expect((await news(dee)).map((n) => [n.title, n.message])).toContainEqual(['You’re in the Top 3!', expect.stringMatching(/^You moved up to #[123] on this month’s leaderboard with \d+ points\.$/)]);
    const passedBob = (await news(bob)).filter((n) => !before.has(n.id) && n.title === 'You’ve Been Passed');
    expect(passedBob).toHaveLength(1);
    expect(passedBob[0]!.message).toBe('Dee just passed you on this month’s leaderboard. Complete an exercise to climb back!');
    expect((await news(cal)).filter((n) => n.title === 'You’ve Been Passed')).toHaveLength(1);
    // Level with Ann is not passing her.
    expect((await news(ann)).filter((n) => n.title === 'You’ve Been Passed')).toHaveLength(0);
  });
});

describe('analysis events', () => {
  it('analysis.uploaded awards 10 points once per analysis, with its notice and snapshot', async () => {
    const userId = 301;
    const eventId = randomUUID();
    const occurredAt = new Date(Date.now() - 60_000).toISOString();
    const event = { id: eventId, type: 'analysis.uploaded' as const, userId, occurredAt, payload: { analysisId: 7, club: 'driver' } };
    const results = [await h.process(event, `${eventId}-first`), await h.process(event, `${eventId}-again`)];
    expect(results.map((r) => r.result)).toEqual(['processed', 'duplicate']);

    const ledger = await ledgerOf(userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ points: POINTS.perUpload, base_points: 10, multiplier: 1, reason: 'upload', cause: 'upload:analysis:7', source_event_id: eventId });
    // The award belongs to the moment of the upload, not the moment it was processed.
    expect(new Date(ledger[0]!.occurred_at).toISOString()).toBe(occurredAt);
    const notes = await notificationsOf(userId);
    expect(notes.at(-1)).toMatchObject({ type: 'upload_success', title: 'Upload Successful!', is_read: false });
    expect(notes.at(-1)!.message).toContain('driver');
    expect(await snapshotsOf(userId)).toEqual([expect.objectContaining({ points: 10, reason: 'upload', sourceEventId: eventId, version: 1, totalPoints: 10 })]);
  });

  it('analysis.completed and analysis.failed tell the golfer, with the reason', async () => {
    const userId = 302;
    await h.process({ type: 'analysis.uploaded', userId, payload: { analysisId: 11, club: 'driver' } });
    await h.process({ type: 'analysis.uploaded', userId, payload: { analysisId: 12, club: '7-iron' } });
    await h.process({ type: 'analysis.completed', userId, payload: { analysisId: 11 } });
    await h.process({ type: 'analysis.failed', userId, payload: { analysisId: 12, reason: 'No golfer was found in the video. Film the whole body in good light.' } });
    const notes = (await notificationsOf(userId)).filter((n) => n.title !== 'Upload Successful!' && n.type !== 'achievement');
    expect(notes.map((n) => [n.type, n.title])).toEqual([
      ['upload_success', 'Analysis Ready'],
      ['other', 'Analysis Failed'],
    ]);
    expect(notes[1]!.message).toBe(
      "We couldn't analyze your swing video. No golfer was found in the video. Film the whole body in good light. This upload doesn't count, so you can upload again. The 10 points it earned were taken back.",
    );
    // The failed upload's award is taken back; the completed one's stays.
    expect((await ledgerOf(userId)).map((r) => [r.cause, r.points])).toEqual([
      ['upload:analysis:11', 10],
      ['upload:analysis:12', 10],
      ['upload-reversal:analysis:12', -10],
    ]);
  });

  it('fails an upload event that names no golfer instead of awarding nobody', async () => {
    const done = await h.process({ type: 'analysis.uploaded', payload: { analysisId: 8, club: '7-iron' } });
    expect(done.state).toBe('failed');
    expect(await h.deps.db.selectFrom('points_ledger').select('id').where('source_event_id', '=', done.id).execute()).toHaveLength(0);
  });

  it('relays points.awarded to the gateway queue', async () => {
    await h.relay.flush();
    const gatewayQueue = new Queue(eventQueueName('gateway'), { connection: h.queues.connection, prefix: h.queues.prefix });
    try {
      const jobs = await gatewayQueue.getJobs(['waiting', 'wait', 'delayed', 'prioritized']);
      const awarded = jobs.filter((j) => j.name === 'points.awarded' && j.data.userId === 301);
      expect(awarded).toHaveLength(1);
      expect(awarded[0]!.data).toMatchObject({ type: 'points.awarded', payload: { points: POINTS.perUpload, reason: 'upload', version: 1 } });
    } finally {
      await gatewayQueue.close();
    }
  });
});

describe('user.registered and user.profile_updated', () => {
  it('welcomes the golfer once and keeps their leaderboard name and place', async () => {
    const userId = 52;
    const id = randomUUID();
    const event = { id, type: 'user.registered' as const, userId, payload: { version: 1, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', city: 'Austin', state: 'TX' } };
    await h.process(event, `${id}-1`);
    await h.process(event, `${id}-2`);
    const notifications = await notificationsOf(userId);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.title).toBe('Welcome to SwingFit, Ann!');
    expect(await h.deps.db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst()).toMatchObject({ first_name: 'Ann', city: 'Austin', state: 'TX' });

    const updated = await h.process({ type: 'user.profile_updated', userId, payload: { version: 2, firstName: 'Annie', lastName: 'Lee', city: 'Dallas', state: null } });
    expect(updated.state).toBe('completed');
    expect(await h.deps.db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst()).toMatchObject({ first_name: 'Annie', city: 'Dallas', state: null });
  });
});

describe('read models', () => {
  it('every total equals the ledger it was written with', async () => {
    // Each period row is the sum of the ledger rows whose award day falls in it.
    const drift = await sql<{ user_id: number }>`
      with expected as (
        select user_id, 'day' as period, award_day as start, sum(points)::int as points from points_ledger group by 1, 2, 3
        union all select user_id, 'week', award_day - extract(dow from award_day)::int, sum(points)::int from points_ledger group by 1, 2, 3
        union all select user_id, 'month', date_trunc('month', award_day)::date, sum(points)::int from points_ledger group by 1, 2, 3)
      select coalesce(e.user_id, p.user_id) as user_id from expected e
      full join period_points p on p.user_id = e.user_id and p.period = e.period and p.period_start = e.start
      where e.points is distinct from p.points`.execute(h.deps.db);
    expect(drift.rows).toEqual([]);
    // And month_point_counts counts exactly the golfers at each month figure.
    const miscounted = await sql<{ points: number }>`
      select coalesce(c.points, p.points) as points from month_point_counts c
      full join (select period_start, points, count(*)::int as golfers from period_points where period = 'month' group by 1, 2) p
        on p.period_start = c.period_start and p.points = c.points
      where coalesce(c.golfers, 0) <> coalesce(p.golfers, 0)`.execute(h.deps.db);
    expect(miscounted.rows).toEqual([]);
    const totals = await sql<{ user_id: number; ledger: number; total: number; awards: number; version: number }>`
      select g.user_id, (select sum(points)::int from points_ledger l where l.user_id = g.user_id) as ledger, g.total_points as total,
        (select count(*)::int from points_ledger l where l.user_id = g.user_id) as awards, g.version
      from golfer_points g`.execute(h.deps.db);
    expect(totals.rows.length).toBeGreaterThan(5);
    for (const row of totals.rows) expect({ total: row.total, version: row.version }).toEqual({ total: row.ledger, version: row.awards });
    const periods = await sql<{ period: string; sum: number }>`select period, sum(points)::int as sum from period_points group by period`.execute(h.deps.db);
    const ledgerSum = (await sql<{ sum: number }>`select sum(points)::int as sum from points_ledger`.execute(h.deps.db)).rows[0]!.sum;
    expect(Object.fromEntries(periods.rows.map((r) => [r.period, r.sum]))).toEqual({ day: ledgerSum, week: ledgerSum, month: ledgerSum });
  });

  it('refuses changes to recorded awards (append-only)', async () => {
    await expect(h.deps.db.updateTable('points_ledger').set({ points: 1000 }).execute()).rejects.toThrow(/append-only/);
    await expect(h.deps.db.deleteFrom('points_ledger').execute()).rejects.toThrow(/append-only/);
  });
});
