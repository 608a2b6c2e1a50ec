import { FOCUS_CATEGORIES, type FocusCategory } from './focus-areas.js';

/*
 * Small rules of the daily workout and the exercise library that the server and the screens share:
 * the day's progress, the Sets/Reps/Weight inputs (section 5), durations as m:ss and the library's
 * mobility / strength / balance filter.
 */

export interface WorkoutProgress {
  completed: number;
  total: number;
  /** Whole percent, 0 when the workout is empty. */
  percentage: number;
}

/** The day's progress: how many of today's exercises are done. */
export function workoutProgress(completed: number, total: number): WorkoutProgress {
  const done = Math.max(0, Math.min(completed, total));
  return { completed: done, total, percentage: total > 0 ? Math.round((done / total) * 100) : 0 };
}

/**
 * The largest sets, reps, weight or duration figure a log holds (the request schema's bound; the
 * columns are PostgreSQL integers). Far beyond any real workout, so a figure past it is a slip of the
 * finger, not a count.
 */
export const WORKOUT_NUMBER_MAX = 1_000_000;

/**
 * Section 5: the workout inputs are numeric, parsed as integers; missing or invalid becomes 0 and
 * there are no other bounds. A negative figure is not a count of sets or a weight, so it reads as 0 too,
 * and so does one past WORKOUT_NUMBER_MAX: '99999999999' typed into Reps made the request schema refuse
 * the completion (sent as a number) or the integer column fail with a 500 (sent as text).
 */
export function parseWorkoutNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? '').trim(), 10);
  return Number.isFinite(n) && n > 0 && n <= WORKOUT_NUMBER_MAX ? Math.trunc(n) : 0;
}

/** A duration in seconds as m:ss ('1:05'); a missing or negative value shows as 0:00. */
export function formatDuration(seconds: number | null | undefined): string {
  const s = Number.isFinite(seconds) && (seconds as number) > 0 ? Math.round(seconds as number) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The library's filter chips (section 9), 'all' first. */
export const LIBRARY_FILTERS = ['all', 'mobility', 'strength', 'balance'] as const;
export type LibraryFilter = (typeof LIBRARY_FILTERS)[number];
export type LibraryCategory = Exclude<LibraryFilter, 'all'>;
export const LIBRARY_CATEGORIES: readonly LibraryCategory[] = ['mobility', 'strength', 'balance'];

/** Exercises per focus area in a day's workout: the first two focus areas get two each, the others one (six in all). */
export const EXERCISES_PER_FOCUS_AREA: readonly number[] = [2, 2, 1, 1];

/** A URL-safe name for a focus category ('Thoracic Spine Mobility' -> 'thoracic-spine-mobility'); the illustration files use it. */
export function categorySlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The drawn illustration of a focus category, served by the web app. */
export const categoryIllustration = (category: FocusCategory) => `/exercise-art/${categorySlug(category)}.svg`;

/** The picture shown when an exercise has none, or its own fails to load. */
export const FALLBACK_EXERCISE_IMAGE = '/exercise-art/fallback.svg';

/** The admin page names Postural Integrity 'Postural Integrity / Flexibility' (section 2). */
export function categoryDisplayName(category: FocusCategory): string {
  return category === 'Postural Integrity' ? 'Postural Integrity / Flexibility' : category;
}

export const isFocusCategory = (value: string): value is FocusCategory => (FOCUS_CATEGORIES as readonly string[]).includes(value);
