/**
 * The request helper of specification section 7: cookies always sent, JSON bodies with a JSON content
 * type, and any non-OK answer an ApiError whose message is "status: text" (or the status text when
 * the body is empty). The parsed JSON body, when there is one, rides along for screens that need
 * fields such as requiresUpgrade.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
  /** The server's own `message` field when the body was JSON, else the whole text. */
  get serverMessage(): string | undefined {
    const b = this.body as { message?: unknown } | undefined;
    return typeof b?.message === 'string' ? b.message : undefined;
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* plain-text body */
  }
  throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, body);
}

export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: data === undefined ? undefined : isForm ? (data as FormData) : JSON.stringify(data),
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

/** GET with JSON parsing; `on401: 'null'` turns "not signed in" into null instead of an error. */
export async function apiGet<T>(url: string, options: { on401?: 'throw' | 'null' } = {}): Promise<T> {
  const res = await fetch(url, { credentials: 'include' });
  if (res.status === 401 && options.on401 === 'null') return null as T;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}
