import type { EventEnvelope } from '@swingfit/contracts';
import { requireUserId, uploadAwardOf } from '../domain/awards.js';
import { analysisFailedNotice, analysisReadyNotice, uploadNotice } from '../domain/notices.js';
import { addNotification } from '../db/notifications.js';
import type { Trx } from '../db/types.js';
import { announceAchievements, announceLeaderboardMoves, recordAward } from './record-award.js';

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

/** analysis.failed: the golfer hears it failed, and the worker's reason why. */
export async function analysisFailed(trx: Trx, event: EventEnvelope<'analysis.failed'>): Promise<void> {
  await addNotification(trx, requireUserId(event), analysisFailedNotice(event.payload.reason));
}
