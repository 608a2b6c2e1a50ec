import { Gauge, Navigation } from 'lucide-react';
import { compareWithReference, curveWord, hasLaunchMonitorData, type LaunchMonitorAnalysis, type MetricComparison, type SwingAnalysis } from '@swingfit/contracts';
import { Badge, Card, CardHeader } from '../ui';
import { signedDegrees } from '../../lib/format';
import { comparisonBars } from './logic/scales';
import { LANDING_MARK_R, LANDING_Y, TARGET_LABEL_BASELINE, ballFlightPath } from './logic/ball-flight';

const LABELS: Record<MetricComparison['metric'], string> = {
  clubSpeed: 'Club Speed',
  ballSpeed: 'Ball Speed',
  smashFactor: 'Smash Factor',
  carry: 'Carry',
  total: 'Total Distance',
  spinRate: 'Spin Rate',
};
const DECIMALS: Record<MetricComparison['metric'], number> = { clubSpeed: 1, ballSpeed: 1, smashFactor: 2, carry: 0, total: 0, spinRate: 0 };

function fmt(metric: MetricComparison['metric'], n: number, unit: string): string {
  return `${n.toFixed(DECIMALS[metric])}${unit ? ` ${unit}` : ''}`;
}

export function tourName(tour: string): string {
  return tour === 'lpga' ? 'LPGA Tour' : 'PGA Tour';
}

/** The worker's comparison, or the same rule run here for analyses stored before it existed. */
export function launchMonitorOf(a: SwingAnalysis): LaunchMonitorAnalysis | null {
  if (a.launchMonitor) return a.launchMonitor;
  const input = { clubSpeed: a.clubSpeed, ballSpeed: a.ballSpeed, carry: a.carry, total: a.total, spinRate: a.spinRate, clubPath: a.clubPath, faceAngle: a.faceAngle };
  return hasLaunchMonitorData(input) ? compareWithReference(input, a.clubSelection, a.tourComparison) : null;
}

function Bar({ label, width, text, tone }: { label: string; width: number | null; text: string; tone: 'you' | 'tour' | 'amateur' }) {
  if (width === null) return null;
  return (
    <div className="an-bar-row">
      <span className="an-bar-label">{label}</span>
      <div className="an-bar-track">
        <div className={`an-bar an-bar--${tone}`} style={{ width: `${width}%` }} />
      </div>
      <span className="an-bar-value">{text}</span>
    </div>
  );
}

function ComparisonRow({ c, tour }: { c: MetricComparison; tour: string }) {
  const bars = comparisonBars(c.value, c.tour, c.amateur);
  const diff = c.diffFromTour;
  return (
    <div className="an-compare" data-testid={`lm-${c.metric}`}>
      <div className="an-between">
        <span className="an-strong">{LABELS[c.metric]}</span>
        <span>
          <b>{fmt(c.metric, c.value, c.unit)}</b>
          {diff !== null && (
            <span className="an-small an-ml an-delta-flat">
              {diff > 0 ? '+' : diff < 0 ? '−' : '±'}
              {Math.abs(diff).toFixed(DECIMALS[c.metric])} vs tour
            </span>
          )}
        </span>
      </div>
      {/* The golfer's number is the row's heading: their bar carries none, so each figure is read once. */}
      <Bar label="You" width={bars.value} text="" tone="you" />
      <Bar label={tour} width={bars.tour} text={c.tour === null ? '' : fmt(c.metric, c.tour, '')} tone="tour" />
      <Bar label="15 hcp" width={bars.amateur} text={c.amateur === null ? '' : fmt(c.metric, c.amateur, '')} tone="amateur" />
    </div>
  );
}

function faceLabel(face: number): string {
  return face > 1 ? 'Open' : face < -1 ? 'Closed' : 'Square';
}

/** Launch Monitor Data against tour-pro and 15-handicap amateur averages (section 2). */
export function LaunchMonitorCard({ analysis, lm }: { analysis: SwingAnalysis; lm: LaunchMonitorAnalysis }) {
  const tour = lm.tour === 'lpga' ? 'LPGA' : 'PGA';
  return (
    <Card aria-label="Launch Monitor Data">
      <CardHeader title="Launch Monitor Data" icon={<Gauge size={18} />} action={<Badge variant="info">vs {tourName(lm.tour)}</Badge>} />
      <div className="an-stack">
        {lm.comparisons.map((c) => (
          <ComparisonRow key={c.metric} c={c} tour={tour} />
        ))}
        {analysis.clubPath !== null && (
          <div className="an-between" data-testid="lm-clubPath">
            <span className="an-strong">Club Path</span>
            <span>
              <b>{signedDegrees(analysis.clubPath)}</b> {lm.clubPathLabel && <Badge variant="neutral">{lm.clubPathLabel}</Badge>}
            </span>
          </div>
        )}
        {analysis.faceAngle !== null && (
          <div className="an-between" data-testid="lm-faceAngle">
            <span className="an-strong">Face Angle</span>
            <span>
              <b>{signedDegrees(analysis.faceAngle)}</b> <Badge variant="neutral">{faceLabel(analysis.faceAngle)}</Badge>
            </span>
          </div>
        )}
        {lm.comparisons.length === 0 && analysis.clubPath === null && analysis.faceAngle === null && <p className="an-muted">No launch monitor numbers were entered for this swing.</p>}
      </div>
    </Card>
  );
}

/** What the face-to-path sign means, in words beside it (positive is a face open to the path). */
const FACE_TO_PATH_WORDS = { open: 'face open to the path', closed: 'face closed to the path', square: 'face square to the path' } as const;

/** Ball flight read from face angle and club path, drawn from behind the golfer. */
export function BallFlightCard({ faceAngle, lm }: { faceAngle: number; lm: LaunchMonitorAnalysis }) {
  const flight = lm.ballFlight;
  if (!flight) return null;
  const path = ballFlightPath(faceAngle, flight.faceToPath);
  return (
    <Card aria-label="Ball Flight Analysis">
      <CardHeader title="Ball Flight Analysis" icon={<Navigation size={18} />} />
      <div className="an-flight">
        <svg viewBox="0 0 100 100" role="img" aria-label={flight.description} className="an-flight-svg">
          <rect x="20" y="2" width="60" height="96" rx="30" fill="var(--sf-green-50)" stroke="var(--sf-green-100)" />
          <line x1="50" y1="96" x2="50" y2={LANDING_Y - 4} stroke="var(--sf-ink-3)" strokeDasharray="2 2" strokeWidth="0.6" />
          <path d={path.d} fill="none" stroke="var(--sf-green-600)" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx={path.end.x} cy={path.end.y} r={LANDING_MARK_R} fill="#fff" stroke="var(--sf-green-700)" strokeWidth="0.8" />
          <circle cx={path.start.x} cy={path.start.y} r="1.6" fill="var(--sf-ink-2)" />
          {/* 9.5 units of a 100-unit box drawn 120 px wide: 11.4 px, the smallest label size. */}
          <text x="50" y={TARGET_LABEL_BASELINE} textAnchor="middle" fontSize="9.5" fill="var(--sf-ink-2)">
            target
          </text>
        </svg>
        <div className="an-stack-tight">
          <b>{flight.description}</b>
          <div className="an-row an-wrap">
            <Badge variant="neutral">Start: {flight.start}</Badge>
            <Badge variant="neutral">Curve: {curveWord(flight)}</Badge>
          </div>
          <p className="an-small">
            Face to path {signedDegrees(flight.faceToPath, { plus: true })} ({FACE_TO_PATH_WORDS[flight.curve]}). The face sets the start line, the face-to-path difference the curve.
          </p>
        </div>
      </div>
    </Card>
  );
}
