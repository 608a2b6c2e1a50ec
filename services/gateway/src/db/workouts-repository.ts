import { sql, type Kysely, type Transaction } from 'kysely';
import { calendarDateText, type CoreDatabase } from '@swingfit/core-db';
import type { StreakState } from '@swingfit/contracts';
import type { PlannedExercise } from '../domain/workout-plan.js';

type Db = Kysely<CoreDatabase> | Transaction<CoreDatabase>;

/* Every query on daily workouts, completions, exercise logs and the streak columns of users. */

export interface WorkoutRow {
  id: number;
  userId: number;
  workoutDate: string;
  analysisId: number | null;
  focusAreas: string[];
}

export interface WorkoutEntry {
  exerciseId: number;
  focusArea: string;
  position: number;
}

export async function findWorkout(db: Db, userId: number, date: string): Promise<WorkoutRow | undefined> {
  const row = await db
    .selectFrom('daily_workouts')
    .select(['id', 'user_id', sql<string>`workout_date::text`.as('workout_date'), 'analysis_id', 'focus_areas'])
    .where('user_id', '=', userId)
    .where('workout_date', '=', date)
    .executeTakeFirst();
  return row && { id: Number(row.id), userId: Number(row.user_id), workoutDate: row.workout_date, analysisId: row.analysis_id === null ? null : Number(row.analysis_id), focusAreas: row.focus_areas };
}

export async function workoutEntries(db: Db, workoutId: number): Promise<WorkoutEntry[]> {
  const rows = await db.selectFrom('daily_workout_exercises').select(['exercise_id', 'focus_area', 'position']).where('workout_id', '=', workoutId).orderBy('position').execute();
  return rows.map((r) => ({ exerciseId: Number(r.exercise_id), focusArea: r.focus_area, position: r.position }));
}

/** The exercises of the golfer's latest workout before `date`: the next one is varied from them. */
export async function previousWorkoutExercises(db: Db, userId: number, date: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('daily_workout_exercises as x')
    .innerJoin('daily_workouts as w', 'w.id', 'x.workout_id')
    .select('x.exercise_id')
    .where('w.id', '=', (eb) =>
      eb.selectFrom('daily_workouts').select('id').where('user_id', '=', userId).where('workout_date', '<', date).orderBy('workout_date', 'desc').limit(1),
    )
    .execute();
  return new Set(rows.map((r) => Number(r.exercise_id)));
}

export interface NewWorkout {
  userId: number;
  date: string;
  analysisId: number | null;
  focusAreas: string[];
}

/** Creates the day's workout; undefined when one already exists for that golfer and day. */
export async function insertWorkout(db: Db, w: NewWorkout): Promise<number | undefined> {
  const row = await db
    .insertInto('daily_workouts')
    .values({ user_id: w.userId, workout_date: w.date, analysis_id: w.analysisId, focus_areas: JSON.stringify(w.focusAreas) })
    .onConflict((oc) => oc.columns(['user_id', 'workout_date']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Replaces a workout's exercises and focus (a rebuild after a new analysis). */
export async function replaceWorkoutPlan(db: Db, workoutId: number, w: Pick<NewWorkout, 'analysisId' | 'focusAreas'>, plan: readonly PlannedExercise[]): Promise<void> {
  await db.updateTable('daily_workouts').set({ analysis_id: w.analysisId, focus_areas: JSON.stringify(w.focusAreas), updated_at: new Date() }).where('id', '=', workoutId).execute();
  await db.deleteFrom('daily_workout_exercises').where('workout_id', '=', workoutId).execute();
  await insertWorkoutEntries(db, workoutId, plan);
}

export async function insertWorkoutEntries(db: Db, workoutId: number, plan: readonly PlannedExercise[]): Promise<void> {
  if (plan.length === 0) return;
  await db
    .insertInto('daily_workout_exercises')
    .values(plan.map((p, position) => ({ workout_id: workoutId, position, exercise_id: p.exerciseId, focus_area: p.focusArea })))
    .execute();
}

/* ---------- the golfer's plan facts, locked for a change ---------- */

export interface GolferFacts {
  id: number;
  isPremium: boolean;
  workoutViewsUsed: number;
  streak: StreakState;
}

/** Reads (and with `lock`, row-locks until commit) what workout rules need to know about the golfer. */
export async function golferFacts(db: Db, userId: number, lock = false): Promise<GolferFacts | undefined> {
  let query = db.selectFrom('users').select(['id', 'is_premium', 'workout_views_used', 'streak', 'streak_week']).where('id', '=', userId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return (
    row && {
      id: Number(row.id),
      isPremium: row.is_premium,
      workoutViewsUsed: Number(row.workout_views_used),
      streak: { weeks: Number(row.streak), lastWeek: row.streak_week === null ? null : calendarDateText(row.streak_week) },
    }
  );
}

/** What GET /api/daily-workout needs before it can answer, in one round trip instead of three. */
export interface DailyWorkoutFacts {
  golfer: GolferFacts;
  stored: WorkoutRow | undefined;
  latestAnalysisId: number | null;
}

/** The golfer's facts, the day's stored workout (if any) and the newest completed analysis id; undefined: no such golfer. */
export async function dailyWorkoutFacts(db: Db, userId: number, date: string): Promise<DailyWorkoutFacts | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('daily_workouts as w', (join) => join.onRef('w.user_id', '=', 'u.id').on('w.workout_date', '=', date))
    .select(['u.id', 'u.is_premium', 'u.workout_views_used', 'u.streak', 'u.streak_week', 'w.id as workout_id', 'w.analysis_id', 'w.focus_areas'])
    .select(sql<string | null>`w.workout_date::text`.as('workout_date'))
    .select((eb) =>
      eb
        .selectFrom('swing_analyses as a')
        .select('a.id')
        .whereRef('a.user_id', '=', 'u.id')
        .where('a.status', '=', 'complete')
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(1)
        .as('latest_analysis_id'),
    )
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const golfer = { id: Number(row.id), isPremium: row.is_premium, workoutViewsUsed: Number(row.workout_views_used), streak: { weeks: Number(row.streak), lastWeek: row.streak_week === null ? null : calendarDateText(row.streak_week) } };
  const stored =
    row.workout_id == null
      ? undefined
      : { id: Number(row.workout_id), userId, workoutDate: row.workout_date!, analysisId: row.analysis_id == null ? null : Number(row.analysis_id), focusAreas: row.focus_areas! };
  return { golfer, stored, latestAnalysisId: row.latest_analysis_id == null ? null : Number(row.latest_analysis_id) };
}

export async function countWorkoutView(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ workout_views_used: sql`workout_views_used + 1`, updated_at: new Date() }).where('id', '=', userId).execute();
}

export async function saveStreak(db: Db, userId: number, streak: StreakState): Promise<void> {
  await db.updateTable('users').set({ streak: streak.weeks, streak_week: streak.lastWeek, updated_at: new Date() }).where('id', '=', userId).execute();
}

/* ---------- completions ---------- */

export interface NewCompletion {
  userId: number;
  date: string;
  exerciseId: number;
  exerciseName: string;
  streakWeeks: number;
  basePoints: number;
  multiplier: number;
  points: number;
}

/** Records a completion once per golfer, day and exercise; undefined when it was already recorded. */
export async function insertCompletion(db: Db, c: NewCompletion): Promise<number | undefined> {
  const row = await db
    .insertInto('exercise_completions')
    .values({
      user_id: c.userId,
      workout_date: c.date,
      exercise_id: c.exerciseId,
      exercise_name: c.exerciseName,
      streak_weeks: c.streakWeeks,
      base_points: c.basePoints,
      multiplier: c.multiplier,
      points: c.points,
    })
    .onConflict((oc) => oc.columns(['user_id', 'workout_date', 'exercise_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Exercise ids and names completed by the golfer on a day. */
export async function completionsOn(db: Db, userId: number, date: string): Promise<Array<{ exerciseId: number; name: string }>> {
  const rows = await db.selectFrom('exercise_completions').select(['exercise_id', 'exercise_name']).where('user_id', '=', userId).where('workout_date', '=', date).orderBy('id').execute();
  return rows.map((r) => ({ exerciseId: Number(r.exercise_id), name: r.exercise_name }));
}

/** The golfer's workout days, newest first: exercises completed and points earned per day. */
export async function workoutDays(db: Db, userId: number, limit: number) {
  const rows = await db
    .selectFrom('exercise_completions')
    .select((eb) => [sql<string>`workout_date::text`.as('date'), eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('points').as('points')])
    .where('user_id', '=', userId)
    .groupBy('workout_date')
    .orderBy('workout_date', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ date: r.date, exercisesCompleted: Number(r.count), points: Number(r.points) }));
}

/* ---------- exercise logs ---------- */

export interface NewExerciseLog {
  userId: number;
  exerciseId: number | null;
  exerciseName: string;
  date: string;
  sets: number;
  reps: number;
  weight: number;
  durationSeconds: number | null;
  notes: string | null;
  /** The client's key for this save: a second insert with the golfer's same key saves nothing. */
  idempotencyKey?: string;
}

/** The new entry's id and stored time, or undefined when the golfer's idempotency key already saved one (a resend). */
export async function insertExerciseLog(db: Db, log: NewExerciseLog): Promise<{ id: number; createdAt: Date } | undefined> {
  const row = await db
    .insertInto('exercise_logs')
    .values({
      user_id: log.userId,
      exercise_id: log.exerciseId,
      exercise_name: log.exerciseName,
      workout_date: log.date,
      sets: log.sets,
      reps: log.reps,
      weight: log.weight,
      duration_seconds: log.durationSeconds,
      notes: log.notes,
      idempotency_key: log.idempotencyKey ?? null,
    })
    // The unique key decides between a request and its resend arriving at once (null keys never conflict).
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  return row ? { id: Number(row.id), createdAt: new Date(row.created_at) } : undefined;
}

const LOG_COLUMNS = ['id', 'exercise_name', sql<string>`workout_date::text`.as('workout_date'), 'sets', 'reps', 'weight', 'duration_seconds', 'notes', 'created_at'] as const;

/** The entry the golfer's idempotency key saved. */
export function exerciseLogByKey(db: Db, userId: number, idempotencyKey: string) {
  return db.selectFrom('exercise_logs').select(LOG_COLUMNS).where('user_id', '=', userId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export function exerciseHistory(db: Db, userId: number, exerciseName: string, limit: number) {
  return db
    .selectFrom('exercise_logs')
    .select(LOG_COLUMNS)
    .where('user_id', '=', userId)
    .where(sql<string>`lower(exercise_name)`, '=', exerciseName.trim().toLowerCase())
    .orderBy('workout_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/* ---------- the analysis a workout is built from ---------- */

/** The id of the golfer's newest completed analysis (a stored workout only needs to know whether it is still the newest). */
export async function latestCompletedAnalysisId(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('swing_analyses').select('id').where('user_id', '=', userId).where('status', '=', 'complete').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The golfer's newest completed analysis: its id and the fields the focus-area rule reads. */
export function latestCompletedAnalysis(db: Db, userId: number) {
  return db
    .selectFrom('swing_analyses')
    .select(['id', 'mobility_analysis', 'analysis_results', 'technical_details'])
    .where('user_id', '=', userId)
    .where('status', '=', 'complete')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
