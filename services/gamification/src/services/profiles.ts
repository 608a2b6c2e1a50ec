import { POINTS, type EventEnvelope } from '@swingfit/contracts';
import { requireUserId } from '../domain/awards.js';
import { welcomeNotice } from '../domain/notices.js';
import { addNotification } from '../db/notifications.js';
import { saveProfile } from '../db/profiles.js';
import type { Trx } from '../db/types.js';

/** user.registered: the golfer's leaderboard name and place, and a welcome. */
export async function welcomeGolfer(trx: Trx, event: EventEnvelope<'user.registered'>): Promise<void> {
  const userId = requireUserId(event);
  const { firstName, city, state, version } = event.payload;
  await saveProfile(trx, userId, { firstName, city, state }, version);
  await addNotification(trx, userId, welcomeNotice(firstName, POINTS.perUpload));
}

export async function updateProfile(trx: Trx, event: EventEnvelope<'user.profile_updated'>): Promise<void> {
  const { firstName, city, state, version } = event.payload;
  // Order-safe: a profile edit that arrives after a newer one (or before the registration) does not win.
  await saveProfile(trx, requireUserId(event), { firstName, city, state }, version);
}
