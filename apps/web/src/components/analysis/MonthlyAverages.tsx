import { Calendar } from 'lucide-react';
import { CLUBS, type MonthlyAverage } from '@swingfit/contracts';
import { Card, CardHeader, EmptyState, ErrorState, Spinner } from '../ui';
import { useMonthlyAverage } from './queries';
import { clubLabel } from './logic/analysis-state';

/**
 * A monthly average that could not be read is not one without data: saying 'No Monthly Data Available'
 * to a golfer whose swings are there (the server or the connection failed) tells them something untrue.
 */
export const MONTHLY_AVERAGES_FAILED = 'Unable to load your monthly averages.';
export const MONTHLY_AVERAGE_PARTLY_FAILED = 'One club\'s average could not be loaded.';

/** Section 2: speeds in mph to one decimal, carry in whole yards. */
export function formatAverage(avg: MonthlyAverage): { clubSpeed: string; ballSpeed: string; carry: string } {
  return {
    clubSpeed: avg.clubSpeed === null ? '—' : `${avg.clubSpeed.toFixed(1)} mph`,
    ballSpeed: avg.ballSpeed === null ? '—' : `${avg.ballSpeed.toFixed(1)} mph`,
    carry: avg.carry === null ? '—' : `${Math.round(avg.carry)} yds`,
  };
}

function ClubAverages({ club, avg }: { club: string; avg: MonthlyAverage }) {
  const f = formatAverage(avg);
  return (
    <div className="an-stack-tight" data-testid={`monthly-${club}`}>
      <div className="an-between">
        <b>{clubLabel(club)}</b>
        <span className="an-small">
          {avg.count} swing{avg.count === 1 ? '' : 's'}
        </span>
      </div>
      <div className="an-grid-3">
        <div className="an-stat">
          <b>{f.clubSpeed}</b>
          <span>Club Speed</span>
        </div>
        <div className="an-stat">
          <b>{f.ballSpeed}</b>
          <span>Ball Speed</span>
        </div>
        <div className="an-stat">
          <b>{f.carry}</b>
          <span>Carry</span>
        </div>
      </div>
    </div>
  );
}

/** Monthly Performance Averages (30 days) for the driver and the 7-iron. */
export function MonthlyAveragesCard({ userId }: { userId: number }) {
  const driver = useMonthlyAverage(userId, CLUBS[0]);
  const iron = useMonthlyAverage(userId, CLUBS[1]);
  const loading = driver.isLoading || iron.isLoading;
  const failed = driver.isError || iron.isError;
  const retry = () => {
    if (driver.isError) void driver.refetch();
    if (iron.isError) void iron.refetch();
  };
  const rows = [
    { club: CLUBS[0], avg: driver.data },
    { club: CLUBS[1], avg: iron.data },
  ].filter((r): r is { club: (typeof CLUBS)[number]; avg: MonthlyAverage } => !!r.avg?.hasData);
  return (
    <Card aria-label="Monthly Performance Averages">
      <CardHeader title="Monthly Performance Averages" icon={<Calendar size={18} />} action={<span className="an-small">Last 30 days</span>} />
      {loading ? (
        <Spinner size="sm" />
      ) : rows.length === 0 && failed ? (
        <ErrorState title={MONTHLY_AVERAGES_FAILED} onRetry={retry} />
      ) : rows.length === 0 ? (
        <EmptyState title="No Monthly Data Available" text="Upload swings with launch monitor data to see your 30-day averages." icon={<Calendar size={22} />} />
      ) : (
        <div className="an-stack">
          {rows.map((r) => (
            <ClubAverages key={r.club} club={r.club} avg={r.avg} />
          ))}
          {failed && <p className="an-small" role="alert">{MONTHLY_AVERAGE_PARTLY_FAILED}</p>}
        </div>
      )}
    </Card>
  );
}
