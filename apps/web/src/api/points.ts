import type { QueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY } from '../hooks/useAuth';

/** Query keys of the points screens (the default fetcher GETs the first element). */
export const LEADERBOARD_KEY = ['/api/monthly-leaderboard'] as const;
export const DAILY_POINTS_KEY = ['/api/points/daily'] as const;
export const monthlyPositionKey = (userId: number) => [`/api/users/${userId}/monthly-position`] as const;

/**
 * Points land a moment after what earned them (gamification awards them from events), so news in the
 * notifications is the cue to read the golfer's figures, position and the leaderboard again.
 */
export function refreshPoints(queryClient: QueryClient): void {
  for (const queryKey of [AUTH_USER_KEY, LEADERBOARD_KEY, DAILY_POINTS_KEY]) void queryClient.invalidateQueries({ queryKey });
  void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].endsWith('/monthly-position') });
}
