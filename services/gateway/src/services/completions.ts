import {
  NOT_IN_TODAYS_WORKOUT,
  PREMIUM_TRACKING_MESSAGE,
  advanceStreak,
  centralDate,
  exerciseAward,
  parseWorkoutNumber,
  weekOfDate,
  workoutProgress,
  type CompleteExerciseBody,
  type CompleteExerciseResponse,
} from '@swingfit/contracts';
import type { Kysely, Transaction } from 'kysely';
import { CORE_SCHEMA, type CoreDatabase } from '@swingfit/core-db';
import { HttpError, publishInTransaction } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { exercisesWithVideoByIds } from '../db/catalog-repository.js';
import {
  completionsOn,
  findWorkout,
  golferFacts,
  insertCompletion,
  insertExerciseLog,
  saveStreak,
  workoutEntries,
  type GolferFacts,
} from '../db/workouts-repository.js';
import { upgradeRequired } from '../http/error-extras.js';

/*
 * Completing an exercise of today's workout. One transaction, under the golfer's row lock: the
 * completion (unique per golfer, day and exercise, so a repeat or a concurrent twin counts once), the
 * streak moved with advanceStreak, the award decided by exerciseAward, the logged sets/reps/weight,
 * and the exercise.completed event in the outbox. The gamification ledger records exactly that award
 * from the event, whenever it is up to read it.
 */

type Deps = Pick<GatewayDeps, 'db'>;
type Db = Kysely<CoreDatabase> | Transaction<CoreDatabase>;

interface CompletionRequest {
  userId: number;
  body: CompleteExerciseBody;
  now: Date;
  requestId?: string;
}

async function lockedPremiumGolfer(trx: Db, userId: number): Promise<GolferFacts> {
  const golfer = await golferFacts(trx, userId, true);
  if (!golfer) throw new HttpError(401, 'Unauthorized');
  if (!golfer.isPremium) throw upgradeRequired(PREMIUM_TRACKING_MESSAGE);
  return golfer;
}

/** Today's workout exercises (id and catalog name) of the golfer. */
async function todaysExercises(trx: Db, userId: number, date: string): Promise<Array<{ id: number; name: string }>> {
  const workout = await findWorkout(trx, userId, date);
  if (!workout) return [];
  const entries = await workoutEntries(trx, workout.id);
  const names = new Map((await exercisesWithVideoByIds(trx, entries.map((e) => e.exerciseId))).map((r) => [Number(r.id), r.name]));
  return entries.flatMap((e) => (names.has(e.exerciseId) ? [{ id: e.exerciseId, name: names.get(e.exerciseId)! }] : []));
}

const loggedNumbers = (body: CompleteExerciseBody) => ({ sets: parseWorkoutNumber(body.sets), reps: parseWorkoutNumber(body.reps), weight: parseWorkoutNumber(body.weight) });

export async function completeExercise(deps: Deps, request: CompletionRequest): Promise<CompleteExerciseResponse> {
  const date = centralDate(request.now);
  return deps.db.transaction().execute(async (trx) => {
    const golfer = await lockedPremiumGolfer(trx, request.userId);
    const exercises = await todaysExercises(trx, request.userId, date);
    const wanted = request.body.exerciseName.trim().toLowerCase();
    const exercise = exercises.find((e) => e.name.toLowerCase() === wanted);
    if (!exercise) throw new HttpError(400, NOT_IN_TODAYS_WORKOUT);

    // The streak including today's week decides the day's multiplier (an unchanged week leaves it as is).
    const streak = advanceStreak(golfer.streak, weekOfDate(date));
    const award = exerciseAward(streak.weeks);
    const completionId = await insertCompletion(trx, {
      userId: golfer.id,
      date,
      exerciseId: exercise.id,
      exerciseName: exercise.name,
      streakWeeks: streak.weeks,
      ...award,
    });
    if (completionId !== undefined) {
      await saveStreak(trx, golfer.id, streak);
      const numbers = loggedNumbers(request.body);
      if (numbers.sets > 0 || numbers.reps > 0 || numbers.weight > 0) {
        await insertExerciseLog(trx, { userId: golfer.id, exerciseId: exercise.id, exerciseName: exercise.name, date, ...numbers, durationSeconds: null, notes: null });
      }
      await publishInTransaction(trx, CORE_SCHEMA, {
        type: 'exercise.completed',
        payload: { completionId, exerciseName: exercise.name, workoutDate: date, streakWeeks: streak.weeks, ...award },
        userId: golfer.id,
        requestId: request.requestId,
      });
    }
    const doneIds = new Set((await completionsOn(trx, golfer.id, date)).map((c) => c.exerciseId));
    const names = exercises.filter((e) => doneIds.has(e.id)).map((e) => e.name);
    return {
      progress: workoutProgress(names.length, exercises.length),
      pointsAwarded: completionId !== undefined ? award.points : 0,
      alreadyCompleted: completionId === undefined,
      completedExercises: names,
      streakWeeks: completionId !== undefined ? streak.weeks : golfer.streak.weeks,
    };
  });
}
