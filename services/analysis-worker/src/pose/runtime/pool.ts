/*
 * A small pool of worker threads running MediaPipe. The WASM build is single-threaded, so one worker
 * per core (POSE_PROCESSES, default 2) gives the throughput, and the BullMQ event loop stays free.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FrameLandmarks, FromWorker, PoseRequest, ToWorker } from './protocol.js';

interface Pending {
  request: PoseRequest;
  resolve: (results: FrameLandmarks[]) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  id: number;
}

type Entry = { script: URL | string; eval: boolean };

function workerEntry(): Entry {
  const js = new URL('./pose-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return { script: js, eval: false };
  // Running from TypeScript sources (tests, benches): register tsx inside the worker first.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const ts = new URL('./pose-worker.ts', import.meta.url).href;
  return { script: `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(ts)}); });`, eval: true };
}

export class PosePool {
  readonly size: number;
  #slots: Slot[] = [];
  #queue: Pending[] = [];
  #nextId = 1;
  #closed = false;
  #modelsLoaded = 0;

  constructor(size: number) {
    this.size = Math.max(1, size);
    const entry = workerEntry();
    for (let i = 0; i < this.size; i++) this.#slots.push(this.#spawn(entry));
  }

  #spawn(entry: Entry): Slot {
    const worker = new Worker(entry.script, { eval: entry.eval, stdout: true, stderr: true });
    // MediaPipe's native logging is noise for our logs; keep it out of the service's stdout.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.unref();
    const slot: Slot = { worker, busy: null, id: 0 };
    worker.on('message', (msg: FromWorker) => {
      const job = slot.busy;
      if (!job || msg.id !== slot.id) return;
      slot.busy = null;
      if (msg.ok) {
        this.#modelsLoaded += msg.loaded;
        job.resolve(msg.results);
      } else job.reject(new Error(`pose worker: ${msg.error}`));
      this.#pump();
    });
    worker.on('error', (error) => {
      const job = slot.busy;
      slot.busy = null;
      job?.reject(error);
      if (!this.#closed) {
        const index = this.#slots.indexOf(slot);
        if (index >= 0) this.#slots[index] = this.#spawn(entry);
        this.#pump();
      }
    });
    return slot;
  }

  #pump(): void {
    this.#slots.forEach((slot, index) => {
      if (slot.busy) return;
      const at = this.#queue.findIndex((job) => job.request.worker === undefined || job.request.worker % this.size === index);
      if (at < 0) return;
      const [job] = this.#queue.splice(at, 1);
      if (!job) return;
      slot.busy = job;
      slot.id = this.#nextId++;
      slot.worker.ref();
      const message: ToWorker = { id: slot.id, request: job.request };
      slot.worker.postMessage(message, job.request.frames.map((f) => f.data.buffer as ArrayBuffer));
    });
    for (const slot of this.#slots) if (!slot.busy) slot.worker.unref();
  }

  /** Model instances the workers have started so far (each takes a second or two of a core). */
  get modelsLoaded(): number {
    return this.#modelsLoaded;
  }

  run(request: PoseRequest): Promise<FrameLandmarks[]> {
    if (this.#closed) return Promise.reject(new Error('pose pool is closed'));
    // A frame whose buffer was handed over already (an earlier call's) arrives empty, and the model
    // never answers a frame shorter than its size says: refuse it here rather than hang the worker.
    const short = request.frames.find((f) => f.data.byteLength !== f.width * f.height * 4);
    if (short) return Promise.reject(new Error(`pose pool: frame ${short.index} holds ${short.data.byteLength} bytes, not ${short.width}x${short.height} RGBA (a buffer already handed over?)`));
    return new Promise((resolve, reject) => {
      this.#queue.push({ request, resolve, reject });
      this.#pump();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error('pose pool closed'));
    // A terminated worker sends neither an answer nor an error: its job is refused here, or whoever
    // awaits it (the renewal of the models as an analysis ends) would wait for ever.
    for (const slot of this.#slots) {
      slot.busy?.reject(new Error('pose pool closed'));
      slot.busy = null;
    }
    // Held while they stop: idle workers are unreferenced, and a process with nothing else to do would
    // otherwise end before they had, leaving this promise unsettled (a script awaiting it exits with 13).
    await Promise.all(this.#slots.map((s) => (s.worker.ref(), s.worker.terminate())));
  }
}

let shared: PosePool | null = null;

/** POSE_PROCESSES and POSE_MEASURE_WORKERS from the worker's config (config.ts); these defaults otherwise. */
const settings = { processes: 2, measureWorkers: 2 };

/** Sets the shared pool's size before its first use (the pipeline registry passes the config's values). */
export function configurePosePool(values: { processes: number; measureWorkers: number }): void {
  Object.assign(settings, values);
}

/**
 * How many workers load the measure model (the full one, both views: ~150 MB of WASM memory each, so
 * every worker of the default pool can hold it within the worker's 1.2 GB budget). With two, a frame and
 * its mirror image are read side by side.
 */
export const measureWorkers = (pool: PosePool): number => Math.min(pool.size, settings.measureWorkers);

/** The process-wide pool, created on first use (models load lazily inside each worker). */
export function sharedPosePool(): PosePool {
  if (!shared) {
    shared = new PosePool(settings.processes);
  }
  return shared;
}

export async function closePosePool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
