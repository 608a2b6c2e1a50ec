import { ErrorBody, IdParam, User, UserPatch } from '@swingfit/contracts';
import type { App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { assertSelf, requireUser } from '../http/session.js';
import { rateLimitRules } from '../http/rate-limit-rules.js';
import { editProfile, getProfile } from '../services/accounts.js';

/*
 * Fastify's Ajv coerces types (coerceTypes), and inside `anyOf [number, null]` it turns a JSON null
 * into 0 (or "" for strings) before the null branch is tried: "clear my handicap" would store a
 * scratch handicap. The nulls the client really sent are noted before validation and put back.
 */
const CLEARABLE = ['handicap', 'city', 'state'] as const;
const sentNulls = new WeakMap<object, Array<(typeof CLEARABLE)[number]>>();

function noteNulls(request: { body: unknown }) {
  const body = request.body as Record<string, unknown> | null;
  if (body && typeof body === 'object') sentNulls.set(request, CLEARABLE.filter((key) => body[key] === null));
}

function withSentNulls(request: object, patch: UserPatch): UserPatch {
  const restored: UserPatch = { ...patch };
  for (const key of sentNulls.get(request) ?? []) restored[key] = null;
  return restored;
}

/** The profile: a user reads and edits only their own record; any other id is 403. */
export function userRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    const signedIn = requireUser(deps.db, deps.sessionCache);
    const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

    app.get('/api/users/:id', { onRequest: signedIn, schema: { params: IdParam, response: { 200: User, ...errors } } }, async (request) => {
      const me = assertSelf(request, request.params.id);
      return getProfile(deps.db, me.id);
    });

    app.patch(
      '/api/users/:id',
      {
        onRequest: signedIn,
        preValidation: async (request) => noteNulls(request),
        config: { rateLimits: rateLimitRules(deps.config, deps.db).profileEdit },
        schema: { params: IdParam, body: UserPatch, response: { 200: User, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody, ...errors } },
      },
      async (request) => {
        const me = assertSelf(request, request.params.id);
        return editProfile(deps.db, me.id, withSentNulls(request, request.body));
      },
    );
  };
}
