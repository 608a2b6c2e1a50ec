import type { PipelineStages } from './stages.js';
import { closePosePool, runPoseStage, warmPosePool } from '../pose/index.js';
import { writeUp } from '../writeup/index.js';

// To run without pose estimation (e.g. a build without models), use instead:
//   import { skipPoseStage as runPoseStage } from './fallback-pose.js';  (and drop closePosePool)

/** The stages the worker runs; tests pass their own. */
export const defaultStages: PipelineStages = { pose: runPoseStage, writeUp, warm: () => warmPosePool(), close: closePosePool };
