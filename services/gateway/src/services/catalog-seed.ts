import type { Logger } from 'pino';
import type { GatewayDeps } from '../deps.js';
import { upsertExercises } from '../db/catalog-repository.js';
import { SEED_EXERCISES } from '../catalog/seed.js';

/**
 * Brings the exercise catalog in line with the seed at start (upsert by slug; videos are the staff's
 * spreadsheet and are never touched here). Idempotent, so every replica may run it.
 */
export async function seedExerciseCatalog(db: GatewayDeps['db'], logger?: Logger): Promise<number> {
  await upsertExercises(
    db,
    SEED_EXERCISES.map((e) => ({
      slug: e.slug,
      name: e.name,
      description: e.description,
      instructions: e.instructions,
      coachingCues: e.cues,
      category: e.category,
      libraryCategory: e.library,
      target: e.target,
      difficulty: e.difficulty,
      durationSeconds: e.durationSeconds,
      sets: e.sets,
      repetitions: e.reps,
      isPremium: e.premium,
      imageUrl: e.imageUrl,
      equipment: e.equipment,
    })),
  );
  logger?.debug({ exercises: SEED_EXERCISES.length }, 'exercise catalog seeded');
  return SEED_EXERCISES.length;
}
