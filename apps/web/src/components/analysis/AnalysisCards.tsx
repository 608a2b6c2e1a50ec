import { Link } from 'react-router';
import { CircleAlert, CircleCheck, Eye, Trash2 } from 'lucide-react';
import type { SwingAnalysis } from '@swingfit/contracts';
import { Badge, Button, Card, Spinner, buttonClass } from '../ui';
import { analysisCardState, clubLabel } from './logic/analysis-state';
import { relativeAge } from './logic/relative-time';

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The few headline numbers of an analysis, when the golfer entered them. */
export function QuickStats({ analysis }: { analysis: SwingAnalysis }) {
  const stats: [string, string][] = [];
  if (analysis.clubSpeed !== null) stats.push(['Club Speed', `${analysis.clubSpeed.toFixed(1)} mph`]);
  if (analysis.ballSpeed !== null) stats.push(['Ball Speed', `${analysis.ballSpeed.toFixed(1)} mph`]);
  if (analysis.carry !== null) stats.push(['Carry', `${Math.round(analysis.carry)} yds`]);
  else if (analysis.launchMonitor?.smashFactor != null) stats.push(['Smash', analysis.launchMonitor.smashFactor.toFixed(2)]);
  if (stats.length === 0) return null;
  return (
    <div className="an-grid-3">
      {stats.map(([label, value]) => (
        <div key={label} className="an-stat">
          <b>{value}</b>
          <span>{label}</span>
        </div>
      ))}
    </div>
  );
}

export function AnalysisStateBadge({ analysis }: { analysis: SwingAnalysis }) {
  const state = analysisCardState(analysis);
  if (state === 'failed') return <Badge variant="danger">Analysis Failed</Badge>;
  if (state === 'in-progress') return <Badge variant="info">In Progress</Badge>;
  return <Badge>Analysis Complete</Badge>;
}

/** One entry of Analysis History in its section 4 state: failed, in progress or complete. */
export function AnalysisHistoryCard({ analysis, onDelete, deleting }: { analysis: SwingAnalysis; onDelete: (id: number) => void; deleting: boolean }) {
  const state = analysisCardState(analysis);
  return (
    <Card className="an-history-card" data-testid="analysis-card" data-state={state}>
      <div className="an-between">
        <div>
          <b>{clubLabel(analysis.clubSelection)} Swing</b>
          <p className="an-small">
            {formatDate(analysis.createdAt)} · {relativeAge(analysis.createdAt)}
          </p>
        </div>
        <AnalysisStateBadge analysis={analysis} />
      </div>
      {state === 'failed' && (
        <p className="an-row an-error-text">
          <CircleAlert size={16} /> Unable to analyze video. Please try uploading again.
        </p>
      )}
      {state === 'in-progress' && (
        <p className="an-row an-muted">
          <Spinner size="sm" label="" /> AI analysis in progress...
        </p>
      )}
      {state === 'complete' && <QuickStats analysis={analysis} />}
      <div className="an-row">
        {state === 'failed' ? (
          <Button variant="outline" size="sm" disabled className="an-grow">
            View Error Details
          </Button>
        ) : (
          <Link to={`/analysis/${analysis.id}`} className={`${buttonClass('outline', 'sm')} an-grow`}>
            <Eye size={16} /> View Details
          </Link>
        )}
        <Button variant="ghost" size="sm" aria-label="Delete analysis" onClick={() => onDelete(analysis.id)} loading={deleting} className="an-danger-ghost">
          {!deleting && <Trash2 size={16} />}
          Delete
        </Button>
      </div>
    </Card>
  );
}

/** Home's Latest Analysis Results body: the newest analysis at a glance. */
export function LatestAnalysisSummary({ analysis }: { analysis: SwingAnalysis }) {
  const state = analysisCardState(analysis);
  return (
    <div className="an-stack">
      <div className="an-between">
        <div>
          <b>{clubLabel(analysis.clubSelection)} Swing</b>
          <p className="an-small">{relativeAge(analysis.createdAt)}</p>
        </div>
        <AnalysisStateBadge analysis={analysis} />
      </div>
      {state === 'complete' && <QuickStats analysis={analysis} />}
      {state === 'complete' && analysis.performanceAssessment && <p className="an-muted an-clamp">{analysis.performanceAssessment}</p>}
      {state === 'complete' && analysis.swingStrengths.length > 0 && (
        <p className="an-row an-muted">
          <CircleCheck size={16} color="var(--sf-green-600)" /> {analysis.swingStrengths[0]}
        </p>
      )}
      {state === 'in-progress' && (
        <p className="an-row an-muted">
          <Spinner size="sm" label="" /> AI analysis in progress...
        </p>
      )}
      {state === 'failed' && <p className="an-error-text">Unable to analyze video. Please try uploading again.</p>}
    </div>
  );
}
