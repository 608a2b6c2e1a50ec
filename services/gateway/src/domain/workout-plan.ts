import { EXERCISES_PER_FOCUS_AREA } from '@swingfit/contracts';

/*
 * Which catalog exercises make up a golfer's workout of the day. Pure: the same inputs give the same
 * workout, so a rebuild from the same analysis on the same day changes nothing, while the seed (golfer
 * and day) varies it from one day to the next, and yesterday's exercises go last in line.
 */

export interface PlanningExercise {
  id: number;
  /** Its focus-area category. */
  category: string;
  isPremium: boolean;
}

export interface PlannedExercise {
  exerciseId: number;
  focusArea: string;
}

export interface WorkoutPlanInput {
  focusAreas: readonly string[];
  catalog: readonly PlanningExercise[];
  /** Free golfers' workouts hold free exercises only. */
  premium: boolean;
  /** Golfer and day, e.g. '42:2026-03-14'. */
  seed: string;
  /** The previous workout's exercises: used only when a focus area has nothing else left. */
  avoid: ReadonlySet<number>;
  /** Exercises already completed today (a rebuild keeps them, so the day's progress is not lost). */
  keep?: readonly PlanningExercise[];
}

/** FNV-1a, 32 bit: a stable, well-spread order for the day without storing any randomness. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** How many exercises a focus area gets, by its place in the list (the first areas matter most). */
export const quotaFor = (index: number) => EXERCISES_PER_FOCUS_AREA[index] ?? 1;

export function planWorkout(input: WorkoutPlanInput): PlannedExercise[] {
  const keep = input.keep ?? [];
  const taken = new Set<number>(keep.map((e) => e.id));
  const planned: PlannedExercise[] = [];
  const rank = (e: PlanningExercise) => (input.avoid.has(e.id) ? 1 : 0) * 2 ** 32 + stableHash(`${input.seed}:${e.id}`);

  input.focusAreas.forEach((area, index) => {
    const kept = keep.filter((e) => e.category === area);
    for (const e of kept) planned.push({ exerciseId: e.id, focusArea: area });
    const candidates = input.catalog
      .filter((e) => e.category === area && !taken.has(e.id) && (input.premium || !e.isPremium))
      .sort((a, b) => rank(a) - rank(b) || a.id - b.id);
    for (const e of candidates.slice(0, Math.max(0, quotaFor(index) - kept.length))) {
      taken.add(e.id);
      planned.push({ exerciseId: e.id, focusArea: area });
    }
  });
  // Completed exercises whose area is no longer a focus stay in the day's list.
  for (const e of keep) if (!input.focusAreas.includes(e.category)) planned.push({ exerciseId: e.id, focusArea: e.category });
  return planned;
}
