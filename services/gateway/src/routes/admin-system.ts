import { ErrorBody, IdParam, QueueJobParams, RemeasureResponse, RemoveJobResponse, RetryJobResponse, SystemView } from '@swingfit/contracts';
import type { App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { ADMIN_DENIED, adminActor } from '../http/session.js';
import { remeasureAnalysis, removeJob, retryJob } from '../services/admin-jobs.js';
import { systemView } from '../services/admin-system.js';
import { OperatorQueues } from '../services/operator-queues.js';

/** The operator's view (/admin/system), its buttons on failed jobs, and measuring a golfer's analysis again. */
export function adminSystemRoutes(deps: GatewayDeps) {
  return async (admin: App) => {
    const { db, config, logger } = deps;
    const queues = new OperatorQueues(deps.queues, logger);
    admin.addHook('onClose', async () => queues.close());
    const peers = [
      { service: 'billing', url: config.BILLING_URL },
      { service: 'gamification', url: config.GAMIFICATION_URL },
    ];

    admin.get('/api/admin/system', { schema: { response: { 200: SystemView, ...ADMIN_DENIED } } }, async () => systemView({ db, queues, logger, peers }));

    const jobSchema = { params: QueueJobParams, response: { 404: ErrorBody, 409: ErrorBody, ...ADMIN_DENIED } };

    admin.post('/api/admin/queues/:queue/jobs/:jobId/retry', { schema: { ...jobSchema, response: { 200: RetryJobResponse, ...jobSchema.response } } }, async (request) => {
      await retryJob(db, queues, adminActor(request), request.params.queue, request.params.jobId);
      return { retried: true as const };
    });

    admin.delete('/api/admin/queues/:queue/jobs/:jobId', { schema: { ...jobSchema, response: { 200: RemoveJobResponse, ...jobSchema.response } } }, async (request) => {
      await removeJob(db, queues, adminActor(request), request.params.queue, request.params.jobId);
      return { removed: true as const };
    });

    admin.post(
      '/api/admin/analyses/:id/remeasure',
      { schema: { params: IdParam, response: { 202: RemeasureResponse, 404: ErrorBody, 409: ErrorBody, ...ADMIN_DENIED } } },
      async (request, reply) => reply.status(202).send(await remeasureAnalysis(db, queues, adminActor(request), request.params.id)),
    );
  };
}
