/*
 * pnpm bench:workouts — the real gateway (its own process, real port, NODE_ENV=production) on a fresh
 * database:
 *   1. GET /api/daily-workout/{id} for 200 distinct Premium golfers: the day's first call (builds and
 *      stores the workout) and the cached call (reads it back), p50/p95 one request at a time, and the
 *      cached call with 16 in flight.
 *   2. The exercise-video spreadsheet with 10,000 rows: export (GET /api/download/excel) and re-import
 *      (POST /api/admin/exercise-videos/import, every row an update), seconds and the gateway's peak RSS.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { FOCUS_CATEGORIES } from '@swingfit/contracts';
import { startEmbeddedS3 } from '@swingfit/server-kit';
import { createTestDatabase, testQueuePrefix } from '@swingfit/server-kit/testing';
import { freePort, spawnGateway, waitForHealth } from './gateway-process.js';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const VIDEO_ROWS = Number(process.env.BENCH_VIDEO_ROWS ?? 10_000);
const CONCURRENCY = 16;
const MB = 1024 * 1024;

const status = (pid: number, key: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Peak RSS during `run`: the kernel's high-water mark reset first (clear_refs 5), sampled as a fallback. */
async function measured<T>(pid: number, run: () => Promise<T>): Promise<{ value: T; seconds: number; baselineMb: number; peakMb: number }> {
  let resetOk = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    resetOk = false;
  }
  const baselineMb = status(pid, 'VmRSS');
  let sampled = baselineMb;
  const timer = setInterval(() => (sampled = Math.max(sampled, status(pid, 'VmRSS'))), 20);
  const t = performance.now();
  const value = await run();
  const seconds = (performance.now() - t) / 1000;
  clearInterval(timer);
  const peakMb = resetOk ? Math.max(status(pid, 'VmHWM'), sampled) : Math.max(sampled, status(pid, 'VmRSS'));
  return { value, seconds, baselineMb, peakMb };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** Golfers straight in the database (password hashing is not what this measures), each with a session and a completed analysis. */
async function seedGolfers(db: pg.Client): Promise<Array<{ id: number; cookie: string }>> {
  const golfers: Array<{ id: number; cookie: string }> = [];
  const shoulder = ['Limited (68°)', 'Good (88°)', 'Restricted (72°)', 'Excellent (94°)'];
  const balance = ['Good balance', 'Compromised at impact', 'Unstable finish', 'Poor weight shift'];
  for (let i = 0; i < USERS; i++) {
    const { rows } = await db.query(`insert into core.users (email, first_name, last_name, auth_provider, is_premium) values ($1, 'Bench', $2, 'local', true) returning id`, [`bench-${i}-${randomBytes(3).toString('hex')}@example.com`, `Golfer${i}`]);
    const id = Number(rows[0].id);
    const token = randomBytes(32).toString('base64url');
    await db.query(`insert into core.sessions (user_id, kind, token_hash, expires_at) values ($1, 'user', $2, now() + interval '1 day')`, [id, createHash('sha256').update(token).digest('hex')]);
    await db.query(
      `insert into core.swing_analyses (user_id, status, club_selection, upload_week, mobility_analysis, analysis_results, technical_details) values ($1, 'complete', 'driver', '2026-01-04', $2, $3, '{}')`,
      [id, JSON.stringify({ shoulderTurn: shoulder[i % 4], hipRotation: i % 3 === 0 ? 'Restricted (30°)' : 'Good (45°)' }), JSON.stringify({ balance: balance[i % 4], posture: i % 5 === 0 ? 'Early extension' : 'Stable' })],
    );
    golfers.push({ id, cookie: `sf_session=${token}` });
  }
  return golfers;
}

async function seedVideos(db: pg.Client): Promise<void> {
  const categories = `array[${FOCUS_CATEGORIES.map((c) => `'${c.replace(/'/g, "''")}'`).join(',')}]`;
  await db.query(
    `insert into core.exercise_videos (video_key, exercise_id, title, youtube_id, duration_seconds, difficulty, category, focus_areas, target_muscles, equipment, instructor, view_count)
     select 'bench-' || g, (select id from core.exercises order by id offset (g % 77) limit 1), 'Bench video number ' || g || ' for golfers',
            substr(md5(g::text), 1, 11), 60 + g % 300, 1 + g % 5, (${categories})[1 + g % 7],
            jsonb_build_array((${categories})[1 + g % 7]), '["Obliques", "Glutes"]', 'Resistance band', 'Coach ' || (g % 40), g * 7
     from generate_series(1, $1) g`,
    [VIDEO_ROWS],
  );
}

async function timeRequests(golfers: Array<{ id: number; cookie: string }>, base: string, inFlight: number): Promise<{ ms: number[]; seconds: number }> {
  const ms: number[] = [];
  let next = 0;
  const t = performance.now();
  const worker = async () => {
    while (next < golfers.length) {
      const g = golfers[next++]!;
      const start = performance.now();
      const res = await fetch(`${base}/api/daily-workout/${g.id}`, { headers: { cookie: g.cookie } });
      const body = (await res.json()) as { exercises?: unknown[] };
      ms.push(performance.now() - start);
      if (res.status !== 200 || !body.exercises?.length) throw new Error(`workout for ${g.id}: ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { ms, seconds: (performance.now() - t) / 1000 };
}

const work = mkdtempSync(join(tmpdir(), 'sf-bench-workouts-'));
const s3 = await startEmbeddedS3({ directory: join(work, 's3'), buckets: ['swing-videos'], accessKey: 'bench', secretKey: randomBytes(24).toString('hex') });
const database = await createTestDatabase();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let child: ReturnType<typeof spawn> | undefined;
const sql = new pg.Client({ connectionString: database.url });

try {
  child = spawnGateway({ port, databaseUrl: database.url, queuePrefix: testQueuePrefix(), s3, work });
  await waitForHealth(base, child, '/readyz', 90_000);
  await sql.connect();
  const pid = child.pid!;

  process.stdout.write(`seeding ${USERS} Premium golfers with a completed analysis... `);
  const golfers = await seedGolfers(sql);
  console.log('done');
  // Warm-up on golfers outside the measured set: connection pools, JIT, plan caches.
  const warm = (await seedGolfers(sql)).slice(0, 20);
  await timeRequests(warm, base, 1);

  const first = await timeRequests(golfers, base, 1);
  const cached = await timeRequests(golfers, base, 1);
  const cachedParallel = await timeRequests(golfers, base, CONCURRENCY);

  process.stdout.write(`seeding ${VIDEO_ROWS.toLocaleString()} exercise videos... `);
  await seedVideos(sql);
  console.log('done');
  const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'bench-admin-password' }) });
  const admin = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const file = join(work, 'golf-exercise-videos.xlsx');

  const exported = await measured(pid, async () => {
    const res = await fetch(`${base}/api/download/excel`, { headers: { cookie: admin } });
    if (res.status !== 200) throw new Error(`export: ${res.status}`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  });
  const bytes = statSync(file).size;
  await new Promise((r) => setTimeout(r, 1000));
  const imported = await measured(pid, async () => {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)]), 'golf-exercise-videos.xlsx');
    const res = await fetch(`${base}/api/admin/exercise-videos/import`, { method: 'POST', headers: { cookie: admin }, body: form });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(body).slice(0, 400)}`);
    return body as { rows: number; inserted: number; updated: number };
  });

  const line = (label: string, r: { ms: number[]; seconds: number }) =>
    `  ${label.padEnd(34)} p50 ${percentile(r.ms, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(r.ms, 95).toFixed(1).padStart(6)} ms   (${(r.ms.length / r.seconds).toFixed(0)} req/s)`;
  console.log('');
  console.log(`daily workout: GET /api/daily-workout/{id}, ${USERS} distinct Premium golfers`);
  console.log(line('first call of the day (builds)', first));
  console.log(line('cached (stored workout)', cached));
  console.log(line(`cached, ${CONCURRENCY} in flight`, cachedParallel));
  console.log('');
  console.log(`exercise-video spreadsheet, ${VIDEO_ROWS.toLocaleString()} rows (${(bytes / MB).toFixed(2)} MiB .xlsx)`);
  const mem = (m: { baselineMb: number; peakMb: number }) => `gateway RSS ${m.baselineMb.toFixed(0)} -> peak ${m.peakMb.toFixed(0)} MiB (+${(m.peakMb - m.baselineMb).toFixed(0)})`;
  console.log(`  export   ${exported.seconds.toFixed(2)} s   ${mem(exported)}`);
  console.log(`  import   ${imported.seconds.toFixed(2)} s   ${mem(imported)}   ${JSON.stringify(imported.value)}   (target < 10 s) ${imported.seconds < 10 ? 'PASS' : 'FAIL'}`);
} finally {
  await sql.end().catch(() => undefined);
  child?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await database.drop().catch(() => undefined);
  await s3.close();
  rmSync(work, { recursive: true, force: true });
}
