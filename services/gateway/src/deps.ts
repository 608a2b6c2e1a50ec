import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ObjectStore, OutboxRelay, QueueSettings, ServiceMetrics } from '@swingfit/server-kit';
import type { GatewayConfig } from './config.js';
import type { CoreDatabase } from '@swingfit/core-db';

/** What route plugins and services receive; built once in main.ts, or by a test with its own parts. */
export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  db: Kysely<CoreDatabase>;
  redis: Redis;
  queues: QueueSettings;
  store: ObjectStore;
  relay: OutboxRelay;
  /** scrypt hash of the admin password (services/admin-auth.ts); the password itself is not kept. */
  adminPasswordHash: string;
  /** The clock workout rules read (the golfer's Central Time day); tests move it, production leaves it unset. */
  now?: () => Date;
  /** Prometheus metrics: GET /metrics and request timings when given (main.ts always gives them). */
  metrics?: ServiceMetrics;
}
