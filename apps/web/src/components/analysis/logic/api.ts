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

/**
 * POST the multipart upload with XMLHttpRequest, the only browser API that reports upload progress.
 * Errors follow the section 7 format, like apiRequest.
 */
export function uploadSwingVideos(form: FormData, onProgress: (fraction: number) => void): Promise<CreateAnalysisResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', analysisUrls.create);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as CreateAnalysisResponse);
      else reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`, body));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Upload aborted'));
    xhr.send(form);
  });
}

export const UPLOAD_FAILED_FALLBACK = 'Please try again or contact support if the issue persists.';

/** Section 8: the server's message only when the refusal is about the plan, else a plain 'Upload failed'. */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { requiresUpgrade?: unknown; message?: unknown } | undefined;
    if (body?.requiresUpgrade) return typeof body.message === 'string' && body.message ? body.message : UPLOAD_FAILED_FALLBACK;
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
