import { Type } from '@sinclair/typebox';
import { Queue } from 'bullmq';
import { closeProducerQueue, type App } from '@swingfit/server-kit';
import { ANALYSIS_QUEUE, AnalysisStatusResponse, ErrorBody, Id, IdParam, MonthlyAverage, PlainText, UserIdParam, type AnalysisJobData } from '@swingfit/contracts';
import type { GatewayDeps } from '../deps.js';
import { assertSelf, requireUser } from '../http/session.js';
import { deleteAnalysis, getAnalysis, getAnalysisStatus, getMonthlyAverage, getPreviousAnalysis, listAnalyses } from '../services/analyses.js';
import { mediaRoutes } from './media.js';
import { uploadRoutes } from './uploads.js';
import { usageRoutes } from './usage.js';

const UserAndId = Type.Object({ userId: Id(), id: Id() });
const UserAndClub = Type.Object({ userId: Id(), club: PlainText({ minLength: 1, maxLength: 40 }) });

/**
 * Swing analyses: upload, read, delete, their media and the upload allowance. The analysis jobs
 * leave through the outbox; the queue here only removes a deleted analysis's waiting job.
 */
export function analysisRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    const queue = new Queue<AnalysisJobData>(ANALYSIS_QUEUE, {
      connection: { ...deps.queues.connection, enableOfflineQueue: false },
      prefix: deps.queues.prefix,
    });
    queue.on('error', (err) => deps.logger.warn({ err }, 'analysis queue error'));
    app.addHook('onClose', async () => closeProducerQueue(queue));

    await app.register(uploadRoutes(deps));
    await app.register(usageRoutes(deps));
    await app.register(mediaRoutes(deps));

    const signedIn = requireUser(deps.db, deps.sessionCache);
    const me = (request: { sessionUser?: { id: number } }) => request.sessionUser!.id;

    app.get('/api/swing-analyses/user/:userId', { onRequest: signedIn, schema: { params: UserIdParam } }, async (request) => {
      const user = assertSelf(request, request.params.userId);
      return listAnalyses(deps.db, user.id);
    });

    app.get(
      '/api/swing-analyses/:id',
      { onRequest: signedIn, schema: { params: IdParam, querystring: Type.Object({ status_only: Type.Optional(Type.Boolean()) }) } },
      async (request, reply) => {
        if (request.query.status_only) {
          const status = await getAnalysisStatus(deps.db, me(request), request.params.id);
          return reply.send(status satisfies AnalysisStatusResponse);
        }
        return reply.send(await getAnalysis(deps.db, me(request), request.params.id));
      },
    );

    app.get(
      '/api/swing-analyses/user/:userId/previous/:id',
      { onRequest: signedIn, schema: { params: UserAndId } },
      async (request) => {
        const user = assertSelf(request, request.params.userId);
        return getPreviousAnalysis(deps.db, user.id, request.params.id);
      },
    );

    app.get(
      '/api/swing-analyses/user/:userId/monthly-average/:club',
      { onRequest: signedIn, schema: { params: UserAndClub, response: { 200: MonthlyAverage, 403: ErrorBody } } },
      async (request) => {
        const user = assertSelf(request, request.params.userId);
        return getMonthlyAverage(deps.db, user.id, request.params.club);
      },
    );

    app.delete('/api/swing-analyses/:id', { onRequest: signedIn, schema: { params: IdParam } }, async (request, reply) => {
      await deleteAnalysis(deps, queue, me(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
