import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { Queue } from 'bullmq';
import {
  ANALYSIS_JOB_NAME,
  ANALYSIS_JOB_OPTIONS,
  analysisJobId,
  MAX_VIDEO_BYTES,
  checkUploadForm,
  checkVideoFileKind,
  emptyVideo,
  fileTooLarge,
  formNumber,
  isBlank,
  tourComparisonOf,
  uploadWeekStart,
  type AnalysisJobData,
  type CameraView,
  type CreateAnalysisResponse,
  type UploadIssue,
  type VideoField,
  type VideoFileFacts,
} from '@swingfit/contracts';
import { HttpError, publishInTransaction, type ObjectStore } from '@swingfit/server-kit';
import { CORE_SCHEMA } from '@swingfit/core-db';
import type { GatewayDeps } from '../deps.js';
import {
  analysisPrefix,
  clubsUploadedInWeek,
  countUpload,
  deleteUnqueuedAnalysis,
  insertAnalysis,
  lockUploadPlan,
  originalKey,
  readUploadPlan,
  reserveAnalysisId,
} from '../db/analyses-repository.js';
import { uploadRefusal, type AllowanceFacts, type UploadRefusal } from '../domain/upload-allowance.js';
import { UnreadableVideoError, probeStoredVideo, type VideoProbe } from './video-probe.js';

/*
 * POST /api/swing-analyses: the golfer's videos go straight from the request into the bucket, are
 * checked there, and only then become an analysis row and a job. Whatever fails on the way, the
 * stored objects are deleted, and no row or job is left behind.
 */

export interface UploadContext {
  deps: GatewayDeps;
  queue: Queue<AnalysisJobData>;
}

export interface UploadRequest {
  userId: number;
  requestId: string;
  parts: AsyncIterable<Multipart>;
  /** Request Content-Length: the best size estimate for a file cut off at the limit. */
  contentLength?: number;
  signal?: AbortSignal;
}

/** The plan refuses this upload: 403 with requiresUpgrade, the client shows the message and the upgrade gate. */
export const refused = (r: UploadRefusal) => new HttpError(403, r.message, { requiresUpgrade: true, title: r.title });
/** A form or file problem, answered with the specification's title and message. */
export const invalid = (issue: UploadIssue, status = 400) =>
  new HttpError(status, issue.message, { title: issue.title, errors: [{ field: issue.field, message: issue.message }] });

const VIEWS: Record<VideoField, CameraView> = { faceOnVideo: 'face-on', downTheLineVideo: 'down-the-line' };
const isVideoField = (name: string): name is VideoField => name === 'faceOnVideo' || name === 'downTheLineVideo';

interface StoredFile {
  facts: VideoFileFacts;
  key: string;
  view: CameraView;
}

/** Multipart parts of 5 MiB, two in flight: memory stays flat whatever the file's size. */
const PART_SIZE = 5 * 1024 * 1024;

async function streamToStore(store: ObjectStore, key: string, file: Readable, contentType: string, signal?: AbortSignal): Promise<number> {
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const upload = store.putStream(key, counted, contentType || 'application/octet-stream', { partSize: PART_SIZE, queueSize: 2, signal }).catch((error: unknown) => {
    // The request stream must not wait forever on a consumer that gave up.
    counted.destroy(error as Error);
    throw error;
  });
  await Promise.all([pipeline(file, counted), upload]);
  return bytes;
}

async function allowanceFacts(deps: GatewayDeps, userId: number, now: Date): Promise<AllowanceFacts> {
  const plan = await readUploadPlan(deps.db, userId);
  if (!plan) throw new HttpError(401, 'Unauthorized');
  const week = uploadWeekStart(now);
  const clubsThisWeek = plan.isPremium ? await clubsUploadedInWeek(deps.db, userId, week.date) : new Set<string>();
  return { ...plan, clubsThisWeek, week };
}

/**
 * Reads and drops the rest of a multipart body. A browser still sending when the answer is known
 * would otherwise stall on backpressure and never see the answer.
 */
async function dropBody(parts: AsyncIterable<Multipart>, current?: Multipart): Promise<void> {
  if (current?.type === 'file') current.file.resume();
  for await (const part of parts) if (part.type === 'file') part.file.resume();
}

const optionalNumber = (value: string | undefined) => (isBlank(value) ? null : formNumber(value));

export async function receiveUpload(ctx: UploadContext, req: UploadRequest): Promise<CreateAnalysisResponse> {
  const { deps } = ctx;
  const { userId } = req;
  const facts = await allowanceFacts(deps, userId, new Date());
  // A free golfer who has used the one upload is told so before a single byte is stored.
  const early = uploadRefusal(facts, {});
  if (early) {
    await dropBody(req.parts);
    throw refused(early);
  }

  const started = performance.now();
  const timings: Record<string, number> = {};
  const lap = (name: string) => (timings[name] = Math.round(performance.now() - started));
  const id = await reserveAnalysisId(deps.db);
  const prefix = analysisPrefix(userId, id);
  const fields: Record<string, string> = {};
  const files: Partial<Record<VideoField, StoredFile>> = {};
  let committed = false;

  try {
    const receivePart = async (part: Multipart) => {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        if (part.fieldname === 'userId' && String(part.value).trim() !== String(userId)) throw new HttpError(403, 'Forbidden');
        return;
      }
      const field = part.fieldname;
      if (!isVideoField(field)) throw new HttpError(400, `Unexpected file field: ${field}`);
      if (files[field]) throw new HttpError(400, `Only one ${field} file may be sent`);
      const refusal = uploadRefusal(facts, { club: fields.clubSelection, hasDownTheLine: field === 'downTheLineVideo' });
      if (refusal) throw refused(refusal);
      const kindIssue = checkVideoFileKind({ name: part.filename, type: part.mimetype }, field);
      if (kindIssue) throw invalid(kindIssue);

      const view = VIEWS[field];
      const key = originalKey(userId, id, view);
      const size = await streamToStore(deps.store, key, part.file, part.mimetype, req.signal);
      if (part.file.truncated) {
        const estimate = Math.max(req.contentLength ?? 0, MAX_VIDEO_BYTES + 1);
        throw invalid(fileTooLarge(estimate, field), 413);
      }
      if (size === 0) throw invalid(emptyVideo(field));
      files[field] = { facts: { name: part.filename, type: part.mimetype, size }, key, view };
    };

    for await (const part of req.parts) {
      try {
        await receivePart(part);
      } catch (error) {
        if (error instanceof HttpError) await dropBody(req.parts, part);
        throw error;
      }
    }

    lap('storedMs');
    const formIssue = checkUploadForm({ ...fields, faceOnVideo: files.faceOnVideo?.facts ?? null, downTheLineVideo: files.downTheLineVideo?.facts ?? null });
    if (formIssue) throw invalid(formIssue);
    const club = isBlank(fields.clubSelection) ? 'driver' : fields.clubSelection!.trim();
    const late = uploadRefusal(facts, { club, hasDownTheLine: Boolean(files.downTheLineVideo) });
    if (late) throw refused(late);

    const probe: Partial<Record<CameraView, VideoProbe>> = {};
    for (const [field, file] of Object.entries(files) as Array<[VideoField, StoredFile]>) {
      try {
        probe[file.view] = await probeStoredVideo(deps.store, file.key);
      } catch (error) {
        if (!(error instanceof UnreadableVideoError)) throw error;
        const label = field === 'faceOnVideo' ? 'face-on' : 'down-the-line';
        throw invalid({
          title: 'Invalid Video File',
          message: `The ${label} video could not be read as a video (${error.message}). The file may be damaged or incomplete; please upload the original recording.`,
          field,
        });
      }
    }

    lap('probedMs');
    const gender = fields.gender?.trim().toLowerCase();
    await deps.db.transaction().execute(async (trx) => {
      // Two uploads racing for the last allowance queue on this lock; the second sees the first's row.
      const plan = await lockUploadPlan(trx, userId);
      if (!plan) throw new HttpError(401, 'Unauthorized');
      const clubsThisWeek = plan.isPremium ? await clubsUploadedInWeek(trx, userId, facts.week.date) : new Set<string>();
      const refusal = uploadRefusal({ ...plan, clubsThisWeek, week: facts.week }, { club, hasDownTheLine: Boolean(files.downTheLineVideo) });
      if (refusal) throw refused(refusal);
      await insertAnalysis(trx, {
        id,
        userId,
        clubSelection: club,
        tourComparison: tourComparisonOf(fields) ?? 'pga',
        gender: gender === 'male' || gender === 'female' ? gender : null,
        age: optionalNumber(fields.age),
        clubSpeed: optionalNumber(fields.clubSpeed),
        ballSpeed: optionalNumber(fields.ballSpeed),
        carry: optionalNumber(fields.carry),
        total: optionalNumber(fields.total),
        spinRate: optionalNumber(fields.spinRate),
        clubPath: optionalNumber(fields.clubPath),
        faceAngle: optionalNumber(fields.faceAngle),
        faceOnKey: files.faceOnVideo!.key,
        downTheLineKey: files.downTheLineVideo?.key ?? null,
        probe,
        uploadWeek: facts.week.date,
      });
      await countUpload(trx, userId);
      await publishInTransaction(trx, CORE_SCHEMA, { type: 'analysis.uploaded', payload: { analysisId: id, club }, userId, requestId: req.requestId });
    });
    committed = true;

    await ctx.queue.add(ANALYSIS_JOB_NAME, { analysisId: id }, { ...ANALYSIS_JOB_OPTIONS, jobId: analysisJobId(id) });
  } catch (error) {
    if (committed) await deleteUnqueuedAnalysis(deps.db, userId, id).catch((err: unknown) => deps.logger.error({ err, analysisId: id }, 'could not undo an unqueued analysis'));
    await deps.store.deletePrefix(prefix).catch((err: unknown) => deps.logger.error({ err, prefix }, 'could not delete the objects of a refused upload'));
    if (committed) {
      deps.logger.error({ err: error, analysisId: id }, 'analysis job could not be queued');
      throw new HttpError(503, 'Your video could not be queued for analysis. Please try again.', { title: 'Upload Failed' });
    }
    throw error;
  }

  lap('queuedMs');
  deps.logger.info({ analysisId: id, userId, bytes: Object.values(files).map((f) => f.facts.size), ...timings }, 'swing video uploaded');
  // The relay also runs on a timer; this only makes the event leave at once.
  void deps.relay.flush().catch((err: unknown) => deps.logger.warn({ err }, 'outbox flush after upload failed'));
  return { id, status: 'pending' };
}
