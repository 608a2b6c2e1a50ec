import {
  PLAN_LIMITS,
  WORKOUT_VIEW_LIMIT_MESSAGE,
  centralDate,
  deriveFocusAreas,
  workoutProgress,
  type DailyWorkout,
} from '@swingfit/contracts';
import { HttpError } from '@swingfit/server-kit';
import type { Logger } from 'pino';
import type { GatewayDeps } from '../deps.js';
import { dayWorkoutExercisesWithDone, planningCatalog } from '../db/catalog-repository.js';
import {
  completionsOn,
  countWorkoutView,
  dailyWorkoutFacts,
  findWorkout,
  golferFacts,
  insertWorkout,
  insertWorkoutEntries,
  latestCompletedAnalysis,
  previousWorkoutExercises,
  replaceWorkoutPlan,
  type GolferFacts,
  type WorkoutRow,
} from '../db/workouts-repository.js';
import { planWorkout, type PlanningExercise } from '../domain/workout-plan.js';
import { upgradeRequired } from '../http/error-extras.js';
import { toWorkoutExercise } from './catalog-views.js';

/*
 * The daily workout: built once per golfer and Central Time day from the latest completed analysis,
 * stored, and served unchanged for the rest of the day. A free golfer's first view of a day's workout
 * spends their one workout view; opening the same day's workout again is the same view.
 */

type Deps = Pick<GatewayDeps, 'db' | 'logger'>;
type Db = GatewayDeps['db'];
type Analysis = NonNullable<Awaited<ReturnType<typeof latestCompletedAnalysis>>>;

function focusAreasOf(analysis: Analysis, logger: Logger): string[] {
  return deriveFocusAreas(
    { mobilityAnalysis: analysis.mobility_analysis, analysisResults: analysis.analysis_results, technicalDetails: analysis.technical_details },
    (field, reason) => logger.warn({ analysisId: analysis.id, field, reason }, 'malformed analysis JSON ignored for focus areas'),
  );
}

async function requireGolfer(db: Db, userId: number, lock = false): Promise<GolferFacts> {
  const golfer = await golferFacts(db, userId, lock);
  if (!golfer) throw new HttpError(401, 'Unauthorized');
  return golfer;
}

/** A free golfer may open a new day's workout only while their workout view is unspent. */
function assertMayOpenNewWorkout(golfer: GolferFacts): void {
  if (!golfer.isPremium && golfer.workoutViewsUsed >= PLAN_LIMITS.free.workoutViews) throw upgradeRequired(WORKOUT_VIEW_LIMIT_MESSAGE);
}

async function planFor(db: Db, golfer: GolferFacts, date: string, focusAreas: string[], keep: PlanningExercise[] = []) {
  const [catalog, avoid] = await Promise.all([planningCatalog(db), previousWorkoutExercises(db, golfer.id, date)]);
  return planWorkout({ focusAreas, catalog, premium: golfer.isPremium, seed: `${golfer.id}:${date}`, avoid, keep });
}

/** Creates today's workout under the golfer's row lock, so concurrent first views count once. */
async function createWorkout(deps: Deps, userId: number, date: string, analysis: Analysis): Promise<WorkoutRow> {
  return deps.db.transaction().execute(async (trx) => {
    const golfer = await requireGolfer(trx, userId, true);
    const existing = await findWorkout(trx, userId, date);
    if (existing) return existing;
    assertMayOpenNewWorkout(golfer);
    const focusAreas = focusAreasOf(analysis, deps.logger);
    const plan = await planFor(trx, golfer, date, focusAreas);
    const id = await insertWorkout(trx, { userId, date, analysisId: Number(analysis.id), focusAreas });
    if (id === undefined) throw new Error('daily workout appeared under the user lock');
    await insertWorkoutEntries(trx, id, plan);
    await countWorkoutView(trx, userId);
    return { id, userId, workoutDate: date, analysisId: Number(analysis.id), focusAreas };
  });
}

function noAnalysisYet(date: string, golfer: GolferFacts): DailyWorkout {
  return { workoutDate: date, analysisId: null, newerAnalysisAvailable: false, focusAreas: [], exercises: [], completedExercises: [], progress: workoutProgress(0, 0), isPremium: golfer.isPremium };
}

type ExerciseRows = Awaited<ReturnType<typeof dayWorkoutExercisesWithDone>>;

/** The workout as the golfer sees it; `rows` when its exercises were already read (same golfer and day). */
async function present(db: Db, workout: WorkoutRow, golfer: GolferFacts, latestAnalysisId: number | null, rows?: ExerciseRows): Promise<DailyWorkout> {
  rows ??= await dayWorkoutExercisesWithDone(db, golfer.id, workout.workoutDate);
  const exercises = rows.map((row) => toWorkoutExercise(row, row.focus_area));
  const completedExercises = exercises.filter((_, i) => rows[i]!.done).map((e) => e.name);
  return {
    workoutDate: workout.workoutDate,
    analysisId: workout.analysisId,
    newerAnalysisAvailable: latestAnalysisId !== null && latestAnalysisId !== workout.analysisId,
    focusAreas: workout.focusAreas,
    exercises,
    completedExercises,
    progress: workoutProgress(completedExercises.length, exercises.length),
    isPremium: golfer.isPremium,
  };
}

/** GET /api/daily-workout/{userId}: today's workout, built on the day's first view. */
export async function getDailyWorkout(deps: Deps, userId: number, now: Date): Promise<DailyWorkout> {
  const date = centralDate(now);
  // Both at once: on most views the workout exists and its exercises are all that is left to read (an
  // empty list when it does not, and the day's first view builds it below).
  const [facts, rows] = await Promise.all([dailyWorkoutFacts(deps.db, userId, date), dayWorkoutExercisesWithDone(deps.db, userId, date)]);
  if (!facts) throw new HttpError(401, 'Unauthorized');
  const { golfer, stored, latestAnalysisId: latestId } = facts;
  // The two reads are separate statements: when another request built the workout between them, the
  // facts see it but the exercise read came too early and found none, so those are read again.
  if (stored) return present(deps.db, stored, golfer, latestId, rows.length > 0 ? rows : undefined);
  // The day's first view: now the analysis' texts are needed, to choose the focus areas.
  const analysis = latestId === null ? undefined : await latestCompletedAnalysis(deps.db, userId);
  if (!analysis) return noAnalysisYet(date, golfer);
  const created = await createWorkout(deps, userId, date, analysis);
  return present(deps.db, created, await requireGolfer(deps.db, userId), latestId);
}

/**
 * POST /api/generate-workout: today's workout rebuilt from the latest analysis. Exercises already
 * completed today stay in it, so the day's progress and points stand.
 */
export async function rebuildDailyWorkout(deps: Deps, userId: number, now: Date): Promise<DailyWorkout> {
  const date = centralDate(now);
  const analysis = await latestCompletedAnalysis(deps.db, userId);
  if (!analysis) return noAnalysisYet(date, await requireGolfer(deps.db, userId));
  if (!(await findWorkout(deps.db, userId, date))) return getDailyWorkout(deps, userId, now);
  const rebuilt = await deps.db.transaction().execute(async (trx) => {
    const golfer = await requireGolfer(trx, userId, true);
    const workout = (await findWorkout(trx, userId, date))!;
    const focusAreas = focusAreasOf(analysis, deps.logger);
    const doneIds = new Set((await completionsOn(trx, userId, date)).map((c) => c.exerciseId));
    const catalog = await planningCatalog(trx);
    const keep = catalog.filter((e) => doneIds.has(e.id));
    const plan = await planFor(trx, golfer, date, focusAreas, keep);
    await replaceWorkoutPlan(trx, workout.id, { analysisId: Number(analysis.id), focusAreas }, plan);
    return { workout: { ...workout, analysisId: Number(analysis.id), focusAreas }, golfer };
  });
  return present(deps.db, rebuilt.workout, rebuilt.golfer, Number(analysis.id));
}
