import multipart from '@fastify/multipart';
import type { App } from '@swingfit/server-kit';
import { CreateAnalysisResponse, ErrorBody, MAX_VIDEO_BYTES } from '@swingfit/contracts';
import type { GatewayDeps } from '../deps.js';
import { requireUser } from '../http/session.js';
import { rateLimitRules } from '../http/rate-limit-rules.js';
import { readableParts } from '../services/multipart-parts.js';
import { receiveUpload } from '../services/uploads.js';

/** Phones on slow networks take minutes for 100 MB; past this the upload is abandoned and cleaned up. */
export const UPLOAD_TIMEOUT_MS = 20 * 60 * 1000;

/**
 * POST /api/swing-analyses. Multipart is registered in this plugin only, so no other route accepts
 * file bodies; files stream to storage and are cut off (truncated) one byte past 100 MB.
 */
export function uploadRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_VIDEO_BYTES, files: 2, fields: 20, fieldSize: 10_000, parts: 22, headerPairs: 100 },
    });

    app.post(
      '/api/swing-analyses',
      {
        onRequest: requireUser(deps.db, deps.sessionCache),
        config: { rateLimits: rateLimitRules(deps.config, deps.db).upload },
        schema: { response: { 201: CreateAnalysisResponse, 400: ErrorBody, 403: ErrorBody, 413: ErrorBody, 429: ErrorBody } },
      },
      async (request, reply) => {
        const deadline = new AbortController();
        const timer = setTimeout(() => {
          deadline.abort();
          request.raw.destroy(new Error('upload timed out'));
        }, UPLOAD_TIMEOUT_MS);
        try {
          const length = Number(request.headers['content-length']);
          const created = await receiveUpload(
            { deps },
            {
              userId: request.sessionUser!.id,
              requestId: String(request.id),
              parts: readableParts(request),
              contentLength: Number.isFinite(length) ? length : undefined,
              signal: deadline.signal,
            },
          );
          return reply.status(201).send(created);
        } finally {
          clearTimeout(timer);
        }
      },
    );
  };
}
