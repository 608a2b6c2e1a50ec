import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREMIUM_TRACKING_MESSAGE, type DailyWorkout, type ExerciseLogEntry } from '@swingfit/contracts';
import { startGateway, type Harness } from './harness.js';
import { complete, getWorkout, golferWithAnalysis, setClock } from './workout-fixtures.js';

let h: Harness;
beforeAll(async () => {
  h = await startGateway();
});
afterAll(async () => {
  await h?.close();
});

const log = (cookie: string, body: Record<string, unknown>, idempotencyKey?: string) =>
  h.app.inject({ method: 'POST', url: '/api/exercise-logs', headers: { cookie, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) }, payload: body });
const history = (cookie: string | undefined, user: string | number, name: string) =>
  h.app.inject({ method: 'GET', url: `/api/exercise-logs/user/${user}/history/${encodeURIComponent(name)}`, headers: cookie ? { cookie } : {} });

describe('exercise logs', () => {
  it('keeps a Premium golfer’s logs and answers their history newest first', async () => {
    setClock(h, '2026-03-05T16:00:00Z');
    const golfer = await golferWithAnalysis(h, 'premium');
    const older = await log(golfer.cookie, { exerciseName: 'Goblet Squat', workoutDate: '2026-03-01', sets: 3, reps: 10, weight: '35', notes: 'Felt strong' });
    expect(older.statusCode).toBe(201);
    expect(older.json()).toMatchObject({ exerciseName: 'Goblet Squat', workoutDate: '2026-03-01', sets: 3, reps: 10, weight: 35, notes: 'Felt strong' });
    // An ISO timestamp is read on the golfer's Central Time calendar (04:30 UTC is still the 4th in Chicago).
    expect((await log(golfer.cookie, { exerciseName: 'goblet squat', workoutDate: '2026-03-05T04:30:00.000Z', sets: 'x', reps: 8, weight: 'heavy' })).json()).toMatchObject({
      exerciseName: 'Goblet Squat',
      workoutDate: '2026-03-04',
      sets: 0,
      weight: 0,
    });

    const res = await history(golfer.cookie, 'authenticated', 'Goblet Squat');
    expect(res.statusCode).toBe(200);
    const entries = res.json<ExerciseLogEntry[]>();
    expect(entries.map((e) => e.workoutDate)).toEqual(['2026-03-04', '2026-03-01']);
    expect(Object.keys(entries[0]!).sort()).toEqual(['createdAt', 'duration', 'exerciseName', 'id', 'notes', 'reps', 'sets', 'weight', 'workoutDate']);
    expect((await history(golfer.cookie, golfer.user.id, 'goblet squat')).json()).toHaveLength(2);
    expect((await history(golfer.cookie, 'authenticated', 'Dead Bug')).json()).toEqual([]);
  });

  it('shows what was entered with a completion in the history', async () => {
    setClock(h, '2026-03-05T16:00:00Z');
    const golfer = await golferWithAnalysis(h, 'premium');
    const workout = (await getWorkout(h, golfer)).json<DailyWorkout>();
    const name = workout.exercises[0]!.name;
    await complete(h, golfer.cookie, { exerciseName: name, sets: 3, reps: 12, weight: 25 });
    expect((await history(golfer.cookie, 'authenticated', name)).json()).toEqual([expect.objectContaining({ workoutDate: '2026-03-05', sets: 3, reps: 12, weight: 25 })]);
  });

  it('answers 403 for another golfer’s history, and 401 without a session', async () => {
    const alice = await golferWithAnalysis(h, 'premium');
    const bob = await golferWithAnalysis(h, 'premium');
    await log(bob.cookie, { exerciseName: 'Dead Bug', workoutDate: '2026-03-01', sets: 2, reps: 10, weight: 0 });
    expect((await history(alice.cookie, bob.user.id, 'Dead Bug')).statusCode).toBe(403);
    expect((await history(alice.cookie, 'authenticated', 'Dead Bug')).json()).toEqual([]);
    expect((await history(undefined, 'authenticated', 'Dead Bug')).statusCode).toBe(401);
    expect((await history(alice.cookie, 'someone', 'Dead Bug')).statusCode).toBe(400);
  });

  it('keeps tracking and history for Premium: a free golfer gets requiresUpgrade', async () => {
    const golfer = await golferWithAnalysis(h, 'free');
    const res = await log(golfer.cookie, { exerciseName: 'Dead Bug', workoutDate: '2026-03-01', sets: 2, reps: 10, weight: 0 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PREMIUM_TRACKING_MESSAGE, requiresUpgrade: true });
    expect((await history(golfer.cookie, 'authenticated', 'Dead Bug')).statusCode).toBe(403);
  });

  it('refuses unknown exercises, future days and malformed bodies', async () => {
    setClock(h, '2026-03-05T16:00:00Z');
    const golfer = await golferWithAnalysis(h, 'premium');
    expect((await log(golfer.cookie, { exerciseName: 'Moon Walk', workoutDate: '2026-03-01' })).statusCode).toBe(400);
    expect((await log(golfer.cookie, { exerciseName: 'Dead Bug', workoutDate: '2026-03-06' })).json().message).toMatch(/has not come yet/);
    expect((await log(golfer.cookie, { exerciseName: 'Dead Bug', workoutDate: 'yesterday' })).statusCode).toBe(400);
    expect((await log(golfer.cookie, { workoutDate: '2026-03-01' })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url: '/api/exercise-logs', payload: {} })).statusCode).toBe(401);
    // Days PostgreSQL's date refuses answered a 500.
    for (const workoutDate of ['0000-01-01', '0000-06-01T12:00:00Z', '1999-12-31']) {
      const res = await log(golfer.cookie, { exerciseName: 'Dead Bug', workoutDate, sets: 1 });
      expect(res.statusCode, workoutDate).toBe(400);
      expect(res.json().message).toMatch(/before 2000-01-01/);
    }
  });

  it('reads a figure past the logs’ bound as 0 (section 5: invalid is 0), where the integer column answered a 500', async () => {
    setClock(h, '2026-03-05T16:00:00Z');
    const golfer = await golferWithAnalysis(h, 'premium');
    const res = await log(golfer.cookie, { exerciseName: 'Dead Bug', workoutDate: '2026-03-05', sets: '99999999999', reps: '8', weight: '99999999999', duration: '99999999999' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ sets: 0, reps: 8, weight: 0, duration: 0 });
    const name = (await getWorkout(h, golfer)).json<DailyWorkout>().exercises[0]!.name;
    const done = await complete(h, golfer.cookie, { exerciseName: name, sets: '3', reps: '99999999999' });
    expect(done.statusCode).toBe(200);
    expect((await history(golfer.cookie, 'authenticated', name)).json()).toEqual([expect.objectContaining({ sets: 3, reps: 0 })]);
  });
});

/*
 * A phone on a bad network resends a POST whose answer it never got. Section 1's rule: a duplicated request
 * never counts twice. The client's idempotency key (one per Save tap) makes the resend answer the first
 * save; a request without one (an older client) still saves.
 */
describe('a resent exercise log', () => {
  const entry = { exerciseName: 'Goblet Squat', workoutDate: '2026-03-05', sets: 3, reps: 10, weight: '35', notes: 'Felt strong' };
  const logged = async (cookie: string) => (await history(cookie, 'authenticated', 'Goblet Squat')).json<ExerciseLogEntry[]>();

  it('saves once when the same request comes twice with one key, and answers the resend with the first save', async () => {
    setClock(h, '2026-03-05T16:00:00Z');
    const golfer = await golferWithAnalysis(h, 'premium');
    const first = await log(golfer.cookie, entry, 'tap-1');
    setClock(h, '2026-03-05T16:00:30Z');
    const resend = await log(golfer.cookie, entry, 'tap-1');
    expect(first.statusCode).toBe(201);
    expect(resend.statusCode).toBe(201);
    expect(resend.json()).toEqual(first.json());
    expect(await logged(golfer.cookie)).toHaveLength(1);
  });

  it('saves once when the request and its resend arrive at the same time', async () => {
    setClock(h, '2026-03-05T16:00:00Z');
    const golfer = await golferWithAnalysis(h, 'premium');
    const answers = await Promise.all([1, 2, 3].map(() => log(golfer.cookie, entry, 'tap-together')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await logged(golfer.cookie)).toHaveLength(1);
  });

  it('saves two entries for two keys (two taps), and for two requests without a key (older clients)', async () => {
    setClock(h, '2026-03-05T16:00:00Z');
    const golfer = await golferWithAnalysis(h, 'premium');
    await log(golfer.cookie, entry, 'tap-a');
    await log(golfer.cookie, entry, 'tap-b');
    expect(await logged(golfer.cookie)).toHaveLength(2);
    expect((await log(golfer.cookie, entry)).statusCode).toBe(201);
    expect((await log(golfer.cookie, entry)).statusCode).toBe(201);
    expect(await logged(golfer.cookie)).toHaveLength(4);
  });

  it('keeps another golfer’s same key apart: each saves their own entry', async () => {
    setClock(h, '2026-03-05T16:00:00Z');
    const alice = await golferWithAnalysis(h, 'premium');
    const bob = await golferWithAnalysis(h, 'premium');
    const mine = await log(alice.cookie, entry, 'shared-key');
    const theirs = await log(bob.cookie, { ...entry, sets: 5, notes: 'Bob’s' }, 'shared-key');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json()).toMatchObject({ sets: 5, notes: 'Bob’s' });
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await logged(alice.cookie)).toEqual([expect.objectContaining({ sets: 3, notes: 'Felt strong' })]);
    expect(await logged(bob.cookie)).toEqual([expect.objectContaining({ sets: 5, notes: 'Bob’s' })]);
  });

  it('refuses a different entry under a used key (409) instead of dropping it, and a malformed key (400)', async () => {
    setClock(h, '2026-03-05T16:00:00Z');
    const golfer = await golferWithAnalysis(h, 'premium');
    await log(golfer.cookie, entry, 'tap-x');
    const other = await log(golfer.cookie, { ...entry, sets: 4 }, 'tap-x');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/Idempotency-Key/);
    const malformed = await log(golfer.cookie, entry, 'x'.repeat(101));
    expect(malformed.statusCode).toBe(400);
    expect(await logged(golfer.cookie)).toEqual([expect.objectContaining({ sets: 3 })]);
  });
});

describe('GET /api/user-sessions/{userId}: workout days', () => {
  it('lists the days with completed exercises and their points, newest first; another golfer’s is 403', async () => {
    const golfer = await golferWithAnalysis(h, 'premium');
    for (const day of ['2026-03-02', '2026-03-03']) {
      setClock(h, `${day}T16:00:00Z`);
      const workout = (await getWorkout(h, golfer)).json<DailyWorkout>();
      for (const e of workout.exercises.slice(0, day === '2026-03-02' ? 2 : 3)) await complete(h, golfer.cookie, { exerciseName: e.name });
    }
    const res = await h.app.inject({ method: 'GET', url: `/api/user-sessions/${golfer.user.id}`, headers: { cookie: golfer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { date: '2026-03-03', exercisesCompleted: 3, points: 15 },
      { date: '2026-03-02', exercisesCompleted: 2, points: 10 },
    ]);
    const other = await golferWithAnalysis(h, 'premium');
    expect((await h.app.inject({ method: 'GET', url: `/api/user-sessions/${golfer.user.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: `/api/user-sessions/${golfer.user.id}` })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: `/api/user-sessions/${other.user.id}`, headers: { cookie: other.cookie } })).json()).toEqual([]);
  });
});
