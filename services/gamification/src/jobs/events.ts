import type { EventHandlers } from '@swingfit/server-kit';
import type { Transaction } from 'kysely';
import { awardUpload, updateProfile, welcomeGolfer } from '../services/awards.js';
import type { GamificationDatabase } from '../db/schema.js';

const t = (trx: Transaction<any>) => trx as Transaction<GamificationDatabase>;

/**
 * What this service does with each event of its queue. consumeEvents wraps each call in the
 * transaction that also records the event id, so a redelivery finds it and does nothing.
 */
export const gamificationHandlers: EventHandlers = {
  'analysis.uploaded': (trx, event) => awardUpload(t(trx), event),
  'user.registered': (trx, event) => welcomeGolfer(t(trx), event),
  'user.profile_updated': (trx, event) => updateProfile(t(trx), event),
};
