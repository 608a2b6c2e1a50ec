import { Type, type Static } from '@sinclair/typebox';
import { CommonEnv, ObjectStoreEnv, loadConfig } from '@swingfit/server-kit';

export const WorkerEnv = Type.Object({
  ...CommonEnv,
  ...ObjectStoreEnv,
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8083, description: 'health server port (/healthz, /readyz)' }),
  HOST: Type.String({ default: '127.0.0.1' }),
  WORKER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 16, default: 1, description: 'analyses processed at once by this process' }),
  JOB_LOCK_MS: Type.Integer({ minimum: 5_000, default: 60_000, description: 'BullMQ job lock duration' }),
  FFMPEG_PATH: Type.String({ default: 'ffmpeg' }),
  FFPROBE_PATH: Type.String({ default: 'ffprobe' }),
  MAX_VIDEO_SECONDS: Type.Number({ minimum: 1, default: 120, description: 'longer videos fail with a readable reason' }),
  // Passed through to the write-up stage: any OpenAI-compatible server, or empty for the offline writer.
  OPENAI_API_KEY: Type.String({ default: '' }),
  OPENAI_BASE_URL: Type.String({ default: '' }),
  OPENAI_MODEL: Type.String({ default: 'gpt-4o-mini' }),
});
export type WorkerConfig = Static<typeof WorkerEnv>;

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(WorkerEnv, env);
