import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CoreDatabase, ExercisesTable } from '@swingfit/core-db';
import type { ValidVideoRow } from '../domain/video-sheet.js';
import type { PlanningExercise } from '../domain/workout-plan.js';

type Db = Kysely<CoreDatabase> | Transaction<CoreDatabase>;

/* Every query on the exercise catalog (core.exercises) and the video catalog (core.exercise_videos). */

export type ExerciseRow = Selectable<ExercisesTable>;

/** An exercise with its first active video, when the catalog has one. */
export interface ExerciseWithVideo extends ExerciseRow {
  video_youtube_id: string | null;
  video_title: string | null;
  video_duration: number | null;
}

export interface NewExercise {
  slug: string;
  name: string;
  description: string;
  instructions: string[];
  coachingCues: string[];
  category: string;
  libraryCategory: 'mobility' | 'strength' | 'balance';
  target: string;
  difficulty: number;
  durationSeconds: number;
  sets: number;
  repetitions: number | null;
  isPremium: boolean;
  imageUrl: string | null;
  equipment: string;
}

/** Inserts or refreshes exercises by slug (the seed's stable key), in one statement. */
export async function upsertExercises(db: Db, exercises: readonly NewExercise[]): Promise<void> {
  if (exercises.length === 0) return;
  await db
    .insertInto('exercises')
    .values(
      exercises.map((e) => ({
        slug: e.slug,
        name: e.name,
        description: e.description,
        instructions: JSON.stringify(e.instructions),
        coaching_cues: JSON.stringify(e.coachingCues),
        category: e.category,
        library_category: e.libraryCategory,
        target: e.target,
        difficulty: e.difficulty,
        duration_seconds: e.durationSeconds,
        sets: e.sets,
        repetitions: e.repetitions,
        is_premium: e.isPremium,
        image_url: e.imageUrl,
        equipment: e.equipment,
      })),
    )
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        description: eb.ref('excluded.description'),
        instructions: eb.ref('excluded.instructions'),
        coaching_cues: eb.ref('excluded.coaching_cues'),
        category: eb.ref('excluded.category'),
        library_category: eb.ref('excluded.library_category'),
        target: eb.ref('excluded.target'),
        difficulty: eb.ref('excluded.difficulty'),
        duration_seconds: eb.ref('excluded.duration_seconds'),
        sets: eb.ref('excluded.sets'),
        repetitions: eb.ref('excluded.repetitions'),
        is_premium: eb.ref('excluded.is_premium'),
        image_url: eb.ref('excluded.image_url'),
        equipment: eb.ref('excluded.equipment'),
        updated_at: new Date(),
      })),
    )
    .execute();
}

function withFirstVideo(db: Db) {
  return db
    .selectFrom('exercises as e')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('exercise_videos as v')
          .select(['v.youtube_id', 'v.title', 'v.duration_seconds'])
          .whereRef('v.exercise_id', '=', 'e.id')
          .where('v.is_active', '=', true)
          .orderBy('v.id')
          .limit(1)
          .as('fv'),
      (join) => join.onTrue(),
    )
    .selectAll('e')
    .select(['fv.youtube_id as video_youtube_id', 'fv.title as video_title', 'fv.duration_seconds as video_duration']);
}

/** The whole library: free exercises first, then by focus category order of insertion and name. */
export function listExercisesWithVideo(db: Db): Promise<ExerciseWithVideo[]> {
  return withFirstVideo(db).orderBy('e.is_premium').orderBy('e.id').execute() as Promise<ExerciseWithVideo[]>;
}

export function findExerciseWithVideo(db: Db, id: number): Promise<ExerciseWithVideo | undefined> {
  return withFirstVideo(db).where('e.id', '=', id).executeTakeFirst() as Promise<ExerciseWithVideo | undefined>;
}

export function exercisesWithVideoByIds(db: Db, ids: readonly number[]): Promise<ExerciseWithVideo[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return withFirstVideo(db).where('e.id', 'in', [...ids]).execute() as Promise<ExerciseWithVideo[]>;
}

/** A stored workout's exercises in their order, with the focus area each was picked for: one query. */
export function workoutExercisesWithVideo(db: Db, workoutId: number): Promise<Array<ExerciseWithVideo & { focus_area: string }>> {
  return withFirstVideo(db)
    .innerJoin('daily_workout_exercises as x', 'x.exercise_id', 'e.id')
    .select('x.focus_area')
    .where('x.workout_id', '=', workoutId)
    .orderBy('x.position')
    .execute() as Promise<Array<ExerciseWithVideo & { focus_area: string }>>;
}

/**
 * The exercises of the golfer's workout of `date` (at most one: unique per golfer and day), as
 * workoutExercisesWithVideo, plus `done`: whether the golfer completed the exercise that day. One
 * query where the daily workout used to send two; found by golfer and day rather than workout id, so
 * GET /api/daily-workout can send it beside the query that finds the workout instead of after it.
 */
export function dayWorkoutExercisesWithDone(db: Db, userId: number, date: string): Promise<Array<ExerciseWithVideo & { focus_area: string; done: boolean }>> {
  return withFirstVideo(db)
    .innerJoin('daily_workout_exercises as x', 'x.exercise_id', 'e.id')
    .select('x.focus_area')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('exercise_completions as c')
            .select('c.id')
            .where('c.user_id', '=', userId)
            .where('c.workout_date', '=', date)
            .whereRef('c.exercise_id', '=', 'e.id'),
        )
        .as('done'),
    )
    .where('x.workout_id', '=', (eb) => eb.selectFrom('daily_workouts as w').select('w.id').where('w.user_id', '=', userId).where('w.workout_date', '=', date))
    .orderBy('x.position')
    .execute() as Promise<Array<ExerciseWithVideo & { focus_area: string; done: boolean }>>;
}

/** What the workout planner chooses from. */
export async function planningCatalog(db: Db): Promise<PlanningExercise[]> {
  const rows = await db.selectFrom('exercises').select(['id', 'category', 'is_premium']).execute();
  return rows.map((r) => ({ id: Number(r.id), category: r.category, isPremium: r.is_premium }));
}

export function findExerciseByName(db: Db, name: string) {
  return db
    .selectFrom('exercises')
    .select(['id', 'name'])
    .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
}

/** Exercise keys (slugs, lower case) to ids: the spreadsheet links videos to exercises by key. */
export async function exerciseKeys(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('exercises').select(['id', 'slug']).execute();
  return new Map(rows.map((r) => [r.slug.toLowerCase(), Number(r.id)]));
}

export function listExerciseKeys(db: Db) {
  return db.selectFrom('exercises').select(['slug', 'name', 'category', 'is_premium']).orderBy('id').execute();
}

/* ---------- videos ---------- */

export function findActiveVideoByYoutubeId(db: Db, youtubeId: string) {
  return db.selectFrom('exercise_videos').selectAll().where('youtube_id', '=', youtubeId).where('is_active', '=', true).orderBy('id').limit(1).executeTakeFirst();
}

/** One page of the video catalog in id order, with the linked exercise's key (the export reads it page by page). */
export function videoPage(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('exercise_videos as v')
    .leftJoin('exercises as e', 'e.id', 'v.exercise_id')
    .selectAll('v')
    .select('e.slug as exercise_slug')
    .where('v.id', '>', afterId)
    .orderBy('v.id')
    .limit(limit)
    .execute();
}

export async function videoCountsByCategory(db: Db): Promise<{ counts: Map<string, number>; total: number; active: number }> {
  const rows = await db
    .selectFrom('exercise_videos')
    .select((eb) => ['category', eb.fn.countAll<string>().as('count'), eb.fn.countAll<string>().filterWhere('is_active', '=', true).as('active')])
    .groupBy('category')
    .execute();
  const counts = new Map(rows.map((r) => [r.category, Number(r.count)]));
  return { counts, total: rows.reduce((n, r) => n + Number(r.count), 0), active: rows.reduce((n, r) => n + Number(r.active), 0) };
}

/** Changes whenever anything the spreadsheet shows changes: the cache key of its file size. */
export async function catalogFingerprint(db: Db): Promise<string> {
  const { rows } = await sql<{ fingerprint: string }>`
    select concat_ws(':',
      (select count(*) from exercise_videos), (select max(id) from exercise_videos), (select max(updated_at) from exercise_videos),
      (select count(*) from exercises), (select max(updated_at) from exercises)) as fingerprint`.execute(db);
  return rows[0]!.fingerprint;
}

/** When the catalog (videos and exercises) last changed; null when it holds nothing. */
export async function catalogChangedAt(db: Db): Promise<Date | null> {
  const { rows } = await sql<{ changed: Date | null }>`
    select greatest((select max(updated_at) from exercise_videos), (select max(updated_at) from exercises)) as changed`.execute(db);
  const changed = rows[0]?.changed;
  return changed ? new Date(changed) : null;
}

/** Inserts or updates a chunk of spreadsheet rows by Video ID; answers how many were new. */
export async function upsertVideos(db: Db, rows: readonly ValidVideoRow[]): Promise<{ inserted: number; updated: number }> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const now = new Date();
  const result = await db
    .insertInto('exercise_videos')
    .values(
      rows.map((r) => ({
        video_key: r.videoKey,
        exercise_id: r.exerciseId,
        title: r.title,
        youtube_id: r.youtubeId,
        duration_seconds: r.durationSeconds,
        difficulty: r.difficulty,
        category: r.category,
        focus_areas: JSON.stringify(r.focusAreas),
        target_muscles: JSON.stringify(r.targetMuscles),
        equipment: r.equipment,
        instructor: r.instructor,
        view_count: r.viewCount,
        is_active: r.isActive,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.column('video_key').doUpdateSet((eb) => ({
        exercise_id: eb.ref('excluded.exercise_id'),
        title: eb.ref('excluded.title'),
        youtube_id: eb.ref('excluded.youtube_id'),
        duration_seconds: eb.ref('excluded.duration_seconds'),
        difficulty: eb.ref('excluded.difficulty'),
        category: eb.ref('excluded.category'),
        focus_areas: eb.ref('excluded.focus_areas'),
        target_muscles: eb.ref('excluded.target_muscles'),
        equipment: eb.ref('excluded.equipment'),
        instructor: eb.ref('excluded.instructor'),
        view_count: eb.ref('excluded.view_count'),
        is_active: eb.ref('excluded.is_active'),
        updated_at: now,
      })),
    )
    // xmax is 0 on a freshly inserted row version and set on an updated one.
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .execute();
  const inserted = result.filter((r) => r.inserted).length;
  return { inserted, updated: result.length - inserted };
}
