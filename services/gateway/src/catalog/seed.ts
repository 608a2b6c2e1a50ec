import { positionIllustration, type SeedCategory, type SeedExercise } from './seed-types.js';
import { coreControl } from './exercises/core-control.js';
import { thoracicSpine } from './exercises/thoracic-spine.js';
import { lowerBody } from './exercises/lower-body.js';
import { pelvic } from './exercises/pelvic.js';
import { shoulder } from './exercises/shoulder.js';
import { posture } from './exercises/posture.js';
import { ankleFoot } from './exercises/ankle-foot.js';

/** The seeded exercise catalog, in the fixed focus-category order. */
export const SEED_CATEGORIES: readonly SeedCategory[] = [coreControl, thoracicSpine, lowerBody, pelvic, shoulder, posture, ankleFoot];

/**
 * Every seeded exercise with its category and its picture: the drawing of its body position (the
 * category drawings stay in the web app for rows and clients that still name them).
 */
export const SEED_EXERCISES: ReadonlyArray<SeedExercise & { category: SeedCategory['category']; imageUrl: string }> = SEED_CATEGORIES.flatMap((c) =>
  c.exercises.map((e) => ({ ...e, category: c.category, imageUrl: positionIllustration(e.position) })),
);
