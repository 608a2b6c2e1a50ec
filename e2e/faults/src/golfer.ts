import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { randomBytes } from 'node:crypto';

/*
 * A golfer as the browser drives the product: signed up through the gateway's real routes, holding
 * the session cookie, uploading with multipart and completing exercises. Every call returns the
 * status and body, whatever they are: a fault run judges the answers given during an outage too.
 */

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  /** The raw text (a 500's body is checked for stack traces). */
  text: string;
}

/** Network failures (the gateway itself down) come back as status 0, not as an exception. */
async function call<T>(url: string, init: RequestInit): Promise<Answer<T>> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(Number(process.env.FAULTS_REQUEST_TIMEOUT_MS ?? 60_000)) });
    const text = await res.text();
    let body: unknown = {};
    try {
      body = JSON.parse(text);
    } catch {
      body = { text };
    }
    return { status: res.status, body: body as T, text };
  } catch (error) {
    return { status: 0, body: { error: (error as Error).message } as T, text: (error as Error).message };
  }
}

export class Golfer {
  id = 0;
  cookie = '';
  constructor(
    readonly base: string,
    readonly firstName: string,
  ) {}

  request<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { cookie: this.cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return call<T>(`${this.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async register(): Promise<this> {
    const email = `${this.firstName.toLowerCase()}-${randomBytes(5).toString('hex')}@example.com`;
    const res = await fetch(`${this.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'tempo-3-to-1', firstName: this.firstName, lastName: 'Faults' }),
    });
    if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
    this.cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    this.id = ((await res.json()) as { id: number }).id;
    return this;
  }

  /** POST /api/swing-analyses with one face-on clip, as the upload screen sends it. */
  upload(clip: string, club = 'driver'): Promise<Answer<{ id?: number; status?: string; message?: string }>> {
    const form = new FormData();
    form.set('clubSelection', club);
    const bytes = readFileSync(clip);
    form.set('faceOnVideoSize', String(bytes.length));
    form.set('faceOnVideo', new Blob([bytes], { type: 'video/mp4' }), basename(clip));
    return call(`${this.base}/api/swing-analyses`, { method: 'POST', headers: { cookie: this.cookie }, body: form });
  }

  analysis(id: number) {
    return this.request<{ status?: string }>('GET', `/api/swing-analyses/${id}?status_only=true`);
  }

  dailyWorkout() {
    return this.request<{ exercises?: Array<{ name: string }> }>('GET', `/api/daily-workout/${this.id}`);
  }

  complete(exerciseName: string) {
    return this.request<{ pointsAwarded?: number; alreadyCompleted?: boolean }>('POST', '/api/daily-workout/complete', { exerciseName });
  }

  me() {
    return this.request<{ isPremium?: boolean; totalPoints?: number; monthlyPoints?: number; subscriptionStatus?: string }>('GET', '/api/auth/user');
  }
}

export const newGolfer = (base: string, firstName: string) => new Golfer(base, firstName).register();

/** A 5xx answer must be a sentence for people, never a stack trace or a driver's message. */
export function isClearRefusal(answer: Answer): boolean {
  const message = typeof answer.body.message === 'string' ? answer.body.message : '';
  return message.length > 0 && !/\n\s+at |Error:|ECONNREFUSED|stack/i.test(answer.text);
}
