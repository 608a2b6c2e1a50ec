import { consumeEvents, type EventHandlers } from '@swingfit/server-kit';
import { CORE_SCHEMA, type CoreDatabase } from '@swingfit/core-db';
import type { EventEnvelope } from '@swingfit/contracts';
import { sql, type Transaction } from 'kysely';
import type { Worker } from 'bullmq';
import type { GatewayDeps } from '../deps.js';

type Trx = Transaction<CoreDatabase>;

/** Stripe statuses in which the golfer keeps Premium (past_due: Stripe is still retrying the payment). */
const PREMIUM_STATUSES = new Set(['active', 'trialing', 'past_due']);

function userOf(event: EventEnvelope): number {
  if (event.userId == null) throw new Error(`event ${event.type} ${event.id} carries no userId`);
  return event.userId;
}

/**
 * The gamification ledger is the truth for points. These three columns are display caches on the
 * user record, bumped once per points.awarded (the inbox makes redeliveries no-ops); the weekly and
 * monthly ones are only right until their window turns, so anything that ranks or sums reads the
 * ledger through /api/points/summary and the leaderboard instead.
 */
async function addPoints(trx: Trx, event: EventEnvelope<'points.awarded'>): Promise<void> {
  const points = event.payload.points;
  await trx
    .updateTable('users')
    .set({
      total_points: sql`total_points + ${points}`,
      monthly_points: sql`monthly_points + ${points}`,
      weekly_points: sql`weekly_points + ${points}`,
      updated_at: new Date(),
    })
    .where('id', '=', userOf(event))
    .execute();
}

async function setSubscription(trx: Trx, event: EventEnvelope<'subscription.activated' | 'subscription.updated'>): Promise<void> {
  const { subscriptionId, customerId, currentPeriodEnd } = event.payload;
  const premium = event.type === 'subscription.activated' || PREMIUM_STATUSES.has((event as EventEnvelope<'subscription.updated'>).payload.status);
  await trx
    .updateTable('users')
    .set({
      is_premium: premium,
      stripe_subscription_id: subscriptionId,
      subscription_end_date: currentPeriodEnd ? new Date(currentPeriodEnd) : null,
      ...(customerId ? { stripe_customer_id: customerId } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', userOf(event))
    .execute();
}

/** Ends Premium, unless the user has since moved to another subscription (an old one's cancel arrives late). */
async function cancelSubscription(trx: Trx, event: EventEnvelope<'subscription.canceled'>): Promise<void> {
  await trx
    .updateTable('users')
    .set({ is_premium: false, updated_at: new Date() })
    .where('id', '=', userOf(event))
    .where((eb) => eb.or([eb('stripe_subscription_id', '=', event.payload.subscriptionId), eb('stripe_subscription_id', 'is', null)]))
    .execute();
}

const t = (trx: Transaction<any>) => trx as Trx;

/** What the gateway does with each event of its queue; each runs in the transaction that records the event id. */
export const gatewayEventHandlers: EventHandlers = {
  'points.awarded': (trx, event) => addPoints(t(trx), event),
  'subscription.activated': (trx, event) => setSubscription(t(trx), event),
  'subscription.updated': (trx, event) => setSubscription(t(trx), event),
  'subscription.canceled': (trx, event) => cancelSubscription(t(trx), event),
};

/** Starts the consumer of the gateway's event queue; main.ts and the tests call it, and close the worker on the way out. */
export function startEventConsumers(deps: Pick<GatewayDeps, 'db' | 'queues' | 'logger'>, handlers: EventHandlers = gatewayEventHandlers): Worker {
  return consumeEvents({ service: 'gateway', db: deps.db, schema: CORE_SCHEMA, settings: deps.queues, logger: deps.logger, handlers });
}
