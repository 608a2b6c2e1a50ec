import { useQuery } from '@tanstack/react-query';
import type { User } from '@swingfit/contracts';
import { ApiError, apiGet } from '../api/client';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/** Section 7: up to 2 retries except on 401, fresh 5 min, refetch every 15 min and on focus, cached 30 min. */
export const authQueryOptions = {
  queryKey: AUTH_USER_KEY,
  queryFn: () => apiGet<User | null>('/api/auth/user', { on401: 'null' }),
  retry: (failureCount: number, error: Error) => !(error instanceof ApiError && error.status === 401) && failureCount < 2,
  staleTime: 5 * 60_000,
  refetchInterval: 15 * 60_000,
  refetchOnWindowFocus: true,
  gcTime: 30 * 60_000,
} as const;

/**
 * The signed-in user, or null when signed out (a 401 answer). `failed` is a fetch that failed for another
 * reason (the server down, the network gone) with no user cached: the golfer may well be signed in, so the
 * shell must not treat them as signed out.
 */
export function useAuth() {
  const query = useQuery(authQueryOptions);
  const user = query.data ?? null;
  const failed = query.isError && query.data === undefined;
  return { user, isLoading: query.isLoading, failed, isAuthenticated: user !== null, refetch: query.refetch };
}
