/*
 * MediaPipe Pose Landmarker (tasks-vision 1.1.0) in plain Node, CPU delegate. Must run off the main
 * event loop (worker thread): one detect call blocks for tens of milliseconds.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInThisContext } from 'node:vm';
import { ImageDataShim, PassThroughCanvas, WebGLRenderingContextShim } from './pass-through-gl.js';

export type ModelVariant = 'lite' | 'full' | 'heavy';

const require = createRequire(import.meta.url);
const serviceRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const modelPath = (variant: ModelVariant): string => join(serviceRoot, 'models', `pose_landmarker_${variant}.task`);

function installBrowserShim(): void {
  const g = globalThis as Record<string, unknown>;
  if (g.__swingfitShim) return;
  g.__swingfitShim = true;
  g.self = globalThis;
  // The Emscripten loader notices Node and reaches for CommonJS require/__dirname: give it those as
  // parameters, and publish its ModuleFactory on the global object as a browser script would.
  g.importScripts = (...paths: string[]) => {
    for (const path of paths) {
      const wrapped = `(function (require, __dirname, __filename) {${readFileSync(path, 'utf8')}\n;globalThis.ModuleFactory = ModuleFactory;\n})`;
      const run = runInThisContext(wrapped, { filename: path }) as (r: NodeRequire, d: string, f: string) => void;
      run(createRequire(path), dirname(path), path);
    }
  };
  g.WebGLRenderingContext ??= WebGLRenderingContextShim;
  g.WebGL2RenderingContext ??= WebGLRenderingContextShim;
  g.ImageData ??= ImageDataShim;
  g.HTMLCanvasElement ??= PassThroughCanvas;
  g.OffscreenCanvas ??= PassThroughCanvas;
}

export interface Landmark {
  x: number;
  y: number;
  z: number;
  visibility: number;
}
export interface FramePose {
  /** Image landmarks, normalised 0..1. One entry per person found. */
  image: Landmark[][];
  /** World landmarks in metres, hip-centred. */
  world: Landmark[][];
  /**
   * With `masks`: per person, how likely each pixel of the frame (row by row, the frame's own size) shows
   * them, 0..1. The landmark model computes it anyway; copying it out costs a few milliseconds a frame.
   */
  masks?: Float32Array[];
}

/** One person's landmarks as the flat [x, y, z, visibility] array a Pose holds; null where none was found. */
export const packLandmarks = (pose: Landmark[] | undefined): Float32Array | null => {
  if (!pose) return null;
  const out = new Float32Array(pose.length * 4);
  pose.forEach((p, i) => out.set([p.x, p.y, p.z, p.visibility], i * 4));
  return out;
};

export interface Landmarker {
  detect(rgba: Uint8Array, width: number, height: number, timestampMs?: number): FramePose;
  close(): void;
}

type VisionModule = typeof import('@mediapipe/tasks-vision');

export async function createLandmarker(variant: ModelVariant, opts: { numPoses: number; video: boolean; masks?: boolean }): Promise<Landmarker> {
  installBrowserShim();
  const wasmDir = join(dirname(require.resolve('@mediapipe/tasks-vision')), 'wasm');
  const g = globalThis as Record<string, unknown>;
  g.Module = { wasmBinary: readFileSync(join(wasmDir, 'vision_wasm_internal.wasm')) };
  const vision = (await import('@mediapipe/tasks-vision')) as VisionModule;
  const canvas = new PassThroughCanvas();
  const landmarker = await vision.PoseLandmarker.createFromOptions(
    { wasmLoaderPath: join(wasmDir, 'vision_wasm_internal.js'), wasmBinaryPath: join(wasmDir, 'vision_wasm_internal.wasm') },
    {
      baseOptions: { modelAssetBuffer: new Uint8Array(readFileSync(modelPath(variant))), delegate: 'CPU' },
      runningMode: opts.video ? 'VIDEO' : 'IMAGE',
      numPoses: opts.numPoses,
      minPoseDetectionConfidence: 0.5,
      minPosePresenceConfidence: 0.5,
      minTrackingConfidence: 0.5,
      outputSegmentationMasks: opts.masks ?? false,
      canvas: canvas as unknown as NonNullable<Parameters<VisionModule['PoseLandmarker']['createFromOptions']>[1]['canvas']>,
    },
  );
  let lastTs = -1;
  return {
    detect(rgba, width, height, timestampMs) {
      const image = new ImageDataShim(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength), width, height);
      const input = image as unknown as Parameters<typeof landmarker.detect>[0];
      const result = opts.video
        ? landmarker.detectForVideo(input, (lastTs = Math.max(lastTs + 1, Math.round(timestampMs ?? lastTs + 1))))
        : landmarker.detect(input);
      const copy = (list: { x: number; y: number; z: number; visibility?: number }[][]) =>
        list.map((pose) => pose.map((p) => ({ x: p.x, y: p.y, z: p.z, visibility: p.visibility ?? 0 })));
      const masks = opts.masks ? result.segmentationMasks?.map((mask) => mask.getAsFloat32Array().slice()) : undefined;
      result.segmentationMasks?.forEach((mask) => mask.close());
      return { image: copy(result.landmarks), world: copy(result.worldLandmarks), ...(masks ? { masks } : {}) };
    },
    close() {
      landmarker.close();
    },
  };
}
