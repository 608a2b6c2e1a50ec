import type { FrameFile } from '../pose/frames.js';
import type { WriteUpInput, WriteUp as WriteUpOutput } from '../writeup/types.js';
import type {
  CameraView,
  PoseSummary,
  PoseTrack,
  SwingEventName,
  TechnicalDetails,
} from '@swingfit/contracts';

/*
 * The plug-in points of the analysis pipeline. The pose stage (src/pose) and the write-up stage
 * (src/writeup) implement these; src/pipeline/registry.ts picks the implementations.
 */

export interface PoseStageInput {
  /** The upright playback MP4 (long side <= 1280): landmarks normalised to its frame match the overlay. */
  videoPath: string;
  slot: CameraView;
  /** Scratch directory of this analysis; removed when the job ends. */
  workDir: string;
  fps: number;
  width: number;
  height: number;
  signal?: AbortSignal;
  /** Every playback frame, small and raw, when the transcode writes them (else the stage decodes `videoPath`). */
  searchFrames?: FrameFile;
  /** Every playback frame at the measure size, from before the encode, when the transcode writes them. */
  measureFrames?: FrameFile;
  /**
   * Present while the transcode is still writing `videoPath` and the frame files: settles with the
   * playback's own facts once both are complete (fps, width and height above are then a forecast).
   */
  playback?: Promise<{ fps: number; width: number; height: number }>;
}

export interface PoseStageFields {
  /** Merged into technical_details (e.g. model names, timings, per-metric notes). */
  technicalDetails: Partial<TechnicalDetails> & Record<string, unknown>;
}

export type PoseStageOutput =
  | {
      ok: true;
      summary: Omit<PoseSummary, 'keyframes' | 'poseUrl'>;
      /** JPEGs of the key frames with the skeleton drawn. */
      keyframes: Partial<Record<SwingEventName, Buffer>>;
      poseTrack: PoseTrack;
      fields: PoseStageFields;
    }
  /** skipped: the stage is not available in this build; the analysis completes without pose data. */
  | { ok: false; reason: string; skipped?: true; technicalDetails?: Record<string, unknown> };

export type PoseStage = (input: PoseStageInput) => Promise<PoseStageOutput>;

/* The write-up stage's shapes live with the writer (src/writeup/types.ts); re-exported for the pipeline. */
export type { WriteUpInput, WriteUp as WriteUpOutput } from '../writeup/types.js';

export type WriteUpStage = (input: WriteUpInput) => Promise<WriteUpOutput>;

export interface PipelineStages {
  pose: PoseStage;
  writeUp: WriteUpStage;
  /** Loads what the stages need (pose models) ahead of the first job. */
  warm?: () => Promise<void>;
  /** Releases what the stages hold (pose worker threads) at shutdown. */
  close?: () => Promise<void>;
}
