import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { GamificationConfig } from './config.js';
import type { GamificationDatabase } from './db/schema.js';
import type { ServiceMetrics } from '@swingfit/server-kit';

/** What routes receive; built once in main.ts, or by a test with its own parts. */
export interface GamificationDeps {
  config: GamificationConfig;
  logger: Logger;
  db: Kysely<GamificationDatabase>;
  redis: Redis;
  /** Prometheus metrics: GET /metrics and request timings when given (main.ts always gives them). */
  metrics?: ServiceMetrics;
}
