import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown, History, Sparkles, Upload } from 'lucide-react';
import { apiRequest } from '../../api/client';
import { Badge, Card, CardHeader, EmptyState, ErrorState, Spinner, buttonClass, toast } from '../../components/ui';
import { useAuth } from '../../hooks/useAuth';
import { AnalysisHistoryCard } from '../../components/analysis/AnalysisCards';
import { MonthlyAveragesCard } from '../../components/analysis/MonthlyAverages';
import { VideoUploadsSection } from '../../components/analysis/VideoUploads';
import { newestFirst, refreshAnalysisData, useAnalyses } from '../../components/analysis/queries';
import { analysisUrls } from '../../components/analysis/logic/api';
import { completedCount } from '../../components/analysis/logic/analysis-state';
import '../../components/analysis/analysis.css';

export const DELETE_CONFIRM = 'Are you sure you want to delete this analysis? This action cannot be undone.';

function UpgradeCard() {
  return (
    <Card className="an-upgrade" aria-label="Upgrade to Premium">
      <CardHeader title="Unlock Premium Analysis" icon={<Crown size={18} />} />
      <ul className="an-list">
        <li>Weekly Driver and 7-Iron uploads</li>
        <li>Down-the-line video analysis</li>
        <li>Unlimited video analysis and advanced analytics</li>
      </ul>
      <Link to="/subscribe" className={`${buttonClass('primary', 'md', true)} an-mt`}>
        Upgrade to Premium
      </Link>
    </Card>
  );
}

/** /analysis: monthly averages, uploads, and the history of analyses with delete. */
export function AnalysisListScreen() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const analyses = useAnalyses(user?.id);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', analysisUrls.one(id)),
    onMutate: (id) => setDeletingId(id),
    onSuccess: async () => {
      toast({ title: 'Analysis deleted' });
      await refreshAnalysisData(queryClient);
    },
    onError: () => toast({ title: 'Error', description: 'Failed to delete analysis. Please try again.', variant: 'destructive' }),
    onSettled: () => setDeletingId(null),
  });

  const onDelete = (id: number) => {
    if (window.confirm(DELETE_CONFIRM)) remove.mutate(id);
  };

  if (!user) return <div className="an-screen"><Spinner size="lg" /></div>;
  const list = analyses.data ? newestFirst(analyses.data) : [];

  return (
    <div className="an-screen">
      <header>
        <h1 className="an-title">Swing Analysis</h1>
        <p className="an-subtitle">Your swings, measured and compared over time.</p>
      </header>

      <MonthlyAveragesCard userId={user.id} />
      <VideoUploadsSection />

      {/*
        The spec records two readings: detailed analysis is Premium, and analysis views are unlimited at
        present. A free golfer sees the full analysis below, so the notice says both, without a lock.
      */}
      {!user.isPremium && (
        <Card className="an-card--warn" aria-label="Premium notice">
          <p className="an-row">
            <Sparkles size={16} aria-hidden /> <b>Detailed AI analysis is a Premium feature, included free for now.</b>
          </p>
          <p className="an-muted an-mt-sm">
            <Link to="/subscribe">Upgrade</Link> for weekly uploads, down-the-line analysis and advanced analytics.
          </p>
        </Card>
      )}

      <section className="an-stack" aria-label="Analysis History">
        <div className="an-between">
          <h2 className="an-section-title">
            <History size={18} /> Analysis History
          </h2>
          {/* Counted only from a list that arrived: a failed or loading list is not '0 completed'. */}
          {analyses.data && <Badge variant="neutral">{completedCount(list)} completed</Badge>}
        </div>
        {analyses.isLoading ? (
          <Spinner />
        ) : !analyses.data ? (
          // Only with no list at all: a later read that fails (the in-progress poll, window focus) keeps the list.
          <ErrorState title="Failed to load swing analyses. Please try again." onRetry={() => void analyses.refetch()} />
        ) : list.length === 0 ? (
          <Card>
            <EmptyState
              title="No Analyses Yet"
              text="Upload your first swing video to get an AI analysis of your swing and mobility."
              action={
                <Link to="/upload" className={buttonClass('primary')}>
                  <Upload size={16} /> Upload Swing Video
                </Link>
              }
            />
          </Card>
        ) : (
          list.map((a) => <AnalysisHistoryCard key={a.id} analysis={a} onDelete={onDelete} deleting={deletingId === a.id} />)
        )}
      </section>

      {!user.isPremium && <UpgradeCard />}
    </div>
  );
}
