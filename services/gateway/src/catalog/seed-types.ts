import type { FocusCategory, LibraryCategory } from '@swingfit/contracts';

/**
 * The body positions the exercises are done in, each drawn once in apps/web/public/exercise-art
 * (position-<name>.svg): a golfer sees at a glance whether to stand, kneel, sit or lie down, and how.
 */
export const EXERCISE_POSITIONS = [
  'standing',
  'hip-hinge',
  'golf-posture',
  'squat',
  'split-stance',
  'one-leg',
  'one-leg-hinge',
  'supine',
  'prone',
  'side-lying',
  'plank',
  'quadruped',
  'half-kneeling',
  'seated-chair',
  'seated-floor',
  'wall',
] as const;
export type ExercisePosition = (typeof EXERCISE_POSITIONS)[number];

/** The drawing of a body position, served by the web app. */
export const positionIllustration = (position: ExercisePosition) => `/exercise-art/position-${position}.svg`;

/**
 * One exercise of the seeded catalog, written for this product. No video links: staff add checked
 * videos through the spreadsheet, and each exercise teaches itself with steps, cues and the
 * drawing of the position it is done in.
 */
export interface SeedExercise {
  /** Stable key: the seed and the spreadsheet match on it, so edits here update rather than duplicate. */
  slug: string;
  name: string;
  description: string;
  instructions: string[];
  cues: string[];
  library: LibraryCategory;
  target: string;
  difficulty: 1 | 2 | 3 | 4 | 5;
  /** Whole exercise, all sets, in seconds. */
  durationSeconds: number;
  sets: number;
  /** Per set (per side where the steps say so); null for timed holds. */
  reps: number | null;
  premium: boolean;
  equipment: string;
  /** The body position the steps put the golfer in (the start or the held position); it picks the picture. */
  position: ExercisePosition;
}

export interface SeedCategory {
  category: FocusCategory;
  exercises: SeedExercise[];
}
