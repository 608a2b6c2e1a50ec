import type { FocusCategory, LibraryCategory } from '@swingfit/contracts';

/**
 * One exercise of the seeded catalog, written for this product. No video links: staff add checked
 * videos through the spreadsheet, and each exercise teaches itself with steps, cues and its
 * category's drawing.
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
}

export interface SeedCategory {
  category: FocusCategory;
  exercises: SeedExercise[];
}
