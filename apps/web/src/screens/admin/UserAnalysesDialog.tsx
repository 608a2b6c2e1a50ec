import type { AdminAnalysis, AdminUser } from '@swingfit/contracts';
import { Badge, Dialog, EmptyState, ErrorState, Spinner } from '../../components/ui';
import type { BadgeVariant } from '../../components/ui/Badge';
import { useUserAnalyses } from './api';
import { dateTimeText } from './format';

const STATUS: Record<AdminAnalysis['status'], { label: string; variant: BadgeVariant }> = {
  complete: { label: 'Complete', variant: 'default' },
  failed: { label: 'Failed', variant: 'danger' },
  processing: { label: 'In progress', variant: 'info' },
  pending: { label: 'Queued', variant: 'neutral' },
};

const clubName = (club: string) => (club === '7-iron' ? '7-Iron' : club === 'driver' ? 'Driver' : club);

function AnalysisRow({ analysis }: { analysis: AdminAnalysis }) {
  const status = STATUS[analysis.status];
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
    </li>
  );
}

function AnalysesBody({ userId }: { userId: number }) {
  const analyses = useUserAnalyses(userId);
  if (analyses.isPending) return <div className="ad-center"><Spinner label="Loading analyses" /></div>;
  if (analyses.isError) return <ErrorState title="Failed to load analyses" onRetry={() => void analyses.refetch()} />;
  if (analyses.data.analyses.length === 0) return <EmptyState title="No analyses yet" text="This golfer has not uploaded a swing." />;
  return (
    <ul className="ad-list">
      {analyses.data.analyses.map((a) => (
        <AnalysisRow key={a.id} analysis={a} />
      ))}
    </ul>
  );
}

/** A golfer's recent analyses with their status, and why the failed ones failed. */
export function UserAnalysesDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onClose={onClose} title="Recent analyses" description={user?.email}>
      {user && <AnalysesBody userId={user.id} />}
    </Dialog>
  );
}
