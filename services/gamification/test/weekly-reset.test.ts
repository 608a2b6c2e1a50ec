import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { JOBS, addDays, centralWeek } from '@swingfit/contracts';
import { JobQueues } from '@swingfit/server-kit';
import { eventually } from '@swingfit/server-kit/testing';
import { createWeeklyResetWorker, dueAt } from '../src/jobs/weekly-reset.js';
import { sendWeeklyReset } from '../src/services/weekly-reset.js';
import { startGamification, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startGamification();
});
afterAll(async () => {
  await h?.close();
});

const notificationsOf = (userId: number) => h.deps.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('type', '=', 'weekly_reset').execute();

describe('weekly reset notice', () => {
  // Sunday November 8 2026, 00:00 CST: the first Sunday midnight after clocks fell back (Nov 1).
  const sundayMidnight = new Date('2026-11-08T06:00:00Z');
  const [ann, bob, cal] = [1, 2, 3];

  beforeAll(async () => {
    await h.deps.db
      .insertInto('period_points')
      .values([
        { user_id: ann, period: 'week', period_start: '2026-11-01', points: 30 },
        { user_id: bob, period: 'week', period_start: '2026-11-01', points: 5 },
        { user_id: cal, period: 'week', period_start: '2026-10-25', points: 50 }, // nothing in the week that ended
      ])
      .execute();
    await h.deps.db
      .insertInto('golfer_streaks')
      .values([
        { user_id: ann, weeks: 4, last_week: '2026-11-01' },
        { user_id: bob, weeks: 2, last_week: '2026-10-18' }, // already broken
      ])
      .execute();
  });

  it('tells each golfer who earned points last week, once, however often it runs', async () => {
    const runs = await Promise.all([sendWeeklyReset(h.deps.db, sundayMidnight), sendWeeklyReset(h.deps.db, sundayMidnight)]);
    expect(runs.map((r) => r.alreadySent).sort()).toEqual([false, true]);
    expect(runs.find((r) => !r.alreadySent)).toEqual({ week: '2026-11-08', notified: 2, alreadySent: false });
    expect(await sendWeeklyReset(h.deps.db, new Date('2026-11-10T12:00:00Z'))).toMatchObject({ week: '2026-11-08', alreadySent: true });

    const annNotes = await notificationsOf(ann);
    expect(annNotes.map((n) => [n.title, n.message])).toEqual([
      ['New Week, Fresh Start!', 'Your weekly points are back to 0. Last week you earned 30 points. Complete an exercise this week to keep your 4-week streak going.'],
    ]);
    expect((await notificationsOf(bob)).map((n) => n.message)).toEqual(['Your weekly points are back to 0. Last week you earned 5 points.']);
    expect(await notificationsOf(cal)).toEqual([]);
  });

  it('reads the week from when the run was due, not when a late worker took it', () => {
    const due = sundayMidnight.getTime();
    expect(dueAt({ timestamp: due - 3_600_000, delay: 3_600_000 }, due + 90_000).toISOString()).toBe(sundayMidnight.toISOString());
    expect(dueAt({ timestamp: due, delay: 0 }, due + 5_000).getTime()).toBe(due + 5_000);
  });
});

const RESET = JOBS['gamification.weekly-reset'];

describe('the schedule', () => {
  it('is registered once however many replicas start, and next runs at Sunday 00:00 Central Time', async () => {
    const replicas = [0, 1, 2].map(() => new JobQueues(h.queues, h.deps.logger));
    await Promise.all(replicas.map((r) => r.keepScheduled('gamification')));
    const queue = new Queue(RESET.queue, { connection: h.queues.connection, prefix: h.queues.prefix });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({ key: 'gamification.weekly-reset', pattern: '0 0 * * 0', tz: 'America/Chicago' });
      expect(new Date(schedulers[0]!.next!).toISOString()).toBe(centralWeek(new Date()).end.toISOString());
      const waiting = await queue.getJobs(['delayed', 'waiting', 'wait']);
      expect(waiting).toHaveLength(1);
    } finally {
      await queue.close();
      await Promise.all(replicas.map((r) => r.close()));
    }
  });
});

describe('a run of the job', () => {
  it('sends the notice for the week that just ended, through the queue and the worker', async () => {
    const dan = 4;
    const lastWeek = addDays(centralWeek(new Date()).date, -7);
    await h.deps.db.insertInto('period_points').values({ user_id: dan, period: 'week', period_start: lastWeek, points: 12 }).execute();
    const worker = createWeeklyResetWorker({ db: h.deps.db, logger: h.deps.logger }, h.queues);
    const queue = new Queue(RESET.queue, { connection: h.queues.connection, prefix: h.queues.prefix });
    try {
      const job = await queue.add('gamification.weekly-reset', {}, { jobId: 'weekly-reset-now' });
      const result = await eventually(async () => ((await job.getState()) === 'completed' ? (await queue.getJob(job.id!))?.returnvalue : undefined));
      expect(result).toEqual({ week: centralWeek(new Date()).date, notified: expect.any(Number), alreadySent: false });
      expect((await notificationsOf(dan)).map((n) => n.message)).toEqual(['Your weekly points are back to 0. Last week you earned 12 points.']);
    } finally {
      await worker.close();
      await queue.close();
    }
  });
});
