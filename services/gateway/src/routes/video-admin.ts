import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ErrorBody, VIDEO_SPREADSHEET_FILE, VideoCatalogSummary, VideoImportErrorBody, VideoImportResult } from '@swingfit/contracts';
import { HttpError, type App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { recordAdminAction } from '../db/audit-repository.js';
import { adminActor, requireAdmin } from '../http/session.js';
import { readableParts, type FormRefusals } from '../services/multipart-parts.js';
import { ImportRefused, importVideoSpreadsheet } from '../services/video-import.js';
import { videoCatalogSummary } from '../services/video-catalog.js';
import { writeVideoSpreadsheet } from '../services/video-spreadsheet.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A 10,000-row sheet is well under 2 MB; this leaves room for pasted formatting. */
export const MAX_SPREADSHEET_BYTES = 20 * 1024 * 1024;

const CHOOSE_SPREADSHEET = 'Choose a spreadsheet (.xlsx) to import';
/** A broken form (no boundary, cut off) is the admin's to resend, in words about the spreadsheet. */
const SPREADSHEET_REFUSALS: FormRefusals = {
  notAForm: () => new HttpError(400, CHOOSE_SPREADSHEET),
  incomplete: () => new HttpError(400, 'The spreadsheet did not arrive complete. Please try the import again.'),
};

/** Streams the first file of the form to a temporary file (the import reads it from there); 413 past the limit. */
async function receiveSpreadsheet(request: FastifyRequest, dir: string): Promise<string> {
  const path = join(dir, 'upload.xlsx');
  for await (const part of readableParts(request, SPREADSHEET_REFUSALS)) {
    if (part.type !== 'file') continue;
    await pipeline(part.file, createWriteStream(path));
    if (part.file.truncated) throw new HttpError(413, `The spreadsheet is larger than ${MAX_SPREADSHEET_BYTES / 1024 / 1024} MB`);
    return path;
  }
  throw new HttpError(400, CHOOSE_SPREADSHEET);
}

/** The exercise-video spreadsheet: download (GET /api/download/excel), summary and re-import. Admin session only. */
export function videoAdminRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    const { db } = deps;
    // The admin session; a signed-in golfer gets 403 (known, just not allowed), anyone else 401.
    app.addHook('onRequest', requireAdmin(db));
    await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_SPREADSHEET_BYTES, files: 1, fields: 5, parts: 6 } });
    const denied = { 401: ErrorBody, 403: ErrorBody };

    app.get('/api/download/excel', async (request, reply) => {
      const body = new PassThrough();
      writeVideoSpreadsheet(db, body).catch((err: Error) => {
        request.log.error({ err }, 'spreadsheet export failed');
        body.destroy(err);
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${VIDEO_SPREADSHEET_FILE}"`)
        .header('cache-control', 'no-store')
        .send(body);
    });

    app.get('/api/admin/exercise-videos/summary', { schema: { response: { 200: VideoCatalogSummary, ...denied } } }, async () => videoCatalogSummary(db));

    app.post(
      '/api/admin/exercise-videos/import',
      { schema: { response: { 200: VideoImportResult, 400: VideoImportErrorBody, 413: ErrorBody, ...denied } } },
      async (request) => {
        const dir = await mkdtemp(join(tmpdir(), 'sf-video-import-'));
        try {
          const path = await receiveSpreadsheet(request, dir);
          return await importVideoSpreadsheet(db, path, adminActor(request), request.log);
        } catch (error) {
          if (error instanceof ImportRefused) {
            await recordAdminAction(db, adminActor(request), { action: 'import-videos-refused', detail: { errorCount: error.extra.errorCount } });
          }
          throw error;
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    );
  };
}
