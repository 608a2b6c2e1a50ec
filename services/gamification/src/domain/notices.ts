import { streakTier, type NotificationType, type StreakTier } from '@swingfit/contracts';

/*
 * The words of every notification gamification sends, in one place (plain words, each figure once).
 * A `topic` makes a burst of the same news collapse into the golfer's one unread notice.
 */

export interface Notice {
  type: NotificationType;
  title: string;
  message: string;
  topic?: string;
}

const MAX_REASON_CHARS = 300;

/** "1.25x" as section 9 writes multipliers ("1.0x", "1.25x", "3.0x"). */
export function multiplierLabel(multiplier: number): string {
  return `${Number.isInteger(multiplier * 10) ? multiplier.toFixed(1) : multiplier.toFixed(2)}x`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** One notice per day of exercises while unread: the latest exercise and the day's total so far. */
export function exerciseNotice(input: { exerciseName: string; points: number; multiplier: number; day: string; dayPoints: number }): Notice {
  const bonus = input.multiplier > 1 ? ` with your ${multiplierLabel(input.multiplier)} streak bonus` : '';
  return {
    type: 'exercise_completion',
    title: 'Exercise Completed!',
    message: `${input.exerciseName}: +${plural(input.points, 'point')}${bonus}. Today so far: ${plural(input.dayPoints, 'point')}.`,
    topic: `exercise:${input.day}`,
  };
}

export function streakMilestoneNotice(weeks: number, tier: StreakTier = streakTier(weeks)): Notice {
  return {
    type: 'streak_milestone',
    title: `${weeks}-Week Streak!`,
    message: `You reached the ${multiplierLabel(tier.multiplier)} tier: every exercise now earns ${tier.pointsPerExercise} points. Complete at least one exercise each week to keep it.`,
  };
}

export function uploadNotice(club: string, points: number): Notice {
  return {
    type: 'upload_success',
    title: 'Upload Successful!',
    message: `Your ${club} swing video is uploaded and AI analysis is in progress. You earned ${points} points!`,
  };
}

export function analysisReadyNotice(): Notice {
  return {
    type: 'upload_success',
    title: 'Analysis Ready',
    message: 'Your swing analysis is ready: see your launch data, mobility and today’s workout in Analysis.',
  };
}

/**
 * The worker's reason is written for golfers; it is kept whole up to a sane length. Then what the failure
 * means for them: the upload does not count (they can upload again) and its points were taken back.
 */
export function analysisFailedNotice(reason: string, pointsTakenBack: number): Notice {
  const trimmed = reason.trim().replace(/\s+/g, ' ').slice(0, MAX_REASON_CHARS);
  const sentence = trimmed ? (/[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`) : 'Please try again with a clearer video file.';
  const points = pointsTakenBack > 0 ? ` The ${plural(pointsTakenBack, 'point')} it earned ${pointsTakenBack === 1 ? 'was' : 'were'} taken back.` : '';
  return { type: 'other', title: 'Analysis Failed', message: `We couldn't analyze your swing video. ${sentence} This upload doesn't count, so you can upload again.${points}` };
}

export const TOP_THREE_TOPIC = 'leaderboard:top3';

export function topThreeNotice(rank: number, monthlyPoints: number): Notice & { topic: string } {
  return {
    type: 'leaderboard_update',
    title: 'You’re in the Top 3!',
    message: `You moved up to #${rank} on this month’s leaderboard with ${plural(monthlyPoints, 'point')}.`,
    topic: TOP_THREE_TOPIC,
  };
}

/**
 * One unread 'passed' notice per passer: a golfer passed again and again by the same rival reads it once,
 * and the notice can be withdrawn when that rival's points are taken back (passedTopic).
 */
export const passedTopic = (passerId: number) => `leaderboard:passed:${passerId}`;

export function passedNotice(passerId: number, passerFirstName: string | null): Notice & { topic: string } {
  const who = passerFirstName?.trim() || 'Another golfer';
  return {
    type: 'leaderboard_update',
    title: 'You’ve Been Passed',
    message: `${who} just passed you on this month’s leaderboard. Complete an exercise to climb back!`,
    topic: passedTopic(passerId),
  };
}

/** Sunday 00:00: weekly points start again; a golfer whose streak rides on this week is reminded. */
export function weeklyResetNotice(lastWeekPoints: number, streakWeeksAtRisk: number): Notice {
  const keep = streakWeeksAtRisk > 0 ? ` Complete an exercise this week to keep your ${streakWeeksAtRisk}-week streak going.` : '';
  return {
    type: 'weekly_reset',
    title: 'New Week, Fresh Start!',
    message: `Your weekly points are back to 0. Last week you earned ${plural(lastWeekPoints, 'point')}.${keep}`,
  };
}

export function welcomeNotice(firstName: string | null | undefined, uploadPoints: number): Notice {
  return {
    type: 'other',
    title: firstName ? `Welcome to SwingFit, ${firstName}!` : 'Welcome to SwingFit!',
    message: `Upload your first swing video to get your AI swing analysis and earn ${uploadPoints} points.`,
  };
}
