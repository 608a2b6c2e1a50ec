import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { JobQueues, ObjectStore, queueConnection, type Logger } from '@swingfit/server-kit';
import type { Golfer } from './golfers.js';

/* The two ways a load run starts analyses: the gateway's upload route, or rows plus jobs written directly. */

export interface Submitted {
  analysisId?: number;
  /** Why the upload was refused or failed: "HTTP 429 ..." or the network error. */
  error?: string;
}

/** POST /api/swing-analyses as the web app's form sends it: the club first, then the face-on video. */
export async function uploadThroughGateway(base: string, golfer: Golfer, club: string, clip: Buffer, fileName: string): Promise<Submitted> {
  const form = new FormData();
  form.set('clubSelection', club);
  form.set('faceOnVideo', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), fileName);
  try {
    const res = await fetch(`${base}/api/swing-analyses`, { method: 'POST', headers: { cookie: golfer.cookie, origin: base }, body: form });
    const text = await res.text();
    if (res.status !== 201) return { error: `upload HTTP ${res.status}: ${text.slice(0, 200)}` };
    return { analysisId: (JSON.parse(text) as { id: number }).id };
  } catch (error) {
    return { error: `upload error: ${(error as Error).message}` };
  }
}

export interface DirectTarget {
  db: pg.Client;
  store: ObjectStore;
  queues: JobQueues;
}

export const readClip = (path: string) => readFile(path);

/** The gateway's storage layout for an upload's original (analyses-repository.originalKey). */
export const originalKey = (userId: number, analysisId: number) => `users/${userId}/analyses/${analysisId}/face-on/original`;

/**
 * --direct: the analysis row as the gateway's upload transaction writes it, the original in the
 * object store, and the job added to the analysis queue through the contracts job table.
 */
export async function submitDirect(target: DirectTarget, golfer: Golfer, club: string, clip: Buffer): Promise<Submitted> {
  try {
    const week = new Date().toISOString().slice(0, 10);
    const { rows } = await target.db.query<{ id: string }>(
      `insert into core.swing_analyses (user_id, status, club_selection, upload_week) values ($1, 'pending', $2, $3) returning id`,
      [golfer.id, club, week],
    );
    const analysisId = Number(rows[0]!.id);
    const key = originalKey(golfer.id, analysisId);
    await target.store.put(key, clip, 'video/mp4', clip.length);
    await target.db.query('update core.swing_analyses set face_on_key = $2 where id = $1', [analysisId, key]);
    await target.queues.add('analysis', { analysisId });
    return { analysisId };
  } catch (error) {
    return { error: `direct submit error: ${(error as Error).message}` };
  }
}

export function directTarget(db: pg.Client, env: Record<string, string | undefined>, logger: Logger): DirectTarget {
  const need = (k: string) => {
    const v = env[k];
    if (!v) throw new Error(`--direct needs ${k}`);
    return v;
  };
  const store = new ObjectStore({ endpoint: need('S3_ENDPOINT'), region: env.S3_REGION ?? 'us-east-1', accessKey: need('S3_ACCESS_KEY'), secretKey: need('S3_SECRET_KEY'), bucket: env.S3_BUCKET ?? 'swing-videos' });
  const queues = new JobQueues({ connection: queueConnection(env.REDIS_URL ?? 'redis://127.0.0.1:6379'), prefix: need('QUEUE_PREFIX') }, logger);
  return { db, store, queues };
}
