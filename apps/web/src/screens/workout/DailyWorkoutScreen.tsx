import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, BookOpen, Sparkles, Star } from 'lucide-react';
import type { DailyWorkout, User, WorkoutExercise } from '@swingfit/contracts';
import { Button, Card, toast } from '../../components/ui';
import { useAuth } from '../../hooks/useAuth';
import { inProgressIds, useAnalyses } from '../../components/analysis/queries';
import { ExerciseCard } from './ExerciseCard';
import { HistoryDialog } from './HistoryDialog';
import { VideoDialog } from './VideoDialog';
import { WorkoutOverview } from './WorkoutOverview';
import { CreatingState, GenerationFailedState, LimitReachedState, LoadErrorState, NoAnalysisState } from './WorkoutStates';
import { useCompleteExercise, useDailyWorkout, useRebuildWorkout, type CompleteInput } from './api';
import { COMPLETION_TOAST_MS, WORKOUT_DAY_OVER_TEXT, completionToastText, isDayOverRefusal, isUpgradeRefusal } from './logic';
import '../../components/analysis/analysis.css';
import '../../components/exercise/exercise.css';
import './workout.css';

function Header({ user }: { user: User }) {
  return (
    <div className="wo-header">
      <Link to="/" className="sf-btn sf-btn--ghost sf-btn--icon" aria-label="Back to Home">
        <ArrowLeft size={20} />
      </Link>
      <h1 className="an-title">Today's Workout</h1>
      <Link to="/leaderboard" className="wo-points" aria-label={`${user.monthlyPoints} monthly points, open the leaderboard`}>
        <Star size={15} aria-hidden fill="currentColor" /> {user.monthlyPoints.toLocaleString()}
      </Link>
    </div>
  );
}

function NewerAnalysisBanner({ onRebuild, busy }: { onRebuild: () => void; busy: boolean }) {
  return (
    <Card className="wo-banner">
      <Sparkles size={18} aria-hidden />
      <p className="an-text an-grow">Your newest swing analysis is ready. Update today's workout to match it.</p>
      <Button size="sm" onClick={onRebuild} loading={busy}>
        Update
      </Button>
    </Card>
  );
}

function LoadedWorkout({ user, workout }: { user: User; workout: DailyWorkout }) {
  const complete = useCompleteExercise(user.id);
  const rebuild = useRebuildWorkout(user.id);
  // Every exercise still being saved: a second Complete tapped before the first answers keeps its own spinner.
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [watching, setWatching] = useState<WorkoutExercise | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const done = new Set(workout.completedExercises);

  const onComplete = (input: CompleteInput) => {
    const name = input.exerciseName;
    setPending((now) => new Set(now).add(name));
    // Each tap's own promise: mutate's per-call callbacks fire only for the latest call, so a second
    // exercise completed before the first answered would leave the first's spinner and toast unsettled.
    complete
      .mutateAsync(input)
      .then(
        (res) => {
          if (!res.alreadyCompleted) toast({ title: 'Exercise Completed!', description: completionToastText(res), duration: COMPLETION_TOAST_MS });
        },
        (error: unknown) =>
          toast({ title: 'Error', description: isDayOverRefusal(error) ? WORKOUT_DAY_OVER_TEXT : 'Failed to complete exercise. Please try again.', variant: 'destructive' }),
      )
      .finally(() =>
        setPending((now) => {
          const left = new Set(now);
          left.delete(name);
          return left;
        }),
      );
  };

  if (workout.exercises.length === 0) return <GenerationFailedState onReload={() => rebuild.mutate()} reloading={rebuild.isPending} />;
  return (
    <>
      {workout.newerAnalysisAvailable && <NewerAnalysisBanner onRebuild={() => rebuild.mutate()} busy={rebuild.isPending} />}
      <WorkoutOverview workout={workout} />
      {workout.exercises.map((exercise) => (
        <ExerciseCard
          key={exercise.id}
          exercise={exercise}
          premium={workout.isPremium}
          done={done.has(exercise.name)}
          completing={pending.has(exercise.name)}
          onComplete={onComplete}
          onWatch={() => setWatching(exercise)}
          onHistory={() => setHistoryOf(exercise.name)}
        />
      ))}
      <Link to="/exercises" className="an-link">
        <BookOpen size={16} aria-hidden /> Browse the Exercise Library
      </Link>
      <VideoDialog
        open={watching !== null}
        exercise={watching}
        done={watching ? done.has(watching.name) : false}
        onClose={() => setWatching(null)}
        onComplete={watching && workout.isPremium ? () => onComplete({ exerciseName: watching.name, sets: 0, reps: 0, weight: 0 }) : undefined}
      />
      <HistoryDialog exerciseName={historyOf} today={workout.workoutDate} onClose={() => setHistoryOf(null)} />
    </>
  );
}

/**
 * Whether one of the golfer's uploads is still being analyzed. The list is read again meanwhile, and once
 * it is done useAnalyses reads the workout again (refreshAfterAnalysis): the golfer waiting on 'No Swing
 * Analysis Available' gets their workout.
 */
function useAnalysing(userId: number): boolean {
  return inProgressIds(useAnalyses(userId).data).length > 0;
}

function Workout({ user }: { user: User }) {
  const query = useDailyWorkout(user.id);
  const analysing = useAnalysing(user.id);
  if (query.isLoading) return <CreatingState />;
  if (query.isError && isUpgradeRefusal(query.error)) return <LimitReachedState />;
  // A later read that fails (the refresh after a completion, with the server down) keeps the workout on
  // screen, and with it the sets, reps and weights typed into its cards; the error is for no workout at all.
  if (query.isError && !query.data) {
    return <LoadErrorState message="Failed to fetch daily workout" onRetry={() => void query.refetch()} />;
  }
  const workout = query.data!;
  if (workout.analysisId === null) return <NoAnalysisState analysing={analysing} />;
  return <LoadedWorkout user={user} workout={workout} />;
}

/** /daily-workout: the golfer's personalised workout of the day. */
export function DailyWorkoutScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="an-screen">
      <Header user={user} />
      <Workout user={user} />
    </div>
  );
}
