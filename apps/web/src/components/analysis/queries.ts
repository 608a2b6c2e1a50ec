import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { MonthlyAverage, SwingAnalysis, UploadStatus } from '@swingfit/contracts';
import { analysisUrls, isAnalysisDataKey } from './logic/api';

/* Query keys are the URLs; the default fetcher GETs queryKey[0]. */

export function useUploadStatus(userId: number | undefined) {
  return useQuery<UploadStatus>({ queryKey: [analysisUrls.uploadStatus(userId ?? 0)], enabled: userId !== undefined });
}

export function useAnalyses(userId: number | undefined) {
  return useQuery<SwingAnalysis[]>({ queryKey: [analysisUrls.list(userId ?? 0)], enabled: userId !== undefined });
}

export function useMonthlyAverage(userId: number | undefined, club: string | undefined) {
  return useQuery<MonthlyAverage>({ queryKey: [analysisUrls.monthlyAverage(userId ?? 0, club ?? '')], enabled: userId !== undefined && !!club });
}

/** After an upload or a delete: the list, monthly averages, upload status, usage and the user record. */
export function refreshAnalysisData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => isAnalysisDataKey(q.queryKey) });
}

/** Newest first, whatever order the server used. */
export function newestFirst(analyses: readonly SwingAnalysis[]): SwingAnalysis[] {
  return [...analyses].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
