import { uploadsUsedAfterReturn } from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';
import type { Transaction } from 'kysely';
import { failedUploadOwner, lockUploadsUsed, markUploadReturned, setUploadsUsed } from '../db/analyses-repository.js';

/*
 * A failed analysis gives its upload back (analysis.failed): the failure card and the analyses list tell
 * the golfer to try again, so the upload must not stay spent. The free golfer's uploads-used counter goes
 * down by one (never below 0) and a premium golfer's club allowance for that week is returned. Its 10
 * points are taken back by gamification, from the same event.
 *
 * Once per analysis, however often the event arrives: the inbox drops a redelivered event, and
 * swing_analyses.upload_returned_at, set in the same transaction, drops a second failure event for the
 * same analysis (an operator's retry that failed again). An analysis that is no longer failed when the
 * event is handled (an operator's retry put it back to pending) keeps its upload: if it fails again, its
 * next analysis.failed returns it.
 */

/** Gives the failed analysis' upload back; true when this call did, false when there was nothing to give. */
export async function returnFailedUpload(trx: Transaction<CoreDatabase>, analysisId: number): Promise<boolean> {
  const userId = await failedUploadOwner(trx, analysisId);
  if (userId === undefined) return false;
  // The golfer's row before the analysis', as an upload takes them: a racing upload waits here, and sees
  // the upload given back once this commits.
  const used = await lockUploadsUsed(trx, userId);
  if (used === undefined) return false;
  if (!(await markUploadReturned(trx, analysisId))) return false;
  await setUploadsUsed(trx, userId, uploadsUsedAfterReturn(used));
  return true;
}
