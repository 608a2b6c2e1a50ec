import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventQueueName, NOT_IN_TODAYS_WORKOUT, PREMIUM_TRACKING_MESSAGE, exerciseAward, type CompleteExerciseResponse, type DailyWorkout } from '@swingfit/contracts';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';
import { complete, getWorkout, golferWithAnalysis, outboxEvents, setClock, userStreakRow } from './workout-fixtures.js';

let h: Harness;
beforeAll(async () => {
  h = await startGateway();
});
afterAll(async () => {
  await h?.close();
});

const MONDAY = '2026-03-02T16:00:00Z'; // week of Sunday 1 March 2026

async function premiumWithWorkout(at = MONDAY) {
  setClock(h, at);
  const golfer = await golferWithAnalysis(h, 'premium');
  const workout = (await getWorkout(h, golfer)).json<DailyWorkout>();
  return { golfer, workout };
}

const completions = (userId: number) => h.deps.db.selectFrom('exercise_completions').selectAll().where('user_id', '=', userId).execute();

describe('POST /api/daily-workout/complete', () => {
  it('records the completion, moves the streak, answers progress and the points, and publishes exercise.completed', async () => {
    const { golfer, workout } = await premiumWithWorkout();
    const name = workout.exercises[1]!.name;
    const res = await complete(h, golfer.cookie, { exerciseName: name });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ progress: { completed: 1, total: 6, percentage: 17 }, pointsAwarded: 5, alreadyCompleted: false, completedExercises: [name], streakWeeks: 1 });

    expect(await userStreakRow(h, golfer.user.id)).toMatchObject({ streak: 1, streak_week: '2026-03-01' });
    const [row] = await completions(golfer.user.id);
    const events = await outboxEvents(h, 'exercise.completed', golfer.user.id);
    expect(events).toEqual([{ completionId: Number(row!.id), exerciseName: name, workoutDate: '2026-03-02', streakWeeks: 1, basePoints: 5, multiplier: 1, points: 5 }]);

    // The workout now says so (the Done state after a reload comes from here).
    expect((await getWorkout(h, golfer)).json<DailyWorkout>()).toMatchObject({ completedExercises: [name], progress: { completed: 1, total: 6, percentage: 17 } });
  });

  it('counts a repeat once: no second row, no second event, no second points', async () => {
    const { golfer, workout } = await premiumWithWorkout();
    const name = workout.exercises[0]!.name;
    expect((await complete(h, golfer.cookie, { exerciseName: name })).json().pointsAwarded).toBe(5);
    const again = await complete(h, golfer.cookie, { exerciseName: name.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ alreadyCompleted: true, pointsAwarded: 0, progress: { completed: 1, total: 6 } });
    expect(await completions(golfer.user.id)).toHaveLength(1);
    expect(await outboxEvents(h, 'exercise.completed', golfer.user.id)).toHaveLength(1);
  });

  it('counts two identical requests at the same moment once', async () => {
    const { golfer, workout } = await premiumWithWorkout();
    const name = workout.exercises[2]!.name;
    const answers = await Promise.all(Array.from({ length: 4 }, () => complete(h, golfer.cookie, { exerciseName: name })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const bodies = answers.map((a) => a.json<CompleteExerciseResponse>());
    expect(bodies.filter((b) => !b.alreadyCompleted)).toHaveLength(1);
    expect(bodies.reduce((sum, b) => sum + b.pointsAwarded, 0)).toBe(5);
    expect(await completions(golfer.user.id)).toHaveLength(1);
    expect(await outboxEvents(h, 'exercise.completed', golfer.user.id)).toHaveLength(1);
  });

  it('refuses a free golfer with requiresUpgrade and records nothing', async () => {
    setClock(h, MONDAY);
    const golfer = await golferWithAnalysis(h, 'free');
    const workout = (await getWorkout(h, golfer)).json<DailyWorkout>();
    const res = await complete(h, golfer.cookie, { exerciseName: workout.exercises[0]!.name });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PREMIUM_TRACKING_MESSAGE, requiresUpgrade: true });
    expect(await completions(golfer.user.id)).toHaveLength(0);
  });

  it('refuses exercises that are not in today’s workout, and any before the day’s workout exists', async () => {
    const { golfer, workout } = await premiumWithWorkout();
    const inWorkout = new Set(workout.exercises.map((e) => e.name));
    const other = await h.deps.db.selectFrom('exercises').select('name').where('name', 'not in', [...inWorkout]).executeTakeFirstOrThrow();
    for (const exerciseName of [other.name, 'Handstand Push-Up']) {
      const res = await complete(h, golfer.cookie, { exerciseName });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NOT_IN_TODAYS_WORKOUT);
    }
    setClock(h, '2026-03-03T16:00:00Z'); // Tuesday: no workout opened yet
    expect((await complete(h, golfer.cookie, { exerciseName: workout.exercises[0]!.name })).statusCode).toBe(400);
    expect(await completions(golfer.user.id)).toHaveLength(0);
  });

  it('logs the sets, reps and weight entered with the completion (integers, invalid as 0)', async () => {
    const { golfer, workout } = await premiumWithWorkout();
    const name = workout.exercises[3]!.name;
    expect((await complete(h, golfer.cookie, { exerciseName: name, sets: 3, reps: '12', weight: '25 lbs?' })).statusCode).toBe(200);
    const logs = await h.deps.db.selectFrom('exercise_logs').selectAll().where('user_id', '=', golfer.user.id).execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ exercise_name: name, sets: 3, reps: 12, weight: 25 });
    const bad = await complete(h, golfer.cookie, { exerciseName: workout.exercises[4]!.name, sets: 'three', reps: -2 });
    expect(bad.statusCode).toBe(200);
    expect(await h.deps.db.selectFrom('exercise_logs').selectAll().where('user_id', '=', golfer.user.id).execute()).toHaveLength(1);
  });

  it('answers 400 for a malformed body and 401 (not 400) without a session', async () => {
    const { golfer } = await premiumWithWorkout();
    expect((await complete(h, golfer.cookie, {})).statusCode).toBe(400);
    expect((await complete(h, golfer.cookie, { exerciseName: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url: '/api/daily-workout/complete', payload: {} })).statusCode).toBe(401);
  });
});

describe('the points reach gamification through the outbox', () => {
  it('queues exercise.completed for gamification with the award, whether or not gamification is running', async () => {
    const { golfer, workout } = await premiumWithWorkout();
    await complete(h, golfer.cookie, { exerciseName: workout.exercises[0]!.name });
    const [event] = await h.deps.db.selectFrom('outbox').select('id').where('type', '=', 'exercise.completed').where('user_id', '=', golfer.user.id).execute();
    // No gamification consumer runs in this test: the event waits in its queue until one does.
    await h.deps.relay.flush();
    const queue = new Queue(eventQueueName('gamification'), { connection: h.deps.queues.connection, prefix: h.deps.queues.prefix });
    try {
      const job = await queue.getJob(event!.id);
      expect(job?.name).toBe('exercise.completed');
      expect(job?.data).toMatchObject({ id: event!.id, type: 'exercise.completed', userId: golfer.user.id, payload: { exerciseName: workout.exercises[0]!.name, points: 5, streakWeeks: 1 } });
    } finally {
      await queue.close();
    }
  });
});

describe('the weekly streak and the day’s multiplier', () => {
  it('adds a week for each week with an exercise, applies the tier of the streak including today’s week, and resets after a missed week', async () => {
    const golfer = await golferWithAnalysis(h, 'premium');
    const mondays = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'];
    const points: number[] = [];
    for (const day of mondays) {
      setClock(h, `${day}T16:00:00Z`);
      const workout = (await getWorkout(h, golfer)).json<DailyWorkout>();
      const first = (await complete(h, golfer.cookie, { exerciseName: workout.exercises[0]!.name })).json<CompleteExerciseResponse>();
      const second = (await complete(h, golfer.cookie, { exerciseName: workout.exercises[1]!.name })).json<CompleteExerciseResponse>();
      expect(second.pointsAwarded).toBe(first.pointsAwarded); // the day's multiplier is the same for every exercise
      points.push(first.pointsAwarded);
    }
    expect(points).toEqual([1, 2, 3, 4, 5].map((weeks) => exerciseAward(weeks).points)); // 5, 5, 6, 6, 8
    expect(points).toEqual([5, 5, 6, 6, 8]);
    expect(await userStreakRow(h, golfer.user.id)).toMatchObject({ streak: 5, streak_week: '2026-03-29' });

    // A whole week without an exercise: the next one starts again at 1.
    setClock(h, '2026-04-15T16:00:00Z');
    const workout = (await getWorkout(h, golfer)).json<DailyWorkout>();
    expect((await complete(h, golfer.cookie, { exerciseName: workout.exercises[0]!.name })).json()).toMatchObject({ pointsAwarded: 5, streakWeeks: 1 });
    const events = await outboxEvents(h, 'exercise.completed', golfer.user.id);
    expect(events.map((e) => e.streakWeeks)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 1]);
    expect(events.every((e) => e.points === exerciseAward(e.streakWeeks as number).points)).toBe(true);
  });

  it('turns the day and the streak week at Sunday 00:00 Central Time: Saturday’s last second earns Saturday’s tier, midnight starts the next', async () => {
    // Sunday 8 March 2026, the night clocks go forward at 02:00: its midnight is still CST (UTC-6).
    setClock(h, '2026-03-08T05:30:00Z');
    const golfer = await golferWithAnalysis(h, 'premium');
    // One week of streak, ending the week before this Saturday's: this week makes 2 (5 points), the next 3 (6 points).
    await h.deps.db.updateTable('users').set({ streak: 1, streak_week: '2026-02-22' }).where('id', '=', golfer.user.id).execute();
    const saturday = (await getWorkout(h, golfer)).json<DailyWorkout>();
    expect(saturday.workoutDate).toBe('2026-03-07');

    setClock(h, '2026-03-08T05:59:59Z');
    expect((await complete(h, golfer.cookie, { exerciseName: saturday.exercises[0]!.name })).json()).toMatchObject({ pointsAwarded: 5, streakWeeks: 2 });

    // Midnight: Saturday's workout is over, and Sunday's exercises earn the next week's tier.
    setClock(h, '2026-03-08T06:00:00Z');
    const late = await complete(h, golfer.cookie, { exerciseName: saturday.exercises[1]!.name });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(NOT_IN_TODAYS_WORKOUT);
    const sunday = (await getWorkout(h, golfer)).json<DailyWorkout>();
    expect(sunday.workoutDate).toBe('2026-03-08');
    expect((await complete(h, golfer.cookie, { exerciseName: sunday.exercises[0]!.name })).json()).toMatchObject({ pointsAwarded: 6, streakWeeks: 3 });

    const events = await outboxEvents(h, 'exercise.completed', golfer.user.id);
    expect(events.map((e) => [e.workoutDate, e.streakWeeks, e.points])).toEqual([
      ['2026-03-07', 2, 5],
      ['2026-03-08', 3, 6],
    ]);
    expect(await userStreakRow(h, golfer.user.id)).toMatchObject({ streak: 3, streak_week: '2026-03-08' });
  });

  it('shows the current streak on the user record (0 once a whole week has been missed)', async () => {
    setClock(h, undefined);
    const golfer = await golferWithAnalysis(h, 'premium');
    const workout = (await getWorkout(h, golfer)).json<DailyWorkout>();
    await complete(h, golfer.cookie, { exerciseName: workout.exercises[0]!.name });
    const me = await h.app.inject({ method: 'GET', url: `/api/users/${golfer.user.id}`, headers: { cookie: golfer.cookie } });
    expect(me.json().streak).toBe(1);
    await h.deps.db.updateTable('users').set({ streak: 9, streak_week: '2020-01-05' }).where('id', '=', golfer.user.id).execute();
    const stale = await h.app.inject({ method: 'GET', url: `/api/users/${golfer.user.id}`, headers: { cookie: golfer.cookie } });
    expect(stale.json().streak).toBe(0);
  });

  it('still answers with no registered golfer: 401', async () => {
    const golfer = await registerGolfer(h.app);
    await h.deps.db.deleteFrom('users').where('id', '=', golfer.user.id).execute();
    expect((await complete(h, golfer.cookie, { exerciseName: 'Dead Bug' })).statusCode).toBe(401);
  });
});
