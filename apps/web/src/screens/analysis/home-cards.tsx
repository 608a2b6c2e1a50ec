import { Link } from 'react-router';
import { Activity, ChevronRight } from 'lucide-react';
import { Card, CardHeader, ErrorState, Spinner, buttonClass } from '../../components/ui';
import { useAuth } from '../../hooks/useAuth';
import { LatestAnalysisSummary } from '../../components/analysis/AnalysisCards';
import { newestFirst, useAnalyses } from '../../components/analysis/queries';
import { VideoUploadsSection } from '../../components/analysis/VideoUploads';
import '../../components/analysis/analysis.css';

/** Home's Video Uploads section (section 4), shared with /analysis. */
export function HomeVideoUploads() {
  return <VideoUploadsSection />;
}

/** Home's Latest Analysis Results card with View Full Analysis to /analysis. */
export function LatestAnalysisCard() {
  const { user } = useAuth();
  const analyses = useAnalyses(user?.id);
  const latest = analyses.data && analyses.data.length > 0 ? newestFirst(analyses.data)[0] : undefined;
  return (
    <Card aria-label="Latest Analysis Results">
      <CardHeader title="Latest Analysis Results" icon={<Activity size={18} />} />
      {analyses.isLoading || !user ? (
        <Spinner size="sm" />
      ) : latest ? (
        <LatestAnalysisSummary analysis={latest} />
      ) : !analyses.data ? (
        <ErrorState title="Failed to load swing analyses. Please try again." onRetry={() => void analyses.refetch()} />
      ) : (
        <p className="an-muted">No analyses yet. Upload your first swing video to see your results here.</p>
      )}
      <Link to="/analysis" className={`${buttonClass('outline', 'md', true)} an-mt`}>
        View Full Analysis <ChevronRight size={16} />
      </Link>
    </Card>
  );
}
