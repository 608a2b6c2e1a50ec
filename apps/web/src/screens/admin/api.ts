import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  TIMING_MS,
  type AdminStats,
  type AdminUserAnalyses,
  type AdminUserPage,
  type AuditPage,
  type SystemView,
} from '@swingfit/contracts';
import { ApiError, apiGet } from '../../api/client';

/* The admin area's calls (keys are their URLs, like the rest of the app) and its sign-in redirect. */

export const ADMIN_LOGIN_PATH = '/admin-login';
export const ADMIN_API = '/api/admin';
export const ADMIN_SESSION_KEY = ['/api/admin/session'] as const;
export const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;
export const ADMIN_SYSTEM_KEY = ['/api/admin/system'] as const;
export const FAILED_EVENTS_KEY = ['/api/admin/failed-events'] as const;
const USERS_URL = '/api/admin/users';
const AUDIT_URL = '/api/admin/audit';

/** Specification section 4: an unauthenticated (401) or forbidden (403) admin answer sends the browser to /admin-login. */
export const isAdminAuthError = (error: unknown): boolean => error instanceof ApiError && (error.status === 401 || error.status === 403);

const isAdminKey = (key: readonly unknown[]) => String(key[0] ?? '').startsWith(ADMIN_API);

/** Forgets everything the admin area loaded (after sign-out or a lost session). */
export function forgetAdminData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => isAdminKey(q.queryKey) });
}

/**
 * Watches every admin query and mutation (this area's and any admin page inside the layout): the
 * first 401/403 sends the browser to /admin-login. One place, so no screen can forget it. What the
 * area loaded is forgotten when the layout unmounts, not before: removing live queries first would
 * refetch them at once and starve the navigation.
 */
export function useAdminAuthRedirect() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    const leave = () => {
      if (left.current) return;
      left.current = true;
      navigate(ADMIN_LOGIN_PATH, { replace: true });
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isAdminKey(event.query.queryKey) && isAdminAuthError(event.action.error)) leave();
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isAdminAuthError(event.action.error)) leave();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, navigate]);
  useEffect(() => () => forgetAdminData(queryClient), [queryClient]);
}

const adminPolling = { refetchInterval: TIMING_MS.adminListRefresh, retry: false } as const;

export const useAdminStats = () => useQuery<AdminStats>({ queryKey: ADMIN_STATS_KEY, ...adminPolling });

export function usersUrl(search: string, cursor?: string | null) {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${USERS_URL}?${query}` : USERS_URL;
}

/** The user list, a page at a time (keyset cursor), refreshed every 10 s like the specification's list. */
export function useAdminUsers(search: string) {
  return useInfiniteQuery({
    queryKey: [USERS_URL, { search: search.trim() }],
    queryFn: ({ pageParam }) => apiGet<AdminUserPage>(usersUrl(search, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...adminPolling,
  });
}

export function useAuditLog(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [AUDIT_URL],
    queryFn: ({ pageParam }) => apiGet<AuditPage>(pageParam ? `${AUDIT_URL}?cursor=${pageParam}` : AUDIT_URL),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    ...adminPolling,
  });
}

export const userAnalysesKey = (userId: number) => [`${USERS_URL}/${userId}/analyses`] as const;
/** Polled like the list, so an analysis the admin is watching shows when it finishes or fails. */
export const useUserAnalyses = (userId: number) => useQuery<AdminUserAnalyses>({ queryKey: userAnalysesKey(userId), ...adminPolling });

export const useSystemView = () => useQuery<SystemView>({ queryKey: ADMIN_SYSTEM_KEY, ...adminPolling });

/** After a change: the lists and the log show it at once instead of at the next 10 s refresh. */
export async function refreshAdminLists(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [USERS_URL] }),
    queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
    queryClient.invalidateQueries({ queryKey: [AUDIT_URL] }),
  ]);
}

export const refreshSystem = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_SYSTEM_KEY }),
    queryClient.invalidateQueries({ queryKey: FAILED_EVENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: [AUDIT_URL] }),
  ]);
