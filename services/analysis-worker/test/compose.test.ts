import { describe, expect, it } from 'vitest';
import { COMPOSE_OPERATOR_SECRETS, composeEnvironment, composeProblems, undocumentedVariables } from '@swingfit/server-kit/testing';
import { WorkerEnv, parseWorkerConfig } from '../src/config.js';

/*
 * docker-compose.yml's analysis worker, read with compose's interpolation (no Docker engine runs here):
 * it must start, and every variable the file sets must be one the worker reads.
 */

describe('docker-compose.yml runs the analysis worker', () => {
  it('with settings it reads and starts on, its health check where it listens', () => {
    expect(composeProblems('analysis-worker', WorkerEnv, COMPOSE_OPERATOR_SECRETS)).toEqual([]);
    const config = parseWorkerConfig(composeEnvironment('analysis-worker', COMPOSE_OPERATOR_SECRETS));
    expect(config).toMatchObject({ NODE_ENV: 'production', PORT: 8083, ANALYSIS_POSE: 'on', POSE_PROCESSES: 2, S3_ENDPOINT: 'http://minio:9000', MAX_VIDEO_SECONDS: 120 });
  });

  it('refuses the model writer forced on without its key, as the worker itself does', () => {
    expect(() => parseWorkerConfig(composeEnvironment('analysis-worker', { ...COMPOSE_OPERATOR_SECRETS, ANALYSIS_WRITER: 'openai' }))).toThrow(/OPENAI_API_KEY is missing/);
  });
});

describe('.env.example', () => {
  it('lists every variable the analysis-worker reads', () => {
    expect(undocumentedVariables(WorkerEnv)).toEqual([]);
  });
});
