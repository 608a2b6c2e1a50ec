import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CompleteExerciseResponse, DailyWorkout, ExerciseLogEntry, VideoEmbed } from '@swingfit/contracts';
import { apiGet, apiRequest } from '../../api/client';
import { AUTH_USER_KEY } from '../../hooks/useAuth';
import { toast } from '../../components/ui';
import { EMBED_CACHE_MS, WORKOUT_CACHE_MS, WORKOUT_REBUILD_FAILED, WORKOUT_RETRY_DELAY_MS, embedUrl, historyUrl, isDayOverRefusal, workoutRetry, workoutStaleTime, workoutUrl } from './logic';

/** GET /api/daily-workout/{id}: cached 1 h (not past its day), one retry after 1 s, none after an upgrade refusal (section 7). */
export function useDailyWorkout(userId: number) {
  return useQuery<DailyWorkout>({
    queryKey: [workoutUrl(userId)],
    retry: workoutRetry,
    retryDelay: WORKOUT_RETRY_DELAY_MS,
    staleTime: (query) => workoutStaleTime(query.state.data),
    gcTime: WORKOUT_CACHE_MS,
  });
}

/** After a completion: workout, user, leaderboard, points and sessions data (section 7). */
export function refreshAfterCompletion(client: QueryClient, userId: number): Promise<void> {
  const prefixes = [workoutUrl(userId), `/api/users/${userId}`, '/api/leaderboard', '/api/monthly-leaderboard', `/api/user-sessions/${userId}`, '/api/points', '/api/usage-limits', '/api/users/1/monthly-position'];
  return Promise.all([
    client.invalidateQueries({ queryKey: AUTH_USER_KEY }),
    client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)) }),
  ]).then(() => undefined);
}

/**
 * The points of a completion reach the user record and the leaderboard a moment after the completion's
 * answer (the gamification ledger records them from the exercise.completed event): read them again once
 * this has passed, or the header, home and leaderboard keep the points from before the exercise.
 */
export const POINTS_SETTLE_MS = 1_500;

export interface CompleteInput {
  exerciseName: string;
  sets: number;
  reps: number;
  weight: number;
}

export function useCompleteExercise(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CompleteInput) => apiRequest<CompleteExerciseResponse>('POST', '/api/daily-workout/complete', input),
    onSuccess: (res) => {
      // The Done state comes from the server's list straight away; the refresh then confirms it.
      client.setQueryData<DailyWorkout>([workoutUrl(userId)], (old) => old && { ...old, completedExercises: res.completedExercises, progress: res.progress });
      void refreshAfterCompletion(client, userId);
      if (res.pointsAwarded > 0) setTimeout(() => void refreshAfterCompletion(client, userId), POINTS_SETTLE_MS);
    },
    // The workout on screen belongs to a day that is over: the new day's replaces it.
    onError: (error) => {
      if (isDayOverRefusal(error)) void client.invalidateQueries({ queryKey: [workoutUrl(userId)] });
    },
  });
}

export function useRebuildWorkout(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DailyWorkout>('POST', '/api/generate-workout'),
    onSuccess: (workout) => client.setQueryData([workoutUrl(userId)], workout),
    // Reload Workout and Update stopped their spinner and left the screen as it was, saying nothing.
    onError: () => toast({ title: 'Workout Generation Failed', description: WORKOUT_REBUILD_FAILED, variant: 'destructive' }),
  });
}

export function useExerciseHistory(exerciseName: string | null) {
  return useQuery<ExerciseLogEntry[]>({ queryKey: [historyUrl(exerciseName ?? '')], queryFn: () => apiGet(historyUrl(exerciseName!)), enabled: !!exerciseName });
}

/** Section 7: cached 24 h; a 403 means "none" and is not retried. */
export function useVideoEmbed(youtubeId: string | null) {
  return useQuery<VideoEmbed>({ queryKey: [embedUrl(youtubeId ?? '')], enabled: !!youtubeId, staleTime: EMBED_CACHE_MS, gcTime: EMBED_CACHE_MS, retry: false });
}
