import type { PipelineStages } from './stages.js';
import type { WorkerConfig } from '../config.js';
import { skipPoseStage } from './fallback-pose.js';
import { closePosePool, runPoseStage, warmPosePool } from '../pose/index.js';
import { configurePosePool } from '../pose/runtime/pool.js';
import { createWriteUp, type WriteUpLogger } from '../writeup/index.js';

/** The settings that choose and size the stages (config.ts). */
export type StageSettings = Pick<
  WorkerConfig,
  'ANALYSIS_POSE' | 'ANALYSIS_WRITER' | 'POSE_PROCESSES' | 'POSE_MEASURE_WORKERS' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'OPENAI_TIMEOUT_MS'
>;

export interface ConfiguredStages extends PipelineStages {
  /** What was switched on, for the start log line. */
  describe: { pose: 'on' | 'off'; writer: 'openai' | 'offline'; model: string | null };
}

/**
 * The stages the worker runs, picked by configuration: ANALYSIS_POSE=off completes analyses without
 * body metrics (no pose models loaded); ANALYSIS_WRITER picks the model or the offline writer.
 * Tests pass their own stages instead.
 */
export function createStages(settings: StageSettings, logger?: WriteUpLogger): ConfiguredStages {
  const writer = createWriteUp(settings, logger ? { logger } : {});
  const describe = { pose: settings.ANALYSIS_POSE, writer: writer.configured, model: writer.model };
  if (settings.ANALYSIS_POSE === 'off') return { pose: skipPoseStage, writeUp: writer.writeUp, describe };
  configurePosePool({ processes: settings.POSE_PROCESSES, measureWorkers: settings.POSE_MEASURE_WORKERS ?? settings.POSE_PROCESSES });
  return { pose: runPoseStage, writeUp: writer.writeUp, warm: () => warmPosePool(), close: closePosePool, describe };
}
