import type { PipelineStages } from './stages.js';
import { writeUp } from '../writeup/index.js';

// INTEGRATION SWITCH (lead): src/pose/index.ts does not exist yet. When it does, replace the next line with
//   import { runPoseStage } from '../pose/index.js';
import { skipPoseStage as runPoseStage } from './fallback-pose.js';

/** The stages the worker runs; tests pass their own. */
export const defaultStages: PipelineStages = { pose: runPoseStage, writeUp };
