import { ErrorBody, FailedEventList, FailedEventParams, ReplayResponse } from '@swingfit/contracts';
import { DeadlineError, FailedEvents, HttpError, type App } from '@swingfit/server-kit';
import type { Logger } from 'pino';
import type { GatewayDeps } from '../deps.js';
import { recordAdminAction } from '../db/audit-repository.js';
import { adminActor } from '../http/session.js';

const QUEUES_UNAVAILABLE = 'The event queues are unavailable right now. Please try again in a moment.';

/** Redis down or slow: a clear 503 instead of a hang or a 500. */
async function withQueues<T>(logger: Logger, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    logger.warn({ err: error, timedOut: error instanceof DeadlineError }, 'failed events: Redis did not answer');
    throw new HttpError(503, QUEUES_UNAVAILABLE);
  }
}

/**
 * Poison events for the admin area: list the events that failed on every attempt, and replay one.
 * Registered inside the admin scope (admin.ts), so the admin session hook guards both routes.
 */
export function failedEventRoutes(deps: GatewayDeps) {
  return async (admin: App) => {
    const failed = new FailedEvents(deps.queues, deps.logger);
    admin.addHook('onClose', async () => failed.close());
    const errors = { 401: ErrorBody, 403: ErrorBody, 503: ErrorBody };

    admin.get('/api/admin/failed-events', { schema: { response: { 200: FailedEventList, ...errors } } }, async () => ({
      events: await withQueues(deps.logger, () => failed.list()),
    }));

    admin.post(
      '/api/admin/failed-events/:id/replay',
      { schema: { params: FailedEventParams, response: { 200: ReplayResponse, 400: ErrorBody, 404: ErrorBody, ...errors } } },
      async (request) => {
        const event = await withQueues(deps.logger, () => failed.replay(request.params.id));
        if (!event) throw new HttpError(404, 'No failed event with this id');
        // The effect is in Redis, so there is no transaction to share: the line is written once the replay happened.
        await recordAdminAction(deps.db, adminActor(request), {
          action: 'replay-event',
          targetUserId: event.userId,
          detail: { id: event.id, queue: event.queue, type: event.type, failedReason: event.failedReason.slice(0, 500) },
        });
        return { replayed: true as const };
      },
    );
  };
}
