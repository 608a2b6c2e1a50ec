import { centralMonth, rankedThisMonth, type EventEnvelope } from '@swingfit/contracts';
import { requireUserId, uploadAwardOf, uploadCause, uploadReversalOf } from '../domain/awards.js';
import { analysisFailedNotice, analysisReadyNotice, TOP_THREE_TOPIC, topThreeNotice, uploadNotice } from '../domain/notices.js';
import { TOP_RANKS } from '../domain/ranking.js';
import { findAward } from '../db/ledger.js';
import { addNotification, reviseUnread, withdrawPassedBy, withdrawUnread } from '../db/notifications.js';
import { golfersAhead } from '../db/standings.js';
import type { Trx } from '../db/types.js';
import { announceAchievements, announceLeaderboardMoves, recordAward, type RecordedAward } from './record-award.js';

/** analysis.uploaded: UPLOAD_AWARD once per analysis, the 'Upload Successful!' notice and any news it makes. */
export async function swingUploaded(trx: Trx, event: EventEnvelope<'analysis.uploaded'>, now = new Date()): Promise<void> {
  const award = uploadAwardOf(event);
  const recorded = await recordAward(trx, award, { now, ...(event.requestId ? { requestId: event.requestId } : {}) });
  if (!recorded) return;
  await announceLeaderboardMoves(trx, award.userId, recorded, now);
  await announceAchievements(trx, award.userId, recorded.totals);
  await addNotification(trx, award.userId, uploadNotice(event.payload.club, award.points));
}

/** analysis.completed: the golfer hears their analysis is ready. */
export async function analysisReady(trx: Trx, event: EventEnvelope<'analysis.completed'>): Promise<void> {
  await addNotification(trx, requireUserId(event), analysisReadyNotice());
}

/**
 * The failure came before the upload's award was recorded (events arrive in any order). The event is
 * retried (a plain error: EVENT_DELIVERY retries for about an hour) rather than recorded for the award to
 * skip later: the upload event was committed before the analysis could even start, so its award lands
 * within its own retries, which began earlier on the same schedule; a retry simply reads the ledger
 * again, with no marker for two handlers racing on the same golfer to miss each other over.
 */
export class UploadAwardNotYetRecorded extends Error {}

/**
 * analysis.failed: the upload's award is taken back (junk uploads must not farm points), once per
 * analysis, without leaderboard or achievement news (a reversal is nobody's news); the golfer hears it
 * failed, why, and that the upload was not counted (the gateway gives the upload back from the same event).
 */
export async function analysisFailed(trx: Trx, event: EventEnvelope<'analysis.failed'>, now = new Date()): Promise<void> {
  const userId = requireUserId(event);
  const award = await findAward(trx, uploadCause(event.payload.analysisId));
  if (!award) throw new UploadAwardNotYetRecorded(`analysis.failed ${event.id}: the upload award of analysis ${event.payload.analysisId} is not recorded yet; retrying`);
  const reversal = uploadReversalOf(event, award);
  const recorded = await recordAward(trx, reversal, { now, ...(event.requestId ? { requestId: event.requestId } : {}) });
  // Once per analysis, like its award: a second failure event for the same analysis says nothing new.
  if (!recorded) return;
  await reviseLeaderboardNews(trx, userId, recorded, now);
  await addNotification(trx, userId, analysisFailedNotice(event.payload.reason, award.points));
}

/**
 * Leaderboard news the upload's points made, after a reversal in the current month (a golfer must not
 * read news the board contradicts; read notices stay as told). The golfer's unread 'Top 3' notice: still
 * in the top 3, it gives the rank and points they hold now; out of it, it is withdrawn. Each rival who
 * stands above the golfer again loses the golfer's unread 'passed' notice.
 */
async function reviseLeaderboardNews(trx: Trx, userId: number, recorded: RecordedAward, now: Date): Promise<void> {
  const month = recorded.periods.month;
  if (month !== centralMonth(now).date) return;
  const points = recorded.totals.monthAfter;
  await withdrawPassedBy(trx, userId, month, points);
  const rank = rankedThisMonth(points) ? 1 + (await golfersAhead(trx, month, points)) : Number.POSITIVE_INFINITY;
  if (rank <= TOP_RANKS) await reviseUnread(trx, userId, topThreeNotice(rank, points));
  else await withdrawUnread(trx, userId, TOP_THREE_TOPIC);
}
