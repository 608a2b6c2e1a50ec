import { Clock, Repeat } from 'lucide-react';
import { formatDuration } from '@swingfit/contracts';
import { DifficultyBadge } from './DifficultyBadge';

/** sets x repetitions (or sets alone for timed holds). */
export const setsText = (sets: number, repetitions: number | null) => (repetitions ? `${sets} x ${repetitions}` : `${sets} sets`);

/** The figures of an exercise, each once: difficulty, duration as m:ss, sets x reps. */
export function ExerciseMeta({ difficulty, duration, sets, repetitions }: { difficulty: number; duration: number; sets: number; repetitions: number | null }) {
  return (
    <div className="ex-meta">
      <DifficultyBadge difficulty={difficulty} />
      <span className="ex-meta__item" title="Duration">
        <Clock size={14} aria-hidden /> {formatDuration(duration)}
      </span>
      <span className="ex-meta__item" title="Sets and repetitions">
        <Repeat size={14} aria-hidden /> {setsText(sets, repetitions)}
      </span>
    </div>
  );
}
