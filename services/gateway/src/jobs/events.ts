import { consumeEvents, type EventHandlers } from '@swingfit/server-kit';
import { CORE_SCHEMA, type CoreDatabase } from '@swingfit/core-db';
import type { EventEnvelope } from '@swingfit/contracts';
import type { Transaction } from 'kysely';
import type { Worker } from 'bullmq';
import type { GatewayDeps } from '../deps.js';
import { applySubscriptionState } from '../db/subscription-repository.js';
import { returnFailedUpload } from '../services/failed-uploads.js';
import type { PointsCache } from '../services/points-cache.js';

type Trx = Transaction<CoreDatabase>;

function userOf(event: EventEnvelope): number {
  if (event.userId == null) throw new Error(`event ${event.type} ${event.id} carries no userId`);
  return event.userId;
}

/**
 * The gamification ledger is the truth for points; the user record shows its latest snapshot. A
 * snapshot is stored only when its version is newer than the one held, so a redelivered, late or
 * reordered points.awarded can neither add twice nor take the figures backwards. The weekly and
 * monthly figures carry their window (points_week / points_month) and read as 0 once it has passed.
 */
async function applyPointsSnapshot(trx: Trx, event: EventEnvelope<'points.awarded'>): Promise<void> {
  const s = event.payload;
  await trx
    .updateTable('users')
    .set({
      total_points: s.totalPoints,
      weekly_points: s.weeklyPoints,
      monthly_points: s.monthlyPoints,
      points_week: s.weekStart,
      points_month: s.monthStart,
      points_version: s.version,
      updated_at: new Date(),
    })
    .where('id', '=', userOf(event))
    .where('points_version', '<', s.version)
    .execute();
}

/** Billing's full subscription state; applied only when its version is newer than the user's copy. */
async function setSubscription(trx: Trx, event: EventEnvelope<'subscription.activated' | 'subscription.updated' | 'subscription.canceled'>): Promise<void> {
  await applySubscriptionState(trx, userOf(event), event.payload);
}

/** A failed analysis gives its upload back, once per analysis (services/failed-uploads.ts). */
async function giveUploadBack(trx: Trx, event: EventEnvelope<'analysis.failed'>): Promise<void> {
  await returnFailedUpload(trx, event.payload.analysisId);
}

const t = (trx: Transaction<any>) => trx as Trx;

/** What the gateway does with each event of its queue; each runs in the transaction that records the event id. */
export const gatewayEventHandlers: EventHandlers = {
  'points.awarded': (trx, event) => applyPointsSnapshot(t(trx), event),
  'subscription.activated': (trx, event) => setSubscription(t(trx), event),
  'subscription.updated': (trx, event) => setSubscription(t(trx), event),
  'subscription.canceled': (trx, event) => setSubscription(t(trx), event),
  'analysis.failed': (trx, event) => giveUploadBack(t(trx), event),
};

/**
 * The handlers plus what this process caches of gamification: a golfer's award drops the cached
 * leaderboard and their position (services/points-cache.ts). Gamification committed the award before
 * it published the event, so the next read gets the new figures; a retried event only drops them again.
 */
function droppingCachedPoints(handlers: EventHandlers, cache: PointsCache | undefined): EventHandlers {
  const apply = handlers['points.awarded'];
  if (!cache || !apply) return handlers;
  return {
    ...handlers,
    'points.awarded': async (trx, event, job) => {
      await apply(trx, event, job);
      cache.pointsChanged(userOf(event));
    },
  };
}

/** Starts the consumer of the gateway's event queue; main.ts and the tests call it, and close the worker on the way out. */
export function startEventConsumers(deps: Pick<GatewayDeps, 'db' | 'queues' | 'logger' | 'pointsCache'>, handlers: EventHandlers = gatewayEventHandlers): Worker {
  const withCache = droppingCachedPoints(handlers, deps.pointsCache);
  return consumeEvents({ service: 'gateway', db: deps.db, schema: CORE_SCHEMA, settings: deps.queues, logger: deps.logger, handlers: withCache });
}
