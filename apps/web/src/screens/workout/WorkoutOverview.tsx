import { Info, Target } from 'lucide-react';
import type { DailyWorkout } from '@swingfit/contracts';
import { Card, CardHeader } from '../../components/ui';
import { ProgressRing } from './ProgressRing';

/** Workout Overview: the focus areas the analysis chose, the day's progress, and the equipment note (section 2). */
export function WorkoutOverview({ workout }: { workout: DailyWorkout }) {
  return (
    <Card aria-label="Workout Overview">
      <CardHeader title="Workout Overview" icon={<Target size={18} />} />
      <div className="wo-overview">
        <div className="an-stack-tight">
          <p className="an-small">Today's focus areas</p>
          <ul className="wo-focus">
            {workout.focusAreas.map((area) => (
              <li key={area}>{area}</li>
            ))}
          </ul>
        </div>
        <ProgressRing progress={workout.progress} />
      </div>
      <p className="wo-note">
        <Info size={16} aria-hidden />
        <span>No equipment at hand? Use bodyweight and resistance bands instead of the equipment shown, and focus on the quality of each motion rather than the weight.</span>
      </p>
    </Card>
  );
}
