import type { App } from '@swingfit/server-kit';
import { ErrorBody, UploadStatus, UsageLimits, UserIdParam } from '@swingfit/contracts';
import type { GatewayDeps } from '../deps.js';
import { assertSelf, requireUser } from '../http/session.js';
import { nowOf } from '../services/clock.js';
import { getUploadStatus, getUsageLimits } from '../services/usage.js';

/** The golfer's upload allowance and usage counters (own data only). */
export function usageRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    const signedIn = requireUser(deps.db, deps.sessionCache);

    app.get(
      '/api/upload-status/:userId',
      { onRequest: signedIn, schema: { params: UserIdParam, response: { 200: UploadStatus, 403: ErrorBody } } },
      async (request) => {
        const user = assertSelf(request, request.params.userId);
        return getUploadStatus(deps.db, user.id, nowOf(deps));
      },
    );

    app.get('/api/usage-limits', { onRequest: signedIn, schema: { response: { 200: UsageLimits } } }, async (request) => getUsageLimits(deps.db, request.sessionUser!.id));
  };
}
