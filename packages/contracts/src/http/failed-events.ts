import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from '../schema.js';

/*
 * Poison events: an event whose handler failed on every attempt waits in its queue's failed set.
 * GET /api/admin/failed-events lists them; POST /api/admin/failed-events/{id}/replay runs one again.
 */

/** `{queue}:{eventId}`: the same event may have failed on two consumers' queues. */
export const FailedEventId = Type.String({ pattern: '^[a-z0-9-]{1,64}:[0-9a-f-]{36}$', maxLength: 101 });

export const FailedEvent = Type.Object({
  id: FailedEventId,
  queue: Type.String(),
  type: Type.String(),
  userId: Nullable(Type.Integer()),
  occurredAt: Nullable(IsoDateTime),
  failedReason: Type.String(),
  attemptsMade: Type.Integer({ minimum: 0 }),
  failedAt: Nullable(IsoDateTime),
});
export type FailedEvent = Static<typeof FailedEvent>;

export const FailedEventList = Type.Object({ events: Type.Array(FailedEvent) });
export type FailedEventList = Static<typeof FailedEventList>;

export const FailedEventParams = Type.Object({ id: FailedEventId });
export const ReplayResponse = Type.Object({ replayed: Type.Literal(true) });
export type ReplayResponse = Static<typeof ReplayResponse>;
