import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { AdminAnalysis, AdminUser, RemeasureResponse } from '@swingfit/contracts';
import { ApiError, apiRequest } from '../../api/client';
import { Badge, Button, Dialog, EmptyState, ErrorState, Spinner, toast } from '../../components/ui';
import type { BadgeVariant } from '../../components/ui/Badge';
import { isAdminAuthError, refreshAdminLists, useUserAnalyses } from './api';
import { dateTimeText } from './format';
import { RefreshFailed, refreshFailed } from './RefreshFailed';

const STATUS: Record<AdminAnalysis['status'], { label: string; variant: BadgeVariant }> = {
  complete: { label: 'Complete', variant: 'default' },
  failed: { label: 'Failed', variant: 'danger' },
  processing: { label: 'In progress', variant: 'info' },
  pending: { label: 'Queued', variant: 'neutral' },
};

const clubName = (club: string) => (club === '7-iron' ? '7-Iron' : club === 'driver' ? 'Driver' : club);

/**
 * Measure a completed analysis again with today's measurement (the worker does it after any golfer's
 * upload that waits): for a golfer whose older analysis still shows what an older measurement read.
 */
function useRemeasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<RemeasureResponse>('POST', `/api/admin/analyses/${id}/remeasure`),
    onSuccess: async (answer) => {
      toast(
        answer.outcome === 'queued'
          ? { title: 'Queued', description: `Analysis #${answer.analysisId} will be measured again in a minute or two. The golfer keeps seeing it meanwhile.` }
          : { title: 'Already Queued', description: `Analysis #${answer.analysisId} is already waiting to be measured again.` },
      );
      await refreshAdminLists(queryClient);
    },
    onError: (error) => {
      if (isAdminAuthError(error)) return;
      toast({ title: 'Not Queued', description: (error instanceof ApiError && error.serverMessage) || 'Please try again.', variant: 'destructive' });
    },
  });
}

function AnalysisRow({ analysis, remeasure }: { analysis: AdminAnalysis; remeasure: ReturnType<typeof useRemeasure> }) {
  const status = STATUS[analysis.status];
  const busy = remeasure.isPending && remeasure.variables === analysis.id;
  return (
    <li className="ad-analysis">
      <div className="ad-row ad-row--between">
        <span className="ad-analysis__title">
          #{analysis.id} · {clubName(analysis.clubSelection)}
        </span>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <span className="ad-analysis__meta">Uploaded {dateTimeText(analysis.createdAt)}</span>
      {analysis.failureReason && <p className="ad-analysis__reason">{analysis.failureReason}</p>}
      {analysis.failureAdvice && analysis.failureAdvice !== analysis.failureReason && <p className="ad-analysis__meta">Golfer was told: {analysis.failureAdvice}</p>}
      {analysis.measuredAgainAt && <span className="ad-analysis__meta">Measured again {dateTimeText(analysis.measuredAgainAt)}</span>}
      {analysis.awaitsRemeasure && <span className="ad-analysis__meta">Read by an older measurement: it will be measured again by itself</span>}
      {analysis.status === 'complete' && (
        <div className="ad-row ad-row--end">
          <Button variant="outline" size="sm" loading={busy} disabled={remeasure.isPending} onClick={() => remeasure.mutate(analysis.id)} aria-label={`Measure analysis #${analysis.id} again`}>
            <RefreshCw size={14} aria-hidden /> Measure again
          </Button>
        </div>
      )}
    </li>
  );
}

function AnalysesBody({ userId }: { userId: number }) {
  const analyses = useUserAnalyses(userId);
  const remeasure = useRemeasure();
  if (analyses.isPending) return <div className="ad-center"><Spinner label="Loading analyses" /></div>;
  if (analyses.data === undefined) return <ErrorState title="Failed to load analyses" onRetry={() => void analyses.refetch()} />;
  const stale = refreshFailed(analyses) && <RefreshFailed what="the analyses" loadedAt={analyses.dataUpdatedAt} />;
  if (analyses.data.analyses.length === 0) return <>{stale}<EmptyState title="No analyses yet" text="This golfer has not uploaded a swing." /></>;
  return (
    <>
      {stale}
      <ul className="ad-list">
        {analyses.data.analyses.map((a) => (
          <AnalysisRow key={a.id} analysis={a} remeasure={remeasure} />
        ))}
      </ul>
    </>
  );
}

/** A golfer's recent analyses with their status, why the failed ones failed, and Measure again on the completed ones. */
export function UserAnalysesDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onClose={onClose} title="Recent analyses" description={user?.email}>
      {user && <AnalysesBody userId={user.id} />}
    </Dialog>
  );
}
