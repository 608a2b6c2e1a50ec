import type { PoseStage } from './stages.js';

/** The pose stage with ANALYSIS_POSE=off (registry.ts): the analysis completes without body metrics. */
export const skipPoseStage: PoseStage = async () => ({ ok: false, skipped: true, reason: 'pose estimation is turned off in this installation' });
