import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { Multipart } from '@fastify/multipart';
import {
  MAX_VIDEO_BYTES,
  checkUploadForm,
  checkVideoFileKind,
  declaredSizeField,
  emptyVideo,
  fileTooLarge,
  formNumber,
  isBlank,
  tourComparisonOf,
  uploadWeekStart,
  type CameraView,
  type CreateAnalysisResponse,
  type UploadIssue,
  type VideoField,
  type VideoFileFacts,
} from '@swingfit/contracts';
import { HttpError, isDependencyUnavailable, publishInTransaction, type ObjectStore } from '@swingfit/server-kit';
import { CORE_SCHEMA } from '@swingfit/core-db';
import type { GatewayDeps } from '../deps.js';
import {
  analysisPrefix,
  clubsUploadedInWeek,
  countUpload,
  insertAnalysis,
  lockUploadPlan,
  originalKey,
  readUploadPlan,
  reserveAnalysisId,
} from '../db/analyses-repository.js';
import { uploadRefusal, type AllowanceFacts, type UploadRefusal } from '../domain/upload-allowance.js';
import { UnreadableVideoError, probeStoredVideo, type VideoProbe } from './video-probe.js';
import { incompleteUpload } from './multipart-parts.js';
import { nowOf } from './clock.js';

/*
 * POST /api/swing-analyses: the golfer's videos go straight from the request into the bucket, are
 * checked there, and only then become an analysis row. The row, the spent allowance, the upload
 * counter and the analysis.uploaded event commit in one transaction; the outbox relay turns that
 * event into the `analysis-{id}` job (job table), so a committed upload can never lose its job, even
 * with Redis down. Whatever fails before the commit, the stored objects are deleted and no row is left.
 */

export interface UploadContext {
  deps: GatewayDeps;
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

/**
 * The object store cannot be reached: nothing was stored or spent, and the golfer hears so. Found by
 * `pnpm test:faults` (scenario c): with the store down, an upload ended the gateway process.
 */
export const STORAGE_UNAVAILABLE = 'Video storage is unavailable right now, so your video was not saved and no upload was used. Please try again in a few minutes.';
/**
 * Retry-After on that 503. Most of these are not outages: a connection the store dropped as the upload
 * began, or a store restarting, is over in seconds, and a streamed upload cannot be replayed from here
 * (the golfer's bytes were read once). Nothing was saved or spent (`nothingSaved`), so the web app sends
 * it again once after this wait (apps/web uploadSwingVideos) before it tells the golfer. Only this 503
 * says so: a database that drops its connection during the commit may have committed.
 */
export const STORAGE_RETRY_AFTER_SECONDS = 2;
export const storageUnavailable = () =>
  new HttpError(503, STORAGE_UNAVAILABLE, { title: 'Upload Unavailable', nothingSaved: true }, { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) });

/** Runs a storage step; a store that cannot be reached becomes the golfer's 503. */
async function fromStore<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof HttpError) && isDependencyUnavailable(error)) throw storageUnavailable();
    throw error;
  }
}

/** An upload that ffprobe cannot read, in the golfer's words. */
export const unreadableVideo = (field: VideoField): UploadIssue => ({
  title: 'Invalid Video File',
  message: `The ${field === 'faceOnVideo' ? 'face-on' : 'down-the-line'} video could not be read as a video. The file may be damaged or incomplete; please upload the original recording.`,
  field,
});

const VIEWS: Record<VideoField, CameraView> = { faceOnVideo: 'face-on', downTheLineVideo: 'down-the-line' };
const isVideoField = (name: string): name is VideoField => name === 'faceOnVideo' || name === 'downTheLineVideo';

interface StoredFile {
  facts: VideoFileFacts;
  key: string;
  view: CameraView;
}

/** Multipart parts of 5 MiB, two in flight: memory stays flat whatever the file's size. */
const PART_SIZE = 5 * 1024 * 1024;

const ABORTED_PUT_SETTLE_MS = 500;

/** The file's length did not match the `{field}Size` the form declared before it. */
class DeclaredSizeMismatch extends Error {}

/**
 * Streams one file into storage and returns its length. With a declared length (the optional
 * `faceOnVideoSize` / `downTheLineVideoSize` field sent before the file, which a browser knows from
 * File.size) it is one streamed PUT, as fast as storage takes a plain upload; without one it is a
 * multipart upload, since S3 needs every PUT's length up front.
 */
async function streamToStore(store: ObjectStore, key: string, file: Readable, contentType: string, declared: number | undefined, signal?: AbortSignal): Promise<number> {
  // A destroyed stream would never settle the pipeline below (Node waits for events already gone).
  if (file.destroyed) throw incompleteUpload();
  let bytes = 0;
  // Once storage has given up, the rest of the file is read and dropped: the request must be read to
  // its end to be answered, and destroying the part's stream instead left the multipart parser
  // waiting forever (the golfer's upload hung with the store down; found by `pnpm test:faults`).
  let storeGaveUp = false;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (storeGaveUp) return done();
      const before = bytes;
      bytes += chunk.length;
      // Past the declared length the rest is read but not sent (storage expects exactly that many
      // bytes); the mismatch is reported once the file has ended, so the multipart parser never stalls.
      if (declared !== undefined && bytes > declared) done(null, before < declared ? chunk.subarray(0, declared - before) : undefined);
      else done(null, chunk);
    },
    flush(done) {
      done(!storeGaveUp && declared !== undefined && bytes !== declared ? new DeclaredSizeMismatch() : null);
    },
  });
  const type = contentType || 'application/octet-stream';
  // Failures are read from the two promises below; an 'error' event nobody hears any more (the SDK
  // gives up after the pipeline has finished feeding it) would otherwise end the whole gateway.
  counted.on('error', () => undefined);
  const stored = (declared !== undefined ? putDeclared(store, key, counted, type, declared, signal) : store.putStream(key, counted, type, { partSize: PART_SIZE, queueSize: 2, signal })).catch(
    (error: unknown) => {
      // The request stream must not wait on a consumer that gave up: what is buffered and what
      // follows flows into nothing.
      storeGaveUp = true;
      counted.unpipe();
      counted.resume();
      throw error;
    },
  );
  const results = await Promise.allSettled([pipeline(file, counted), stored]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failed) return bytes;
  if (results.some((r) => r.status === 'rejected' && r.reason instanceof DeclaredSizeMismatch)) throw new DeclaredSizeMismatch();
  // The request stream closed before the file's end (client gone, or a body cut short).
  if ((failed.reason as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') throw incompleteUpload();
  throw failed.reason;
}

/** One PUT of a known length. A body that fails (too short, request gone) aborts the PUT: piping alone would leave it waiting. */
async function putDeclared(store: ObjectStore, key: string, body: Readable, contentType: string, length: number, signal?: AbortSignal): Promise<void> {
  const abort = new AbortController();
  const stop = () => abort.abort();
  body.once('error', stop);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    await store.client.send(new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: length }), { abortSignal: abort.signal });
  } finally {
    body.off('error', stop);
    signal?.removeEventListener('abort', stop);
  }
}

/** A usable declared file length, or undefined (then the upload takes the multipart path). */
function declaredSize(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,12}$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
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

/** One upload on its way in: what is known before the commit. */
interface Incoming {
  deps: GatewayDeps;
  req: UploadRequest;
  facts: AllowanceFacts;
  id: number;
  fields: Record<string, string>;
  files: Partial<Record<VideoField, StoredFile>>;
}

export async function receiveUpload(ctx: UploadContext, req: UploadRequest): Promise<CreateAnalysisResponse> {
  const { deps } = ctx;
  const { userId } = req;
  // The request's instant (deps.now in tests) decides the premium upload week: Sunday 00:00 Central Time.
  const facts = await allowanceFacts(deps, userId, nowOf(deps));
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
  const upload: Incoming = { deps, req, facts, id, fields: {}, files: {} };
  const { fields, files } = upload;
  try {
    for await (const part of req.parts) {
      try {
        await receivePart(upload, part);
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

    const probe = await probeFiles(upload);
    lap('probedMs');
    await commitUpload(upload, club, probe);
  } catch (error) {
    const prefix = analysisPrefix(userId, id);
    await deps.store.deletePrefix(prefix).catch((err: unknown) => deps.logger.error({ err, prefix }, 'could not delete the objects of a refused upload'));
    throw error;
  }

  lap('committedMs');
  deps.logger.info({ analysisId: id, userId, bytes: Object.values(files).map((f) => f.facts.size), ...timings }, 'swing video uploaded');
  // The relay also runs on a timer; this only makes the job leave at once (a no-op while Redis is away).
  deps.relay.nudge();
  return { id, status: 'pending' };
}

/** One multipart part: a form field is kept; a video is checked, streamed into storage and checked again. */
async function receivePart(upload: Incoming, part: Multipart): Promise<void> {
  const { deps, req, facts, fields, files } = upload;
  if (part.type === 'field') {
    if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    if (part.fieldname === 'userId' && String(part.value).trim() !== String(req.userId)) throw new HttpError(403, 'Forbidden');
    return;
  }
  const field = part.fieldname;
  if (!isVideoField(field)) throw new HttpError(400, `Unexpected file field: ${field}`);
  if (files[field]) throw new HttpError(400, `Only one ${field} file may be sent`);
  const refusal = uploadRefusal(facts, { club: fields.clubSelection, hasDownTheLine: field === 'downTheLineVideo' });
  if (refusal) throw refused(refusal);
  const kindIssue = checkVideoFileKind({ name: part.filename, type: part.mimetype }, field);
  if (kindIssue) throw invalid(kindIssue);

  const declared = declaredSize(fields[declaredSizeField(field)]);
  if (declared !== undefined && declared > MAX_VIDEO_BYTES) throw invalid(fileTooLarge(declared, field), 413);

  const view = VIEWS[field];
  const key = originalKey(req.userId, upload.id, view);
  let size: number;
  try {
    size = await fromStore(() => streamToStore(deps.store, key, part.file, part.mimetype, declared, req.signal));
  } catch (error) {
    if (!(error instanceof DeclaredSizeMismatch)) throw error;
    // Some stores (s3rver) still write the cut-off body of an aborted PUT a moment later; the
    // clean-up that follows must come after that.
    await new Promise((r) => setTimeout(r, ABORTED_PUT_SETTLE_MS));
    throw new HttpError(400, `The ${view} video's length did not match the ${field}Size sent with it`, { title: 'Invalid Video File' });
  }
  if (part.file.truncated) {
    const estimate = Math.max(req.contentLength ?? 0, MAX_VIDEO_BYTES + 1);
    throw invalid(fileTooLarge(estimate, field), 413);
  }
  if (size === 0) throw invalid(emptyVideo(field));
  files[field] = { facts: { name: part.filename, type: part.mimetype, size }, key, view };
}

/** ffprobe on each stored file; one it cannot read is the golfer's 'Invalid Video File'. */
async function probeFiles({ deps, id, files }: Incoming): Promise<Partial<Record<CameraView, VideoProbe>>> {
  const probe: Partial<Record<CameraView, VideoProbe>> = {};
  for (const [field, file] of Object.entries(files) as Array<[VideoField, StoredFile]>) {
    try {
      probe[file.view] = await fromStore(() => probeStoredVideo(deps.store, file.key));
    } catch (error) {
      if (!(error instanceof UnreadableVideoError)) throw error;
      // ffprobe's words (demuxer names, memory addresses) are for the log, not for the golfer.
      deps.logger.info({ analysisId: id, field, probe: error.message }, 'uploaded file is not a readable video');
      throw invalid(unreadableVideo(field));
    }
  }
  return probe;
}

/** The row, the spent allowance, the upload counter and analysis.uploaded, in one transaction. */
async function commitUpload(upload: Incoming, club: string, probe: Partial<Record<CameraView, VideoProbe>>): Promise<void> {
  const { deps, req, facts, id, fields, files } = upload;
  const gender = fields.gender?.trim().toLowerCase();
  await deps.db.transaction().execute(async (trx) => {
    // Two uploads racing for the last allowance queue on this lock; the second sees the first's row.
    const plan = await lockUploadPlan(trx, req.userId);
    if (!plan) throw new HttpError(401, 'Unauthorized');
    const clubsThisWeek = plan.isPremium ? await clubsUploadedInWeek(trx, req.userId, facts.week.date) : new Set<string>();
    const refusal = uploadRefusal({ ...plan, clubsThisWeek, week: facts.week }, { club, hasDownTheLine: Boolean(files.downTheLineVideo) });
    if (refusal) throw refused(refusal);
    await insertAnalysis(trx, {
      id,
      userId: req.userId,
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
      spendsWeeklyAllowance: plan.isPremium,
    });
    await countUpload(trx, req.userId);
    // The analysis job leaves through the outbox with this event (JOBS.analysis.startedBy).
    await publishInTransaction(trx, CORE_SCHEMA, { type: 'analysis.uploaded', payload: { analysisId: id, club }, userId: req.userId, requestId: req.requestId });
  });
}
