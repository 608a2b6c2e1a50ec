import { NOT_IN_TODAYS_WORKOUT, centralDate, type CompleteExerciseResponse, type DailyWorkout, type ExerciseLogEntry } from '@swingfit/contracts';
import { ApiError } from '../../api/client';

/* Pure helpers of the workout screen, tested without a browser. */

export const COMPLETION_TOAST_MS = 4_000;

/** Section 8: 'Progress: {completed}/{total} exercises ({percentage}%) +{points} points!' */
export function completionToastText(res: Pick<CompleteExerciseResponse, 'progress' | 'pointsAwarded'>): string {
  const { completed, total, percentage } = res.progress;
  return `Progress: ${completed}/${total} exercises (${percentage}%) +${res.pointsAwarded} points!`;
}

/** A refused view: a 403 (with requiresUpgrade; section 8 reads any 403 as the limit). Such an answer is final. */
export const isUpgradeRefusal = (error: unknown) => error instanceof ApiError && error.status === 403;

/** Section 7: one retry after 1 s, none for a 403 with requiresUpgrade. */
export const workoutRetry = (failureCount: number, error: unknown) => !isUpgradeRefusal(error) && failureCount < 1;
export const WORKOUT_RETRY_DELAY_MS = 1_000;
export const WORKOUT_CACHE_MS = 60 * 60_000;

/**
 * How long a fetched workout counts as fresh: the hour of section 7, but never past the Central Time day
 * it was built for (the product's day, wherever the phone is): after midnight there the next visit or
 * focus reads the new day's workout instead of offering exercises the server no longer takes. 'No swing
 * analysis yet' is no workout, and is never kept: a golfer who looked before their first analysis was
 * done kept reading 'No Swing Analysis Available' for an hour after it was.
 */
export function workoutStaleTime(workout: Pick<DailyWorkout, 'workoutDate' | 'analysisId'> | undefined, now = new Date()): number {
  if (workout && workout.analysisId === null) return 0;
  return workout && workout.workoutDate !== centralDate(now) ? 0 : WORKOUT_CACHE_MS;
}

/** The server's refusal of an exercise that is not in its today's workout: the screen shows another day's. */
export const isDayOverRefusal = (error: unknown) => error instanceof ApiError && error.status === 400 && error.serverMessage === NOT_IN_TODAYS_WORKOUT;

/** The error toast's words when the day turned over under an open workout (it is reloaded meanwhile). */
export const WORKOUT_DAY_OVER_TEXT = "A new day's workout has started (midnight Central Time) and is loaded now. Please try again.";
/** The toast when Reload Workout or Update could not build the workout (the spec's Workout Generation Failed words). */
export const WORKOUT_REBUILD_FAILED = 'Unable to create your personalized workout. Please try again.';
export const EMBED_CACHE_MS = 24 * 60 * 60_000;

/** A calendar date (YYYY-MM-DD) as the history dialog writes it: uppercase long format. */
export function historyDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date.toUpperCase();
  return d.toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).toUpperCase();
}

/** Today's entries (the green TODAY block) and the earlier ones. */
export function splitHistory(entries: readonly ExerciseLogEntry[], today: string) {
  return { today: entries.filter((e) => e.workoutDate === today), past: entries.filter((e) => e.workoutDate !== today) };
}

/** '3 sets · 12 reps · 25 lbs', the weight only above 0. */
export function loggedText(e: Pick<ExerciseLogEntry, 'sets' | 'reps' | 'weight'>): string {
  const parts = [`${e.sets} ${e.sets === 1 ? 'set' : 'sets'}`, `${e.reps} reps`];
  if (e.weight > 0) parts.push(`${e.weight} lbs`);
  return parts.join(' · ');
}

export const historyUrl = (exerciseName: string) => `/api/exercise-logs/user/authenticated/history/${encodeURIComponent(exerciseName)}`;
export const workoutUrl = (userId: number) => `/api/daily-workout/${userId}`;
export const embedUrl = (youtubeId: string) => `/api/youtube/embed/${encodeURIComponent(youtubeId)}`;
