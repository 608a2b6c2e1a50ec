import {
  CompleteExerciseBody,
  CompleteExerciseResponse,
  DailyWorkout,
  ErrorBody,
  ExerciseHistoryParams,
  ExerciseLogBody,
  ExerciseLogEntry,
  ExerciseLogList,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeaders,
  UserIdParam,
  WorkoutDayList,
} from '@swingfit/contracts';
import type { App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { assertSelf, requireUser } from '../http/session.js';
import { nowOf } from '../services/clock.js';
import { completeExercise } from '../services/completions.js';
import { listExerciseHistory, listWorkoutDays, logExercise } from '../services/exercise-logs.js';
import { getDailyWorkout, rebuildDailyWorkout } from '../services/workouts.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** The daily workout, completions, exercise logs and workout days: a golfer's own only (403 for another's id). */
export function workoutRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    const signedIn = requireUser(deps.db, deps.sessionCache);
    const me = (request: { sessionUser?: { id: number } }) => request.sessionUser!.id;

    app.get('/api/daily-workout/:userId', { onRequest: signedIn, schema: { params: UserIdParam, response: { 200: DailyWorkout, ...errors } } }, async (request) => {
      const user = assertSelf(request, request.params.userId);
      return getDailyWorkout(deps, user.id, nowOf(deps));
    });

    app.post('/api/generate-workout', { onRequest: signedIn, schema: { response: { 200: DailyWorkout, ...errors } } }, async (request) => rebuildDailyWorkout(deps, me(request), nowOf(deps)));

    app.post(
      '/api/daily-workout/complete',
      { onRequest: signedIn, schema: { body: CompleteExerciseBody, response: { 200: CompleteExerciseResponse, ...errors } } },
      async (request) => completeExercise(deps, { userId: me(request), body: request.body, now: nowOf(deps), requestId: String(request.id) }),
    );

    app.get('/api/user-sessions/:userId', { onRequest: signedIn, schema: { params: UserIdParam, response: { 200: WorkoutDayList, ...errors } } }, async (request) => {
      const user = assertSelf(request, request.params.userId);
      return listWorkoutDays(deps.db, user.id);
    });

    app.post(
      '/api/exercise-logs',
      { onRequest: signedIn, schema: { headers: IdempotencyKeyHeaders, body: ExerciseLogBody, response: { 201: ExerciseLogEntry, 409: ErrorBody, ...errors } } },
      async (request, reply) => {
        const entry = await logExercise(deps.db, me(request), request.body, nowOf(deps), request.headers[IDEMPOTENCY_KEY_HEADER]);
        // A resend gets the first save's answer, status included.
        return reply.status(201).send(entry);
      },
    );

    app.get(
      '/api/exercise-logs/user/:user/history/:exerciseName',
      { onRequest: signedIn, schema: { params: ExerciseHistoryParams, response: { 200: ExerciseLogList, ...errors } } },
      async (request) => {
        // 'authenticated' is the spec's own path; a numeric id must be the caller's own.
        const user = request.params.user === 'authenticated' ? request.sessionUser! : assertSelf(request, Number(request.params.user));
        return listExerciseHistory(deps.db, user.id, request.params.exerciseName);
      },
    );
  };
}

