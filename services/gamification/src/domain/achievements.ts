/*
 * Achievements: one notification each, the first time a golfer's figures cross a threshold.
 * Checked after every award against the figures before and after it, so each is announced by the
 * award that earned it and never again (the achievements table keeps one row per golfer and code).
 */

export interface GolferFigures {
  totalPoints: number;
  exercisesCompleted: number;
  uploads: number;
}

export interface Achievement {
  code: string;
  title: string;
  message: string;
  figure: keyof GolferFigures;
  threshold: number;
}

export const ACHIEVEMENTS: readonly Achievement[] = [
  { code: 'first-workout', figure: 'exercisesCompleted', threshold: 1, title: 'First Workout!', message: 'You completed your first exercise. Keep it up to build your weekly streak.' },
  { code: 'exercises-10', figure: 'exercisesCompleted', threshold: 10, title: '10 Exercises Completed', message: 'Ten exercises done: your mobility work is becoming a habit.' },
  { code: 'exercises-50', figure: 'exercisesCompleted', threshold: 50, title: '50 Exercises Completed', message: 'Fifty exercises done. That is real commitment to a better swing.' },
  { code: 'exercises-100', figure: 'exercisesCompleted', threshold: 100, title: '100 Exercises Completed', message: 'One hundred exercises done. Impressive dedication!' },
  { code: 'points-100', figure: 'totalPoints', threshold: 100, title: 'First 100 Points!', message: 'You have earned your first 100 points.' },
  { code: 'points-500', figure: 'totalPoints', threshold: 500, title: '500 Points!', message: 'You have earned 500 points in total.' },
  { code: 'points-1000', figure: 'totalPoints', threshold: 1000, title: '1,000 Points!', message: 'You have earned 1,000 points in total.' },
  { code: 'uploads-5', figure: 'uploads', threshold: 5, title: '5 Swing Videos Uploaded', message: 'Five swings analyzed: compare them to see how your swing is changing.' },
  { code: 'uploads-10', figure: 'uploads', threshold: 10, title: '10 Swing Videos Uploaded', message: 'Ten swings analyzed. Your progress tracking keeps getting sharper.' },
];

/** The achievements whose threshold lies above `before` and at or below `after`. */
export function achievementsCrossed(before: GolferFigures, after: GolferFigures): Achievement[] {
  return ACHIEVEMENTS.filter((a) => before[a.figure] < a.threshold && after[a.figure] >= a.threshold);
}
