/** What a golfer's exercise log says, as stored (names from the library, numbers as read). */
export interface LoggedEntry {
  exerciseName: string;
  workoutDate: string;
  sets: number;
  reps: number;
  weight: number;
  duration: number | null;
  notes: string | null;
}

/**
 * Is a POST whose idempotency key already saved an entry a resend of that entry? A resend carries the same
 * entry and is answered with the saved one; a different entry under a used key is a client's mistake, and
 * answering it with the old entry would drop what the golfer just typed without a word.
 */
export function isResendOf(saved: LoggedEntry, sent: LoggedEntry): boolean {
  return (
    saved.exerciseName === sent.exerciseName &&
    saved.workoutDate === sent.workoutDate &&
    saved.sets === sent.sets &&
    saved.reps === sent.reps &&
    saved.weight === sent.weight &&
    saved.duration === sent.duration &&
    saved.notes === sent.notes
  );
}
