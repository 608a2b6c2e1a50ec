import type { PoseStage } from './stages.js';

/** Stand-in until the pose stage is wired in (see registry.ts): the analysis completes without body metrics. */
export const skipPoseStage: PoseStage = async () => ({ ok: false, skipped: true, reason: 'pose estimation is not enabled in this build' });
