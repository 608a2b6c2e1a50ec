import { useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import type { DailyPoints } from '@swingfit/contracts';
import { DAILY_POINTS_KEY } from '../../api/points';
import { Card, CardHeader, ErrorState, Spinner } from '../../components/ui';
import { dailyChart, monthLabel, ordinal } from './logic';

const WIDTH = 320;
const HEIGHT = 96;
const AXIS_DAYS = new Set([1, 8, 15, 22, 29]);

/** The golfer's points on each day of this month, as small bars: a glance at how steady the month is. */
export function PointsChart() {
  const query = useQuery<DailyPoints>({ queryKey: DAILY_POINTS_KEY });
  return (
    <Card aria-label="Points this month">
      <CardHeader title="Points This Month" icon={<BarChart3 size={18} />} />
      {query.isLoading ? (
        <Spinner size="sm" />
      ) : !query.data ? (
        <ErrorState title="Unable to load your statistics." onRetry={() => void query.refetch()} />
      ) : (
        <Bars data={query.data} />
      )}
    </Card>
  );
}

function Bars({ data }: { data: DailyPoints }) {
  const { bars, best, activeDays } = dailyChart(data);
  const slot = WIDTH / Math.max(bars.length, 28);
  // The month's total is not repeated here: Your Position above the chart says it.
  const caption = best
    ? `Points on ${activeDays} ${activeDays === 1 ? 'day' : 'days'} of ${monthLabel(data.month)}; best day the ${ordinal(best.day)} with ${best.points}.`
    : `No points yet in ${monthLabel(data.month)}. Upload a swing video or complete an exercise to start your chart.`;
  return (
    <figure className="pt-chart">
      <div>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 1}`} role="img" aria-label={caption} data-testid="points-chart">
          <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="pt-chart__axis" />
          {bars.map(
            (b, i) =>
              b.points > 0 && (
                <rect key={b.date} x={i * slot + slot * 0.18} width={slot * 0.64} y={HEIGHT - Math.max(3, b.height * (HEIGHT - 4))} height={Math.max(3, b.height * (HEIGHT - 4))} rx={2} className="pt-chart__bar">
                  <title>{`${b.date}: ${b.points} points`}</title>
                </rect>
              ),
          )}
        </svg>
        {/*
          The day numbers are page text under the bars, not SVG text: inside the SVG they shrank with it, to
          10 px on a 360 px phone and 9 px on a 320 px one, under the 11 px every label keeps.
        */}
        <div className="pt-chart__days" aria-hidden>
          {bars.map(
            (b, i) =>
              AXIS_DAYS.has(b.day) && (
                <span key={b.date} className="pt-chart__label" style={{ left: `${((i * slot + slot / 2) / WIDTH) * 100}%` }}>
                  {b.day}
                </span>
              ),
          )}
        </div>
      </div>
      <figcaption className="pt-muted">{caption}</figcaption>
    </figure>
  );
}

