import { parseWorkerConfig, type WorkerConfig } from '../../src/config.js';

/** The object store's keys have no default (production must set them): tests of other settings bring a pair. */
export const STORE_KEYS = { S3_ACCESS_KEY: 'test-access-key', S3_SECRET_KEY: 'test-secret-key' } as const;

/** The worker's configuration from these variables plus the store keys, as a started worker would read it. */
export const workerConfig = (env: Record<string, string> = {}): WorkerConfig => parseWorkerConfig({ ...STORE_KEYS, ...env });
