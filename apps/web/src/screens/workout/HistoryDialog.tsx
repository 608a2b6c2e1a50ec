import { Dialog, ErrorState, Spinner } from '../../components/ui';
import { useExerciseHistory } from './api';
import { historyDate, loggedText, splitHistory } from './logic';

/** '{exercise} - History': today's green block, then earlier entries newest first (section 2). */
export function HistoryDialog({ exerciseName, today, onClose }: { exerciseName: string | null; today: string; onClose: () => void }) {
  const history = useExerciseHistory(exerciseName);
  const { today: todays, past } = splitHistory(history.data ?? [], today);
  return (
    <Dialog open={exerciseName !== null} onClose={onClose} title={`${exerciseName ?? ''} - History`}>
      {history.isLoading ? (
        <Spinner />
      ) : history.isError && !history.data ? (
        <ErrorState title="Failed to fetch exercise history" onRetry={() => void history.refetch()} />
      ) : (
        <div className="an-stack" data-testid="exercise-history">
          {todays.map((entry) => (
            <div key={entry.id} className="wo-today">
              <span className="wo-today__label">TODAY</span>
              <span className="wo-today__text">{loggedText(entry)}</span>
            </div>
          ))}
          {past.map((entry) => (
            <div key={entry.id} className="wo-past">
              <p className="wo-past__date">{historyDate(entry.workoutDate)}</p>
              <p className="an-text">{loggedText(entry)}</p>
              {entry.notes && <p className="an-small">{entry.notes}</p>}
            </div>
          ))}
          {todays.length === 0 && past.length === 0 && (
            <div className="sf-state">
              <p className="sf-state__title">No workout history found for this exercise.</p>
              <p className="sf-state__text">This is your first time doing this exercise!</p>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
