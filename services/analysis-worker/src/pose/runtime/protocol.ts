import type { ModelVariant } from './landmarker.js';

/** One decoded frame: tightly packed RGBA. */
export interface RawFrame {
  index: number;
  timeMs: number;
  width: number;
  height: number;
  data: Uint8Array;
}

export interface PoseRequest {
  variant: ModelVariant;
  numPoses: number;
  /** VIDEO mode tracks the person between consecutive frames (cheaper); IMAGE mode detects every frame. */
  video: boolean;
  frames: RawFrame[];
  /** Run on this worker only (pool slot index), e.g. to keep the measure models in one worker. */
  worker?: number;
  /**
   * Start this model configuration afresh before the frames: a new landmarker, unless the one there has
   * not read a frame since it was created. VIDEO mode keeps state from one call to the next that a blank
   * frame does not clear, so each analysis starts every model it tracks afresh, and the same video gives
   * the same figures whatever was analysed before it.
   */
  fresh?: boolean;
  /** Also the most prominent person's mask (IMAGE mode): how likely each pixel shows them (net.ts). */
  masks?: boolean;
}

/** Landmarks of the most prominent person: 33 × [x, y, z, visibility]. */
export interface FrameLandmarks {
  index: number;
  image: Float32Array | null;
  world: Float32Array | null;
  /** With PoseRequest.masks: per pixel of the frame (row by row), how likely it shows the person. */
  mask?: Float32Array | null;
}

export type ToWorker = { id: number; request: PoseRequest };
/** `loaded`: model instances the request started (0 when the ones it asked for were there and unused). */
export type FromWorker = { id: number; ok: true; results: FrameLandmarks[]; ms: number; loaded: number } | { id: number; ok: false; error: string };
