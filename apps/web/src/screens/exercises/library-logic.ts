import type { ExerciseItem, LibraryFilter } from '@swingfit/contracts';

/** Search over name and description, case-insensitive; chips filter by the library category. */
export function filterExercises(items: readonly ExerciseItem[], search: string, filter: LibraryFilter): ExerciseItem[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((e) => {
    if (filter !== 'all' && e.category !== filter) return false;
    const text = `${e.name} ${e.description}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** The two sections of the results: Free Exercises, then Premium Exercises. */
export function splitByPlan(items: readonly ExerciseItem[]) {
  return { free: items.filter((e) => !e.isPremium), premium: items.filter((e) => e.isPremium) };
}

export const filterLabel = (f: LibraryFilter) => f.charAt(0).toUpperCase() + f.slice(1);
