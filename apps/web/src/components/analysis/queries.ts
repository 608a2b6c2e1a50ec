import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type MonthlyAverage, type SwingAnalysis, type UploadStatus } from '@swingfit/contracts';
import { analysisUrls, isAnalysisDataKey } from './logic/api';
import { analysisCardState, inProgressPollMs } from './logic/analysis-state';

/* Query keys are the URLs; the default fetcher GETs queryKey[0]. */

export function useUploadStatus(userId: number | undefined) {
  return useQuery<UploadStatus>({ queryKey: [analysisUrls.uploadStatus(userId ?? 0)], enabled: userId !== undefined });
}

/** The ids of the analyses the worker is still on (section 4's 'AI analysis in progress...' cards). */
export function inProgressIds(analyses: readonly SwingAnalysis[] | undefined): number[] {
  return (analyses ?? []).filter((a) => analysisCardState(a) === 'in-progress').map((a) => a.id);
}

/**
 * The golfer's analyses. While one is in progress the list is read again at the status poll's pace, as the
 * detail page is: the home and /analysis cards otherwise kept 'AI analysis in progress...' until the
 * window lost and regained focus. When one finishes, what it changes (averages, the upload allowance a
 * failed one gives back) is read again too.
 */
export function useAnalyses(userId: number | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery<SwingAnalysis[]>({
    queryKey: [analysisUrls.list(userId ?? 0)],
    enabled: userId !== undefined,
    refetchInterval: (q) => inProgressPollMs(q.state.data ?? [], Date.now()),
  });
  const running = useRef<number[]>([]);
  useEffect(() => {
    if (!query.data) return;
    const now = inProgressIds(query.data);
    const finished = running.current.some((id) => !now.includes(id));
    running.current = now;
    if (finished) void refreshAfterAnalysis(queryClient);
  }, [query.data, queryClient]);
  return query;
}

export function useMonthlyAverage(userId: number | undefined, club: string | undefined) {
  return useQuery<MonthlyAverage>({ queryKey: [analysisUrls.monthlyAverage(userId ?? 0, club ?? '')], enabled: userId !== undefined && !!club });
}

/** After an upload or a delete: the list, monthly averages, upload status, usage and the user record. */
export function refreshAnalysisData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => isAnalysisDataKey(q.queryKey) });
}

/** Today's workout of any golfer (GET /api/daily-workout/{id}). */
const WORKOUT_KEY_PREFIX = '/api/daily-workout/';

/**
 * An analysis just finished: besides its list, usage and allowance, today's workout is read again. It is
 * cached for an hour, and a Premium golfer's workout built on the older analysis now has a newer one
 * (the server's 'newer analysis' banner), which a golfer going straight to the workout must see.
 */
export function refreshAfterAnalysis(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => isAnalysisDataKey(q.queryKey) || String(q.queryKey[0] ?? '').startsWith(WORKOUT_KEY_PREFIX) });
}

/** Newest first, whatever order the server used. */
export function newestFirst(analyses: readonly SwingAnalysis[]): SwingAnalysis[] {
  return [...analyses].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
