import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Queue } from 'bullmq';
import { ANALYSIS_QUEUE } from '@swingfit/contracts';
import type { Harness } from './harness.js';
import { cookieFrom } from './harness.js';
import { signUpAddress } from './auth-fixtures.js';

/* Shared by the analyses*.test.ts files: real videos made with ffmpeg, multipart bodies, signed-in golfers. */

export interface Videos {
  dir: string;
  mp4: string;
  /** The same mp4 cut in half: ffmpeg writes moov at the end, so the half has none. */
  truncated: string;
  text: string;
  empty: string;
  huge: string;
  close(): void;
}

export function makeVideos(): Videos {
  const dir = mkdtempSync(join(tmpdir(), 'sf-videos-'));
  const mp4 = join(dir, 'swing.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30', '-t', '1', '-pix_fmt', 'yuv420p', '-y', mp4]);
  const bytes = readFileSync(mp4);
  const truncated = join(dir, 'half.mp4');
  writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
  const text = join(dir, 'notes.mp4');
  writeFileSync(text, 'These are my swing notes, not a video.\n'.repeat(200));
  const empty = join(dir, 'empty.mp4');
  writeFileSync(empty, '');
  const huge = join(dir, 'huge.mp4');
  writeFileSync(huge, '');
  truncateSync(huge, 101 * 1024 * 1024); // sparse: 101 MB of zeros without using the disk
  return { dir, mp4, truncated, text, empty, huge, close: () => rmSync(dir, { recursive: true, force: true }) };
}

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; path: string };

export const file = (name: string, path: string, filename = path.split('/').pop()!, type = 'video/mp4'): Part => ({ name, filename, type, path });

/** A multipart/form-data body streamed from disk, as a browser's FormData would send it. */
export function multipart(parts: Part[]) {
  const boundary = `----swingfit${randomBytes(8).toString('hex')}`;
  const chunks: Array<{ text: string } | { path: string }> = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push({ text: `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n` });
    } else {
      chunks.push({ text: `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n` });
      chunks.push({ path: part.path }, { text: '\r\n' });
    }
  }
  chunks.push({ text: `--${boundary}--\r\n` });
  const length = chunks.reduce((sum, c) => sum + ('path' in c ? statSync(c.path).size : Buffer.byteLength(c.text)), 0);
  async function* body() {
    for (const c of chunks) {
      if ('path' in c) yield* createReadStream(c.path);
      else yield Buffer.from(c.text);
    }
  }
  return {
    payload: Readable.from(body()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
  };
}

export interface Golfer {
  id: number;
  cookie: string;
}

let counter = 0;
export async function signUp(h: Harness, premium = false): Promise<Golfer> {
  counter += 1;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'x-forwarded-for': signUpAddress(10_000 + counter) },
    payload: { email: `golfer${counter}-${randomBytes(3).toString('hex')}@example.com`, password: 'correct-horse-battery-9', firstName: 'Test', lastName: 'Golfer' },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const id = Number(res.json().id);
  if (premium) await h.deps.db.updateTable('users').set({ is_premium: true }).where('id', '=', id).execute();
  return { id, cookie: cookieFrom(res) };
}

export async function upload(h: Harness, golfer: Golfer, parts: Part[]) {
  const body = multipart(parts);
  return h.app.inject({ method: 'POST', url: '/api/swing-analyses', payload: body.payload, headers: { ...body.headers, cookie: golfer.cookie } });
}

export function analysisQueue(h: Harness) {
  return new Queue(ANALYSIS_QUEUE, { connection: h.deps.queues.connection, prefix: h.deps.queues.prefix });
}

/** Everything an upload may leave behind for one golfer: objects, rows, counter, queued jobs. */
export async function traces(h: Harness, golfer: Golfer, queue: Queue) {
  const objects = await h.deps.store.list(`users/${golfer.id}/`);
  const rows = await h.deps.db.selectFrom('swing_analyses').select('id').where('user_id', '=', golfer.id).execute();
  const user = await h.deps.db.selectFrom('users').select('video_uploads_used').where('id', '=', golfer.id).executeTakeFirstOrThrow();
  const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed');
  const jobs = Object.values(counts).reduce((a, b) => a + b, 0);
  return { objects: objects.length, rows: rows.length, used: user.video_uploads_used, jobs };
}
