import type { Metric, PoseSummary } from '@swingfit/contracts';
import { factualWriteUp } from './factual-writeup.js';
import type { PipelineStages, PoseStage, PoseStageInput } from '../../src/pipeline/stages.js';

/*
 * Stand-in pose stages for pipeline tests: the pipeline's contract with the stage (what it uploads,
 * stores and fails on) is under test here, not pose estimation (that has its own tests).
 */

const metric = (value: number | null, unit: Metric['unit'] = 'deg', view: Metric['view'] = 'any'): Metric => ({ value, unit, measurable: value != null, confidence: 0.9, view });

export function poseSummary(input: PoseStageInput): Omit<PoseSummary, 'keyframes' | 'poseUrl'> {
  const ev = (frame: number) => ({ frame, timeSec: frame / input.fps });
  const dtl = input.slot === 'down-the-line';
  return {
    view: input.slot,
    viewMatchesSlot: true,
    handedness: 'right',
    fps: input.fps,
    frameCount: 30,
    personFoundRatio: 1,
    multipleSwings: false,
    events: { address: ev(0), top: ev(10), impact: ev(15), finish: ev(25) },
    tempo: { backswingSec: 10 / input.fps, downswingSec: 5 / input.fps, ratio: 2 },
    // Each view measures what it can see: posture down the line, sideways movement face-on.
    metrics: {
      shoulderTurn: metric(88),
      hipRotation: metric(44),
      xFactor: metric(44),
      spineAngleAddress: metric(dtl ? 30 : null, 'deg', 'down-the-line'),
      spineAngleChange: metric(dtl ? -3 : null, 'deg', 'down-the-line'),
      headSway: metric(dtl ? null : 0.13, 'headWidths', 'face-on'),
      hipSway: metric(dtl ? null : -0.2, 'headWidths', 'face-on'),
    },
  };
}

export const JPEG_STUB = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0xff, 0xd9]);

/** Succeeds with fixed data, recording what it was given. */
export function recordingPoseStage(calls: PoseStageInput[] = []): PoseStage {
  return async (input) => {
    calls.push(input);
    return {
      ok: true,
      summary: poseSummary(input),
      keyframes: { address: JPEG_STUB, top: JPEG_STUB, impact: JPEG_STUB, finish: JPEG_STUB },
      poseTrack: { fps: input.fps, width: input.width, height: input.height, frames: [null], connections: [[11, 12]] },
      fields: { technicalDetails: { poseModel: 'test' } },
    };
  };
}

export const failingPoseStage = (reason: string, onlyView?: PoseStageInput['slot']): PoseStage => {
  const ok = recordingPoseStage();
  return async (input) => (onlyView && input.slot !== onlyView ? ok(input) : { ok: false, reason, technicalDetails: { personFoundRatio: 0.1 } });
};

export const stagesWith = (pose: PoseStage): PipelineStages => ({ pose, writeUp: factualWriteUp });
