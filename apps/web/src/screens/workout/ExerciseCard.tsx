import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Check, History, Lock, Play } from 'lucide-react';
import { parseWorkoutNumber, type WorkoutExercise } from '@swingfit/contracts';
import { Badge, Button, Card, buttonClass } from '../../components/ui';
import { CategoryIcon, iconKind } from '../../components/exercise/CategoryIcon';
import { ExerciseImage } from '../../components/exercise/ExerciseImage';
import { ExerciseMeta } from '../../components/exercise/ExerciseMeta';
import { HowTo } from '../../components/exercise/HowTo';
import type { CompleteInput } from './api';
import { PROFILE_UPGRADE } from '../../lib/routes';

export interface ExerciseCardProps {
  exercise: WorkoutExercise;
  premium: boolean;
  done: boolean;
  completing: boolean;
  onComplete: (input: CompleteInput) => void;
  onWatch: () => void;
  onHistory: () => void;
}

type Tracked = { sets: string; reps: string; weight: string };
const PLACEHOLDERS: Tracked = { sets: '3', reps: '12', weight: '25' };
const LABELS: Record<keyof Tracked, string> = { sets: 'Sets', reps: 'Reps', weight: 'Weight (lbs)' };

/**
 * Premium tracking: Sets / Reps / Weight, parsed as integers (invalid is 0); locked once the exercise is
 * done. A locked input shows no placeholder: greyed out, the hints 3 / 12 / 25 read as the figures logged,
 * so a golfer who logged 4 x 8 at 40 lbs (or nothing) saw '3 12 25' on the Done card after a reload.
 */
function TrackingInputs({ values, onChange, locked }: { values: Tracked; onChange: (v: Tracked) => void; locked: boolean }) {
  const id = useId();
  return (
    <div className="wo-inputs">
      {(Object.keys(PLACEHOLDERS) as Array<keyof Tracked>).map((key) => (
        <label key={key} className="wo-input" htmlFor={`${id}-${key}`}>
          <span>{LABELS[key]}</span>
          <input
            id={`${id}-${key}`}
            className="sf-input"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={locked ? undefined : PLACEHOLDERS[key]}
            value={values[key]}
            disabled={locked}
            onChange={(e) => onChange({ ...values, [key]: e.target.value })}
          />
        </label>
      ))}
    </div>
  );
}

function PremiumFeatureBox() {
  return (
    <div className="wo-premium-box">
      <p className="wo-premium-box__title">
        <Lock size={16} aria-hidden /> Premium Feature
      </p>
      <p className="wo-premium-box__text">Exercise tracking, completion rewards and progress history require Premium.</p>
      <Link to={PROFILE_UPGRADE} className={buttonClass('primary', 'sm')}>
        Upgrade to Premium
      </Link>
    </div>
  );
}

/** One exercise of today's workout: what to do, how, and (Premium) tracking it. */
export function ExerciseCard({ exercise, premium, done, completing, onComplete, onWatch, onHistory }: ExerciseCardProps) {
  const [values, setValues] = useState<Tracked>({ sets: '', reps: '', weight: '' });
  const complete = () =>
    onComplete({ exerciseName: exercise.name, sets: parseWorkoutNumber(values.sets), reps: parseWorkoutNumber(values.reps), weight: parseWorkoutNumber(values.weight) });

  return (
    <Card className={`wo-card${done ? ' wo-card--done' : ''}`} data-testid="exercise-card" data-exercise={exercise.name} data-done={done || undefined}>
      <div className="wo-card__head">
        <CategoryIcon kind={iconKind(exercise.libraryCategory)} />
        <div className="wo-card__title">
          <h3>{exercise.name}</h3>
          <p className="an-small">
            {exercise.category} · {exercise.target}
          </p>
        </div>
        {exercise.isPremium && <Badge variant="premium">Premium</Badge>}
      </div>
      <div className="wo-card__body">
        <ExerciseImage src={exercise.imageUrl} alt={`${exercise.name} illustration`} size="sm" />
        <div className="an-stack-tight">
          <p className="an-text">{exercise.description}</p>
          <ExerciseMeta difficulty={exercise.difficulty} duration={exercise.duration} sets={exercise.sets} repetitions={exercise.repetitions} />
          <p className="an-small">Equipment: {exercise.equipment}</p>
        </div>
      </div>
      <details className="wo-details">
        <summary>Show steps and cues</summary>
        <HowTo instructions={exercise.instructions} cues={exercise.coachingCues} />
      </details>

      {premium ? <TrackingInputs values={values} onChange={setValues} locked={done} /> : <PremiumFeatureBox />}
      <div className="wo-actions">
        <Button variant="outline" size="sm" onClick={onWatch} disabled={!premium}>
          <Play size={15} aria-hidden /> Watch
        </Button>
        <Button variant="outline" size="sm" onClick={onHistory} disabled={!premium}>
          <History size={15} aria-hidden /> View History
        </Button>
        <Button variant={done ? 'secondary' : 'primary'} size="sm" onClick={complete} disabled={!premium || done} loading={completing}>
          {done ? (
            <>
              <Check size={15} aria-hidden /> Done
            </>
          ) : (
            'Complete'
          )}
        </Button>
      </div>
    </Card>
  );
}
