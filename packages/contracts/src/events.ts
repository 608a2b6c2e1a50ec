import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from './schema.js';

/**
 * The event catalogue. Each event type names its payload schema; producers validate on publish
 * (outbox write) and consumers on consume, so a drift between services fails loudly at the edge.
 */
export const EventPayloads = {
  // Names and place travel with the account events: gamification keeps its own copy for the leaderboard.
  'user.registered': Type.Object({
    email: Type.String(),
    firstName: Type.Optional(Nullable(Type.String())),
    lastName: Type.Optional(Nullable(Type.String())),
    city: Type.Optional(Nullable(Type.String())),
    state: Type.Optional(Nullable(Type.String())),
  }),
  'user.profile_updated': Type.Object({
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    city: Nullable(Type.String()),
    state: Nullable(Type.String()),
  }),
  'analysis.uploaded': Type.Object({ analysisId: Type.Integer(), club: Type.String() }),
  'analysis.completed': Type.Object({ analysisId: Type.Integer() }),
  'analysis.failed': Type.Object({ analysisId: Type.Integer(), reason: Type.String() }),
  'exercise.completed': Type.Object({
    completionId: Type.Integer(),
    exerciseName: Type.String(),
    workoutDate: Type.String({ format: 'date' }),
  }),
  // customerId: the Stripe customer, so the user record can show it (billing owns the mapping).
  'subscription.activated': Type.Object({ subscriptionId: Type.String(), customerId: Type.Optional(Type.String()), currentPeriodEnd: Type.Union([IsoDateTime, Type.Null()]) }),
  'subscription.updated': Type.Object({ subscriptionId: Type.String(), customerId: Type.Optional(Type.String()), status: Type.String(), currentPeriodEnd: Type.Union([IsoDateTime, Type.Null()]) }),
  'subscription.canceled': Type.Object({ subscriptionId: Type.String(), customerId: Type.Optional(Type.String()) }),
  'points.awarded': Type.Object({ points: Type.Integer(), reason: Type.String(), sourceEventId: Type.String() }),
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

/** Which service queues receive which events (one BullMQ queue per consuming service). */
export const EVENT_SUBSCRIPTIONS: Record<string, readonly EventType[]> = {
  gamification: ['user.registered', 'user.profile_updated', 'analysis.uploaded', 'exercise.completed'],
  gateway: ['subscription.activated', 'subscription.updated', 'subscription.canceled', 'points.awarded', 'streak.milestone', 'analysis.completed', 'analysis.failed'],
};
export const eventQueueName = (service: string) => `events-${service}`;
