import type { WorkoutProgress } from '@swingfit/contracts';

const SIZE = 88;
const STROKE = 9;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The day's completion at a glance: a ring that fills as exercises are done. */
export function ProgressRing({ progress }: { progress: WorkoutProgress }) {
  const offset = CIRCUMFERENCE * (1 - progress.percentage / 100);
  return (
    <div
      className="wo-ring"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress.percentage}
      aria-label={`${progress.completed} of ${progress.total} exercises done`}
      data-testid="workout-progress"
    >
      <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden>
        <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" stroke="var(--sf-green-100)" strokeWidth={STROKE} />
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          stroke="var(--sf-green-600)"
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={offset}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
          style={{ transition: 'stroke-dashoffset 0.4s ease' }}
        />
      </svg>
      <span className="wo-ring__label">
        <b>
          {progress.completed}/{progress.total}
        </b>
        <span>{progress.percentage}%</span>
      </span>
    </div>
  );
}
