/*
 * pnpm bench:upload — a 100 MB swing video through the real gateway (its own process, real port) into
 * s3rver, against the same file PUT straight into the same s3rver. Prints the gateway's peak RSS growth
 * during the upload (target <= 40 MB) and both throughputs (target: gateway >= 70% of direct).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomFillSync } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { ObjectStore, startEmbeddedS3 } from '@swingfit/server-kit';
import { createTestDatabase, testQueuePrefix, testRedisUrl } from '@swingfit/server-kit/testing';
import { freePort, spawnGateway, waitForHealth } from './gateway-process.js';

const MB = 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FILE_BYTES = 100 * 1000 * 1000; // "100 MB" as a phone reports it; just under the 100 MiB limit

/** A real H.264 MP4 (moov first) followed by an MP4 `free` box of random bytes up to the target size: valid, incompressible. */
function makeVideo(dir: string, bytes: number, name: string): string {
  const small = join(dir, 'small.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30', '-t', '3', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', small]);
  const head = readFileSync(small);
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  writeSync(fd, head);
  const boxSize = bytes - head.length;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(boxSize, 0);
  header.write('free', 4, 'latin1');
  writeSync(fd, header);
  const chunk = Buffer.alloc(4 * MB);
  for (let left = boxSize - 8; left > 0; left -= chunk.length) {
    randomFillSync(chunk);
    writeSync(fd, chunk, 0, Math.min(chunk.length, left));
  }
  closeSync(fd);
  return path;
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Streams a multipart body from disk with a raw HTTP request (what a browser's FormData upload looks like on the wire). */
function postMultipart(url: string, cookie: string, fields: Record<string, string>, filePath: string): Promise<{ status: number; body: string }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="faceOnVideo"; filename="swing.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + statSync(filePath).size + Buffer.byteLength(tail);
  async function* body() {
    yield Buffer.from(head);
    yield* createReadStream(filePath, { highWaterMark: 256 * 1024 });
    yield Buffer.from(tail);
  }
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length), cookie },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    Readable.from(body()).pipe(req);
  });
}

const work = mkdtempSync(join(tmpdir(), 'sf-bench-upload-'));
const s3 = await startEmbeddedS3({ directory: join(work, 's3'), buckets: ['swing-videos'], accessKey: 'bench', secretKey: randomBytes(24).toString('hex') });
const database = await createTestDatabase();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const prefix = testQueuePrefix();
let child: ReturnType<typeof spawn> | undefined;

try {
  process.stdout.write('generating a 100 MB video... ');
  const video = makeVideo(work, FILE_BYTES, 'swing-100mb.mp4');
  // The warm-up is big enough to take the multipart path too, so the measured round starts warm.
  const warmUp = makeVideo(work, 12 * MB, 'warm-up.mp4');
  console.log(`${(statSync(video).size / MB).toFixed(1)} MiB`);

  child = spawnGateway({ port, databaseUrl: database.url, queuePrefix: prefix, s3, work });
  await waitForHealth(base, child);

  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'correct-horse-battery-9', firstName: 'Bench', lastName: 'Golfer' }),
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const { id: userId } = (await reg.json()) as { id: number };
  const cookie = (reg.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  // Premium: a warm-up upload (7-iron) and the measured one (driver) fit the weekly allowance.
  const sqlClient = new pg.Client({ connectionString: database.url });
  await sqlClient.connect();
  await sqlClient.query('update core.users set is_premium = true where id = $1', [userId]);
  await sqlClient.end();

  const warm = await postMultipart(`${base}/api/swing-analyses`, cookie, { clubSelection: '7-iron' }, warmUp);
  if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
  await new Promise((r) => setTimeout(r, 1000));

  const pid = child.pid!;
  const store = new ObjectStore({ endpoint: s3.endpoint, region: 'us-east-1', accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: 'swing-videos' });
  const size = statSync(video).size;
  const gatewayRuns: number[] = [];
  const gatewayMultipartRuns: number[] = [];
  const directRuns: number[] = [];
  const growthRuns: number[] = [];
  let baseline = 0;
  let peak = 0;

  /** One measured upload through the gateway; `declare` sends faceOnVideoSize first, as the web form can from File.size. */
  const measuredUpload = async (declare: boolean): Promise<number> => {
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    await db.query("update core.upload_allowances set upload_week = '2020-01-05' where user_id = $1", [userId]); // frees this week's driver allowance
    await db.end();
    await new Promise((r) => setTimeout(r, 500));
    baseline = rssKb(pid);
    peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 50);
    const t = performance.now();
    const fields: Record<string, string> = { clubSelection: 'driver', userId: String(userId), ...(declare ? { faceOnVideoSize: String(size) } : {}) };
    const res = await postMultipart(`${base}/api/swing-analyses`, cookie, fields, video);
    const sec = (performance.now() - t) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(pid));
    growthRuns.push((peak - baseline) / 1024);
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.body}`);
    return sec;
  };

  // The machine is shared: rounds alternate the three uploads, and medians are compared.
  for (let round = 0; round < ROUNDS; round++) {
    gatewayRuns.push(await measuredUpload(true));
    gatewayMultipartRuns.push(await measuredUpload(false));
    const t = performance.now();
    await store.put(`bench/direct-put-${round}`, createReadStream(video), 'video/mp4', size);
    directRuns.push((performance.now() - t) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const gatewaySec = median(gatewayRuns);
  const directPutSec = median(directRuns);
  const gatewayMultipartSec = median(gatewayMultipartRuns);
  const t = performance.now();
  await store.putStream('bench/direct-multipart', createReadStream(video), 'video/mp4');
  const directMultipartSec = (performance.now() - t) / 1000;

  const mbps = (sec: number) => size / MB / sec;
  const growthMb = Math.max(...growthRuns);
  const ratio = mbps(gatewaySec) / mbps(directPutSec);
  console.log('');
  console.log('upload benchmark (100 MB video, gateway -> s3rver on loopback)');
  const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
  console.log(`  rounds ${ROUNDS}; medians below. Per round (s): gateway ${list(gatewayRuns)}; gateway multipart ${list(gatewayMultipartRuns)}; direct PUT ${list(directRuns)}`);
  console.log(`  gateway RSS before last upload ${(baseline / 1024).toFixed(1)} MiB, peak ${(peak / 1024).toFixed(1)} MiB`);
  console.log(`  peak RSS growth (worst upload) ${growthMb.toFixed(1)} MiB   (target <= 40)  ${growthMb <= 40 ? 'PASS' : 'FAIL'}  [${growthRuns.map((x) => x.toFixed(1)).join(', ')}]`);
  console.log(`  gateway, size declared (1 PUT) ${gatewaySec.toFixed(2)} s = ${mbps(gatewaySec).toFixed(1)} MiB/s (to 201: includes ffprobe and the database commit)`);
  console.log(`  gateway, size unknown (S3 multipart) ${gatewayMultipartSec.toFixed(2)} s = ${mbps(gatewayMultipartSec).toFixed(1)} MiB/s`);
  console.log(`  direct S3 PUT, same file       ${directPutSec.toFixed(2)} s = ${mbps(directPutSec).toFixed(1)} MiB/s`);
  console.log(`  direct S3 multipart, same file ${directMultipartSec.toFixed(2)} s = ${mbps(directMultipartSec).toFixed(1)} MiB/s`);
  console.log(`  gateway (declared) / direct PUT ${(ratio * 100).toFixed(0)}%   (target >= 70%)  ${ratio >= 0.7 ? 'PASS' : 'FAIL'}`);
  console.log(`  gateway (multipart) / direct multipart ${((directMultipartSec / gatewayMultipartSec) * 100).toFixed(0)}%`);
} finally {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(testRedisUrl());
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await database.drop();
  await s3.close();
  rmSync(work, { recursive: true, force: true });
}
