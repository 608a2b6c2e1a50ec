import { useState } from 'react';
import { Link } from 'react-router';
import { Lock, Play } from 'lucide-react';
import type { ExerciseItem, WorkoutExercise } from '@swingfit/contracts';
import { Badge, Button, Dialog, buttonClass } from '../../components/ui';
import { ExerciseImage } from '../../components/exercise/ExerciseImage';
import { ExerciseMeta } from '../../components/exercise/ExerciseMeta';
import { HowTo } from '../../components/exercise/HowTo';
import { VideoDialog } from '../workout/VideoDialog';
import '../workout/workout.css';

/** The video dialog takes a workout exercise; a library item carries the same teaching fields. */
function asWorkoutExercise(e: ExerciseItem): WorkoutExercise {
  return {
    id: e.id,
    name: e.name,
    category: e.focusArea,
    libraryCategory: e.category,
    target: e.target,
    description: e.description,
    instructions: e.instructions,
    coachingCues: e.coachingCues,
    videoId: e.video?.watchUrl ?? null,
    youtubeId: e.video?.youtubeId ?? null,
    videoTitle: e.video?.title ?? null,
    videoDuration: e.video?.durationSeconds ?? null,
    duration: e.duration,
    difficulty: e.difficulty,
    sets: e.sets,
    repetitions: e.repetitions,
    equipment: e.equipment,
    imageUrl: e.imageUrl,
    isPremium: e.isPremium,
  };
}

/** Tapping a library card: the exercise in full (steps, cues, its video when there is one). */
export function ExerciseDetailDialog({ exercise, onClose }: { exercise: ExerciseItem | null; onClose: () => void }) {
  const [watching, setWatching] = useState(false);
  if (!exercise) return null;
  return (
    <>
      <Dialog open={!watching} onClose={onClose} title={exercise.name}>
        <div className="an-stack" data-testid="exercise-detail">
          <ExerciseImage src={exercise.imageUrl} alt={`${exercise.name} illustration`} size="lg" />
          <div className="an-row an-wrap">
            <Badge variant="neutral">{exercise.focusArea}</Badge>
            {exercise.isPremium && <Badge variant="premium">Premium</Badge>}
          </div>
          <p className="an-text">{exercise.description}</p>
          <ExerciseMeta difficulty={exercise.difficulty} duration={exercise.duration} sets={exercise.sets} repetitions={exercise.repetitions} />
          <p className="an-small">
            Target: {exercise.target} · Equipment: {exercise.equipment}
          </p>
          {exercise.locked ? (
            <div className="wo-premium-box">
              <p className="wo-premium-box__title">
                <Lock size={16} aria-hidden /> Premium exercise
              </p>
              <p className="wo-premium-box__text">Step-by-step instructions, coaching cues and videos for this exercise come with Premium.</p>
              <Link to="/subscribe" className={buttonClass('primary', 'sm')}>
                Upgrade to Premium
              </Link>
            </div>
          ) : (
            <HowTo instructions={exercise.instructions} cues={exercise.coachingCues} />
          )}
          {exercise.video && (
            <Button variant="outline" onClick={() => setWatching(true)}>
              <Play size={16} aria-hidden /> Watch video
            </Button>
          )}
        </div>
      </Dialog>
      <VideoDialog open={watching} exercise={asWorkoutExercise(exercise)} done onClose={() => setWatching(false)} />
    </>
  );
}
