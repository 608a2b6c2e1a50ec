import { centralMonth, centralWeek, LEADERBOARD_SIZE } from '@swingfit/contracts';
import { publishInTransaction } from '@swingfit/server-kit';
import { achievementsCrossed } from '../domain/achievements.js';
import { periodsOf, type Award, type AwardPeriods } from '../domain/awards.js';
import { passedNotice, topThreeNotice } from '../domain/notices.js';
import { leaderboardMoves } from '../domain/ranking.js';
import { recordAchievements } from '../db/achievements.js';
import { appendAward } from '../db/ledger.js';
import { addNotification, notifyEach } from '../db/notifications.js';
import { ensureProfile } from '../db/profiles.js';
import { GAMIFICATION_SCHEMA } from '../db/schema.js';
import { boardRows, firstNameOf } from '../db/standings.js';
import { addToTotals, pointsFigures, type TotalsAfterAward } from '../db/totals.js';
import type { Trx } from '../db/types.js';

export interface RecordedAward {
  periods: AwardPeriods;
  totals: TotalsAfterAward;
}

/**
 * Appends an award to the ledger and, in the same transaction, to the golfer's totals, and publishes
 * the golfer's new points snapshot (points.awarded). Null when the award's cause was already awarded:
 * then nothing else happens either. Every read model therefore moves exactly when the ledger does.
 */
export async function recordAward(trx: Trx, award: Award, context: { now: Date; requestId?: string }): Promise<RecordedAward | null> {
  if (!(await appendAward(trx, award))) return null;
  const periods = periodsOf(award.day);
  const totals = await addToTotals(trx, award, periods);
  // A golfer's first award lists them for the leaderboard even before their account event arrives.
  if (totals.version === 1) await ensureProfile(trx, award.userId);

  // The snapshot counts the windows current now, whichever window the award itself fell in.
  const windows = { week: centralWeek(context.now).date, month: centralMonth(context.now).date };
  const figures =
    windows.week === periods.week && windows.month === periods.month
      ? { totalPoints: totals.after.totalPoints, weeklyPoints: totals.weekPoints, monthlyPoints: totals.monthAfter }
      : await pointsFigures(trx, award.userId, windows);
  await publishInTransaction(trx, GAMIFICATION_SCHEMA, {
    type: 'points.awarded',
    userId: award.userId,
    ...(context.requestId ? { requestId: context.requestId } : {}),
    payload: {
      points: award.points,
      reason: award.reason,
      sourceEventId: award.sourceEventId,
      version: totals.version,
      weekStart: windows.week,
      monthStart: windows.month,
      ...figures,
    },
  });
  return { periods, totals };
}

/** Achievements the award crossed, each announced once. */
export async function announceAchievements(trx: Trx, userId: number, totals: TotalsAfterAward): Promise<void> {
  const crossed = achievementsCrossed(totals.before, totals.after);
  const fresh = new Set(await recordAchievements(trx, userId, crossed.map((a) => a.code)));
  for (const a of crossed) if (fresh.has(a.code)) await addNotification(trx, userId, { type: 'achievement', title: a.title, message: a.message });
}

/**
 * Leaderboard news of an award in the current month: the golfer entering the top 3, and each golfer
 * on the visible board (top LEADERBOARD_SIZE) that the award moved them ahead of.
 */
export async function announceLeaderboardMoves(trx: Trx, userId: number, recorded: RecordedAward, now: Date): Promise<void> {
  const month = recorded.periods.month;
  if (month !== centralMonth(now).date) return;
  // Only golfers above the old figure can be passed or stand in the top 3 ahead of the golfer.
  const board = await boardRows(trx, month, LEADERBOARD_SIZE, recorded.totals.monthBefore);
  const moves = leaderboardMoves(board, userId, recorded.totals.monthBefore, recorded.totals.monthAfter);
  if (moves.enteredTopThree !== null) await addNotification(trx, userId, topThreeNotice(moves.enteredTopThree, recorded.totals.monthAfter));
  if (moves.passed.length > 0) await notifyEach(trx, moves.passed, passedNotice(userId, await firstNameOf(trx, userId)));
}
