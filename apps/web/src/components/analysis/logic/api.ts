import type { CreateAnalysisResponse } from '@swingfit/contracts';
import { ApiError } from '../../../api/client';

/** Query keys are the URLs (the default fetcher GETs queryKey[0]). */
export const analysisUrls = {
  currentUser: '/api/auth/user',
  list: (userId: number) => `/api/swing-analyses/user/${userId}`,
  one: (id: number | string) => `/api/swing-analyses/${id}`,
  status: (id: number | string) => `/api/swing-analyses/${id}?status_only=true`,
  monthlyAverage: (userId: number, club: string) => `/api/swing-analyses/user/${userId}/monthly-average/${club}`,
  uploadStatus: (userId: number) => `/api/upload-status/${userId}`,
  usageLimits: '/api/usage-limits',
  create: '/api/swing-analyses',
} as const;

/** Every query an upload or a delete makes stale (section 7: list and monthly averages refresh). */
export function isAnalysisDataKey(key: readonly unknown[]): boolean {
  const url = String(key[0] ?? '');
  return url.startsWith('/api/swing-analyses/user/') || url.startsWith('/api/upload-status/') || url === analysisUrls.usageLimits || url === analysisUrls.currentUser;
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** An upload's failed answer, with the Retry-After the server sent (seconds), if any. */
export class UploadError extends ApiError {
  constructor(
    status: number,
    message: string,
    body: unknown,
    readonly retryAfterSec: number | null,
  ) {
    super(status, message, body);
  }
}

/**
 * POST the multipart upload with XMLHttpRequest, the only browser API that reports upload progress.
 * Errors follow the section 7 format, like apiRequest.
 */
function sendUpload(form: FormData, onProgress: (fraction: number) => void): Promise<CreateAnalysisResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', analysisUrls.create);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as CreateAnalysisResponse);
      const retryAfter = Number.parseFloat(xhr.getResponseHeader('retry-after') ?? '');
      reject(new UploadError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`, body, Number.isFinite(retryAfter) ? retryAfter : null));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Upload aborted'));
    xhr.send(form);
  });
}

/** An upload the server says it did not save is sent again this many times before the golfer hears of it. */
export const UPLOAD_RETRIES = 1;
/** Without a Retry-After, the wait before that retry (seconds)… */
const DEFAULT_RETRY_AFTER_SEC = 2;
/** …and the longest wait worth making for it: a store out for longer is an outage, and the golfer is told. */
const MAX_RETRY_AFTER_SEC = 10;

/**
 * Milliseconds to wait before sending a failed upload again, or null when it must not be sent again. Only
 * an answer that says nothing was saved (`nothingSaved`: the video store dropped the connection or was
 * briefly away, before anything was stored or spent) is retried: any other failure, a lost connection
 * included, may have saved the analysis, and a second copy would spend a second upload.
 */
export function uploadRetryDelayMs(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 503) return null;
  if ((error.body as { nothingSaved?: unknown } | undefined)?.nothingSaved !== true) return null;
  const asked = error instanceof UploadError && error.retryAfterSec !== null ? error.retryAfterSec : DEFAULT_RETRY_AFTER_SEC;
  return asked > MAX_RETRY_AFTER_SEC ? null : Math.max(0, asked) * 1000;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Uploads the swing videos, sending them again (UPLOAD_RETRIES) when the server answers that nothing was
 * saved: the golfer's progress bar starts over instead of an 'Upload Failed' for a blip they cannot see.
 */
export async function uploadSwingVideos(form: FormData, onProgress: (fraction: number) => void, wait: (ms: number) => Promise<void> = sleep): Promise<CreateAnalysisResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendUpload(form, onProgress);
    } catch (error) {
      const delay = attempt < UPLOAD_RETRIES ? uploadRetryDelayMs(error) : null;
      if (delay === null) throw error;
      onProgress(0);
      await wait(delay);
    }
  }
}

export const UPLOAD_FAILED_FALLBACK = 'Please try again or contact support if the issue persists.';

/** The rate limiter's refusal (20 upload attempts per golfer per hour): its message says when to try again. */
const RATE_LIMITED = 429;

/**
 * Section 8: the server's message only when the refusal is about the plan, else a plain 'Upload failed'.
 * A rate-limited attempt keeps the server's "Too many uploads… try again in …" line, as the admin sign-in
 * does: a bare 'Upload failed' sent the golfer to try again at once, to be refused again until the hour is out.
 */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { requiresUpgrade?: unknown; message?: unknown } | undefined;
    if (body?.requiresUpgrade) return typeof body.message === 'string' && body.message ? body.message : UPLOAD_FAILED_FALLBACK;
    if (error.status === RATE_LIMITED && error.serverMessage) return error.serverMessage;
  }
  return 'Upload failed';
}

/**
 * The toast for a failed upload. A file problem only the server can see (it probes the stream, e.g. an
 * HEVC clip) comes back with its section 5 title and message, and is shown as such; everything else is
 * the 'Upload Failed' toast of section 8.
 */
export function uploadFailureToast(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const body = error.body as { requiresUpgrade?: unknown; title?: unknown; message?: unknown } | undefined;
    if (!body?.requiresUpgrade && typeof body?.title === 'string' && typeof body.message === 'string' && body.title && body.message) {
      return { title: body.title, description: body.message };
    }
  }
  return { title: 'Upload Failed', description: uploadFailureMessage(error) };
}
