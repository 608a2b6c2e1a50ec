import type { EventHandlers } from '@swingfit/server-kit';
import type { Transaction } from 'kysely';
import type { Trx } from '../db/types.js';
import { exerciseCompleted } from '../services/exercises.js';
import { updateProfile, welcomeGolfer } from '../services/profiles.js';
import { analysisFailed, analysisReady, swingUploaded } from '../services/uploads.js';
import { notifyPaymentFailed } from '../services/payment-failed.js';

const t = (trx: Transaction<any>) => trx as Trx;

/**
 * What this service does with each event of its queue (EVENT_SUBSCRIPTIONS.gamification): one line
 * each. consumeEvents wraps each call in the transaction that also records the event id, so a
 * redelivery finds it and does nothing; a handler that throws leaves nothing behind and the event is
 * retried, then parked with the failed events an operator can replay.
 */
export const gamificationHandlers: EventHandlers = {
  'user.registered': (trx, event) => welcomeGolfer(t(trx), event),
  'user.profile_updated': (trx, event) => updateProfile(t(trx), event),
  'analysis.uploaded': (trx, event) => swingUploaded(t(trx), event),
  'analysis.completed': (trx, event) => analysisReady(t(trx), event),
  'analysis.failed': (trx, event) => analysisFailed(t(trx), event),
  'exercise.completed': (trx, event) => exerciseCompleted(t(trx), event),
  'payment.failed': (trx, event) => notifyPaymentFailed(t(trx), event),
};
