import { POINTS, type EventEnvelope } from '@swingfit/contracts';
import { publishInTransaction } from '@swingfit/server-kit';
import type { Transaction } from 'kysely';
import { appendAward } from '../db/ledger.js';
import { addNotification } from '../db/notifications.js';
import { ensureProfile, saveProfile } from '../db/profiles.js';
import { GAMIFICATION_SCHEMA, type GamificationDatabase } from '../db/schema.js';

type Trx = Transaction<GamificationDatabase>;

function requireUserId(event: EventEnvelope): number {
  if (event.userId == null) throw new Error(`event ${event.type} ${event.id} carries no userId`);
  return event.userId;
}

/**
 * A swing video upload earns POINTS.perUpload. The ledger row, the golfer's notification and the
 * points.awarded event commit together; the points count in the window of the upload itself.
 */
export async function awardUpload(trx: Trx, event: EventEnvelope<'analysis.uploaded'>): Promise<void> {
  const userId = requireUserId(event);
  const points = POINTS.perUpload;
  const added = await appendAward(trx, { userId, points, reason: 'upload', sourceEventId: event.id, occurredAt: new Date(event.occurredAt) });
  if (!added) return;
  await ensureProfile(trx, userId);
  await addNotification(trx, {
    userId,
    type: 'upload_success',
    title: 'Upload Successful!',
    message: `Your ${event.payload.club} swing video is uploaded and AI analysis is in progress. You earned ${points} points!`,
  });
  await publishInTransaction(trx, GAMIFICATION_SCHEMA, {
    type: 'points.awarded',
    userId,
    ...(event.requestId ? { requestId: event.requestId } : {}),
    payload: { points, reason: 'upload', sourceEventId: event.id },
  });
}

export async function welcomeGolfer(trx: Trx, event: EventEnvelope<'user.registered'>): Promise<void> {
  const userId = requireUserId(event);
  const { firstName, city, state } = event.payload;
  await saveProfile(trx, userId, { firstName, city, state });
  await addNotification(trx, {
    userId,
    type: 'other',
    title: firstName ? `Welcome to SwingFit, ${firstName}!` : 'Welcome to SwingFit!',
    message: `Upload your first swing video to get your AI swing analysis and earn ${POINTS.perUpload} points.`,
  });
}

export async function updateProfile(trx: Trx, event: EventEnvelope<'user.profile_updated'>): Promise<void> {
  const { firstName, city, state } = event.payload;
  await saveProfile(trx, requireUserId(event), { firstName, city, state });
}
