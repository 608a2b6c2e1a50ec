import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from './schema.js';
import { SubscriptionState } from './http/billing.js';

/** An aggregate's version: strictly increasing in commit order, so consumers can drop stale copies. */
const ProfileVersion = Type.Integer({ minimum: 1 });

/**
 * The event catalogue. Each event type names its payload schema; producers validate on publish
 * (outbox write) and consumers on consume, so a drift between services fails loudly at the edge.
 */
export const EventPayloads = {
  // Names and place travel with the account events: gamification keeps its own copy for the leaderboard.
  // `version` is the account's profile version (1 at registration, +1 per profile edit, in commit order):
  // a consumer keeps the newest copy whatever order the two kinds of event arrive in.
  'user.registered': Type.Object({
    version: ProfileVersion,
    email: Type.String(),
    firstName: Type.Optional(Nullable(Type.String())),
    lastName: Type.Optional(Nullable(Type.String())),
    city: Type.Optional(Nullable(Type.String())),
    state: Type.Optional(Nullable(Type.String())),
  }),
  'user.profile_updated': Type.Object({
    version: ProfileVersion,
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    city: Nullable(Type.String()),
    state: Nullable(Type.String()),
  }),
  'analysis.uploaded': Type.Object({ analysisId: Type.Integer(), club: Type.String() }),
  'analysis.completed': Type.Object({ analysisId: Type.Integer() }),
  'analysis.failed': Type.Object({ analysisId: Type.Integer(), reason: Type.String() }),
  // The award travels with the completion: the gateway decided it with exerciseAward(streakWeeks) in the
  // completion's transaction and answered it as pointsAwarded; the ledger records the same figures.
  'exercise.completed': Type.Object({
    completionId: Type.Integer(),
    exerciseName: Type.String(),
    /** The golfer's Central Time day of the completion. */
    workoutDate: Type.String({ format: 'date' }),
    /** The weekly streak including the completion's week. */
    streakWeeks: Type.Integer({ minimum: 0 }),
    basePoints: Type.Integer({ minimum: 0 }),
    multiplier: Type.Number({ minimum: 1 }),
    points: Type.Integer({ minimum: 0 }),
  }),
  // Billing's whole subscription state after a change (http/billing.ts SubscriptionState): a consumer
  // overwrites its copy only when `version` is newer, so late or repeated events never move it back.
  'subscription.activated': SubscriptionState,
  'subscription.updated': SubscriptionState,
  'subscription.canceled': SubscriptionState,
  // A renewal (or first) payment failed; Stripe retries it at nextPaymentAttempt.
  'payment.failed': Type.Object({
    invoiceId: Type.String(),
    subscriptionId: Nullable(Type.String()),
    amountDueCents: Type.Integer({ minimum: 0 }),
    currency: Type.String(),
    attemptCount: Type.Integer({ minimum: 0 }),
    nextPaymentAttempt: Nullable(IsoDateTime),
  }),
  // One award and the golfer's points right after it, as a snapshot: the gateway's user record stores it
  // only when `version` (per golfer, +1 for every award, in commit order) is newer than the one it holds,
  // and reads weekly/monthly as 0 once `weekStart`/`monthStart` is no longer the current Central Time
  // week/month. Redelivered, reordered or late snapshots can then never add twice or go backwards.
  // A reversal (an upload whose analysis failed, reason 'upload-reversal') is an award of negative points
  // with its own version: the snapshot after it holds the figures from before the award it takes back.
  'points.awarded': Type.Object({
    /** This award's points and what earned them ('exercise', 'upload'), or took them back ('upload-reversal', negative). */
    points: Type.Integer(),
    reason: Type.String(),
    /** The event that earned the points. */
    sourceEventId: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    /** The Sunday starting the week, and the 1st of the month, that weeklyPoints and monthlyPoints count. */
    weekStart: Type.String({ format: 'date' }),
    monthStart: Type.String({ format: 'date' }),
    weeklyPoints: Type.Integer({ minimum: 0 }),
    monthlyPoints: Type.Integer({ minimum: 0 }),
    totalPoints: Type.Integer({ minimum: 0 }),
  }),
  'streak.milestone': Type.Object({ streak: Type.Integer() }),
} satisfies Record<string, TSchema>;

export type EventType = keyof typeof EventPayloads;
export type EventPayload<T extends EventType> = Static<(typeof EventPayloads)[T]>;
export const EVENT_TYPES = Object.keys(EventPayloads) as EventType[];

export const EventEnvelope = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  occurredAt: IsoDateTime,
  userId: Type.Optional(Type.Integer()),
  requestId: Type.Optional(Type.String()),
  payload: Type.Unknown(),
});
export type EventEnvelope<T extends EventType = EventType> = Omit<Static<typeof EventEnvelope>, 'type' | 'payload'> & {
  type: T;
  payload: EventPayload<T>;
};

// Which service queues receive which events: EVENT_SUBSCRIPTIONS in jobs.ts, the one table of background work.
