/* Worker-thread entry: owns one WASM MediaPipe instance per model configuration. */
import { parentPort } from 'node:worker_threads';
import { createLandmarker, packLandmarks as pack, type Landmarker } from './landmarker.js';
import type { FrameLandmarks, FromWorker, PoseRequest, ToWorker } from './protocol.js';

const landmarkers = new Map<string, Promise<Landmarker>>();
/** Configurations that have read frames since they were created: only these does `fresh` replace. */
const used = new Set<string>();
// VIDEO-mode timestamps must grow for the life of a landmarker, across requests.
const clock = new Map<string, number>();
/**
 * Time between one call's frames and the next's (ms). The model smooths landmarks over time with filters
 * whose memory fades with the time between frames: a gap of a minute leaves nothing of the last call,
 * where one second left enough to move a turn figure by half a degree between a fresh worker and a used one.
 */
const CALL_GAP_MS = 60_000;

async function handle(request: PoseRequest): Promise<{ results: FrameLandmarks[]; loaded: number }> {
  const key = `${request.variant}:${request.numPoses}:${request.video}:${request.masks === true}`;
  let landmarker = landmarkers.get(key);
  // One that failed to start is replaced too: the next analysis gets another try.
  if (landmarker && request.fresh && (used.has(key) || (await landmarker.then(() => false, () => true)))) {
    await landmarker.then((model) => model.close(), () => undefined);
    landmarkers.delete(key);
    clock.delete(key);
    used.delete(key);
    landmarker = undefined;
  }
  const loaded = landmarker ? 0 : 1;
  if (!landmarker) {
    landmarker = createLandmarker(request.variant, { numPoses: request.numPoses, video: request.video, masks: request.masks === true });
    landmarkers.set(key, landmarker);
  }
  const model = await landmarker;
  if (request.frames.length > 0) used.add(key);
  const first = request.frames[0]?.timeMs ?? 0;
  const base = (clock.get(key) ?? 0) + CALL_GAP_MS - first;
  const results: FrameLandmarks[] = [];
  const start = request.frames[0];
  if (request.video && start) {
    // A blank frame first: the tracker loses the previous call's person (another part of the clip) and
    // detects afresh. Some of the model's state still carries over (landmarks differ by ~1e-4 from a fresh
    // landmarker's), which is why each analysis starts with fresh ones (PoseRequest.fresh).
    model.detect(new Uint8Array(start.width * start.height * 4), start.width, start.height, base + first - CALL_GAP_MS / 2);
  }
  for (const frame of request.frames) {
    const ts = base + frame.timeMs;
    const pose = model.detect(frame.data, frame.width, frame.height, ts);
    clock.set(key, ts);
    // The largest person (by landmark spread) is the golfer when several are found.
    let best = 0;
    let bestSpread = -1;
    pose.image.forEach((p, i) => {
      const ys = p.map((l) => l.y);
      const spread = Math.max(...ys) - Math.min(...ys);
      if (spread > bestSpread) {
        bestSpread = spread;
        best = i;
      }
    });
    results.push({ index: frame.index, image: pack(pose.image[best]), world: pack(pose.world[best]), ...(request.masks ? { mask: pose.masks?.[best] ?? null } : {}) });
  }
  return { results, loaded };
}

parentPort?.on('message', (message: ToWorker) => {
  const started = performance.now();
  handle(message.request).then(
    ({ results, loaded }) => {
      const reply: FromWorker = { id: message.id, ok: true, results, ms: performance.now() - started, loaded };
      const transfer = results.flatMap((r) => [r.image?.buffer, r.world?.buffer, r.mask?.buffer].filter((b): b is ArrayBuffer => b !== undefined));
      parentPort?.postMessage(reply, transfer);
    },
    (error: unknown) => {
      const reply: FromWorker = { id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) };
      parentPort?.postMessage(reply);
    },
  );
});
