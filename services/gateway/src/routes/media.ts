import { Type } from '@sinclair/typebox';
import { HttpError, type App } from '@swingfit/server-kit';
import { CameraView, Id, PlainText } from '@swingfit/contracts';
import type { GatewayDeps } from '../deps.js';
import { requireUser } from '../http/session.js';
import { mediaKey } from '../db/analyses-repository.js';
import { ownedAnalysisRow } from '../services/analyses.js';

const MediaParams = Type.Object({ id: Id(), view: CameraView, '*': PlainText({ maxLength: 200 }) });

const CONTENT_TYPES: Array<[RegExp, string]> = [
  [/\.mp4$/, 'video/mp4'],
  [/\.jpg$/, 'image/jpeg'],
  [/\.json$/, 'application/json'],
];

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * GET /api/media/analyses/{id}/{view}/{asset}: the owner's playback video, poster, key frames and pose
 * track. Range requests are passed to storage and answered 206, so phones can seek in the video.
 */
export function mediaRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    app.get('/api/media/analyses/:id/:view/*', { onRequest: requireUser(deps.db, deps.sessionCache), schema: { params: MediaParams } }, async (request, reply) => {
      const { id, view } = request.params;
      const asset = request.params['*'];
      const row = await ownedAnalysisRow(deps.db, request.sessionUser!.id, id);
      const key = mediaKey(row, view, asset);
      if (!key) throw new HttpError(404, 'Media not found');

      const range = typeof request.headers.range === 'string' ? request.headers.range : undefined;
      let object;
      try {
        object = await deps.store.get(key, range);
      } catch (error) {
        const status = statusOf(error);
        if (status === 416) {
          const size = await deps.store.size(key);
          return reply.status(416).header('content-range', `bytes */${size ?? 0}`).send({ message: 'Range not satisfiable' });
        }
        if (status === 404) throw new HttpError(404, 'Media not found');
        throw error;
      }
      reply
        .header('accept-ranges', 'bytes')
        .header('content-type', CONTENT_TYPES.find(([re]) => re.test(asset))?.[1] ?? object.contentType ?? 'application/octet-stream')
        .header('content-length', String(object.contentLength))
        .header('cache-control', 'private, max-age=3600');
      if (range && object.contentRange) reply.status(206).header('content-range', object.contentRange);
      return reply.send(object.body);
    });
  };
}
