import { weekOfDate, type EventEnvelope } from '@swingfit/contracts';
import { exerciseAwardOf } from '../domain/awards.js';
import { exerciseNotice, streakMilestoneNotice } from '../domain/notices.js';
import { applyStreakReport } from '../domain/streak-copy.js';
import { addNotification } from '../db/notifications.js';
import { saveStreakCopy, streakCopyForUpdate } from '../db/streaks.js';
import type { Trx } from '../db/types.js';
import { announceAchievements, announceLeaderboardMoves, recordAward } from './record-award.js';

/**
 * exercise.completed: the ledger records exactly exerciseAward(streakWeeks), the figure the gateway
 * answered as pointsAwarded; then the streak copy, the golfer's news and the leaderboard news.
 * The newest notice is inserted last so it tops the golfer's list.
 */
export async function exerciseCompleted(trx: Trx, event: EventEnvelope<'exercise.completed'>, now = new Date()): Promise<void> {
  const award = exerciseAwardOf(event);
  const recorded = await recordAward(trx, award, { now, ...(event.requestId ? { requestId: event.requestId } : {}) });
  if (!recorded) return;

  await followStreak(trx, award.userId, weekOfDate(event.payload.workoutDate), event.payload.streakWeeks);
  await announceLeaderboardMoves(trx, award.userId, recorded, now);
  await announceAchievements(trx, award.userId, recorded.totals);
  await addNotification(
    trx,
    award.userId,
    exerciseNotice({ exerciseName: event.payload.exerciseName, points: award.points, multiplier: award.multiplier, day: award.day, dayPoints: recorded.totals.dayPoints }),
  );
}

/** Keeps the newest streak report; a higher tier than the golfer had is a milestone. */
async function followStreak(trx: Trx, userId: number, week: string, weeks: number): Promise<void> {
  const report = applyStreakReport(await streakCopyForUpdate(trx, userId), week, weeks);
  if (!report.newer) return;
  await saveStreakCopy(trx, userId, report.next);
  if (report.milestone) await addNotification(trx, userId, streakMilestoneNotice(weeks, report.milestone));
}
