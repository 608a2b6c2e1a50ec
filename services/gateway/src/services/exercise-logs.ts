import {
  IDEMPOTENCY_KEY_REUSED,
  PREMIUM_TRACKING_MESSAGE,
  centralDate,
  parseWorkoutNumber,
  type ExerciseLogBody,
  type ExerciseLogEntry,
  type WorkoutDay,
} from '@swingfit/contracts';
import { HttpError } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { findExerciseByName } from '../db/catalog-repository.js';
import { exerciseHistory, exerciseLogByKey, golferFacts, insertExerciseLog, workoutDays } from '../db/workouts-repository.js';
import { isResendOf } from '../domain/exercise-log-replay.js';
import { upgradeRequired } from '../http/error-extras.js';

/* Exercise logs (Premium tracking and history) and the golfer's workout days. */

type Db = GatewayDeps['db'];

export const HISTORY_LIMIT = 50;
export const WORKOUT_DAYS_LIMIT = 120;

async function assertPremium(db: Db, userId: number): Promise<void> {
  const golfer = await golferFacts(db, userId);
  if (!golfer) throw new HttpError(401, 'Unauthorized');
  if (!golfer.isPremium) throw upgradeRequired(PREMIUM_TRACKING_MESSAGE);
}

/**
 * The earliest day a workout may be logged for: well before any golfer's first workout here, and it keeps
 * out days PostgreSQL's date refuses ('0000-01-01', which answered a 500) and years no one trained in.
 */
export const EARLIEST_LOG_DATE = '2000-01-01';

/** The golfer's calendar day of a logged workout: a date as sent, or the Central Time day of a timestamp. */
function logDate(workoutDate: string, now: Date): string {
  const date = workoutDate.length === 10 ? workoutDate : centralDate(new Date(workoutDate));
  if (date > centralDate(now)) throw new HttpError(400, 'A workout cannot be logged for a day that has not come yet');
  // Compared as text: YYYY-MM-DD sorts by date, and a year before 0001 ('-000001-…', '0000-…') sorts first.
  if (date < EARLIEST_LOG_DATE) throw new HttpError(400, `A workout cannot be logged for a day before ${EARLIEST_LOG_DATE}`);
  return date;
}

/**
 * POST /api/exercise-logs: the golfer's own log of sets, reps and weight for a catalog exercise. With an
 * idempotency key, a resend (a phone on a bad network retries) is answered with the entry the first request
 * saved and saves nothing; a different entry under a used key is refused (409) rather than dropped.
 */
export async function logExercise(db: Db, userId: number, body: ExerciseLogBody, now: Date, idempotencyKey?: string): Promise<ExerciseLogEntry> {
  await assertPremium(db, userId);
  const exercise = await findExerciseByName(db, body.exerciseName);
  if (!exercise) throw new HttpError(400, 'No exercise in the library has that name');
  const date = logDate(body.workoutDate, now);
  const duration = body.duration === undefined || body.duration === null ? null : parseWorkoutNumber(body.duration);
  const entry = {
    exerciseName: exercise.name,
    sets: parseWorkoutNumber(body.sets),
    reps: parseWorkoutNumber(body.reps),
    weight: parseWorkoutNumber(body.weight),
    notes: body.notes?.trim() || null,
  };
  const saved = await insertExerciseLog(db, { userId, exerciseId: Number(exercise.id), date, durationSeconds: duration, ...entry, idempotencyKey });
  // The stored time, as the history and a resend read it.
  if (saved) return { id: saved.id, workoutDate: date, duration, createdAt: saved.createdAt.toISOString(), ...entry };

  // Only a key can conflict: this is a resend, or the key was used for something else.
  const first = await exerciseLogByKey(db, userId, idempotencyKey!);
  if (!first) throw new Error('exercise log insert conflicted, but no entry has its key');
  const answer = toEntry(first);
  if (!isResendOf(answer, { ...entry, workoutDate: date, duration })) throw new HttpError(409, IDEMPOTENCY_KEY_REUSED);
  return answer;
}

type LogRow = Awaited<ReturnType<typeof exerciseHistory>>[number];

function toEntry(r: LogRow): ExerciseLogEntry {
  return {
    id: Number(r.id),
    exerciseName: r.exercise_name,
    workoutDate: r.workout_date,
    sets: r.sets,
    reps: r.reps,
    weight: r.weight,
    duration: r.duration_seconds,
    notes: r.notes,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** GET /api/exercise-logs/user/authenticated/history/{exerciseName}: newest first. */
export async function listExerciseHistory(db: Db, userId: number, exerciseName: string): Promise<ExerciseLogEntry[]> {
  await assertPremium(db, userId);
  return (await exerciseHistory(db, userId, exerciseName, HISTORY_LIMIT)).map(toEntry);
}

/** GET /api/user-sessions/{userId}: days with completed exercises, newest first. */
export function listWorkoutDays(db: Db, userId: number): Promise<WorkoutDay[]> {
  return workoutDays(db, userId, WORKOUT_DAYS_LIMIT);
}
