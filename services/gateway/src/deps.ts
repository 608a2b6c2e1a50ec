import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ObjectStore, OutboxRelay, QueueSettings, ServiceMetrics } from '@swingfit/server-kit';
import type { GatewayConfig } from './config.js';
import type { CoreDatabase } from '@swingfit/core-db';
import type { SessionCache } from './http/session-cache.js';
import type { PointsCache } from './services/points-cache.js';

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
  /**
   * Signed-in sessions this process read lately (http/session-cache.ts). buildApp makes it from the
   * config when absent, on this object, so everything built from the same deps shares one.
   */
  sessionCache?: SessionCache;
  /** The leaderboard and positions from gamification (services/points-cache.ts); made like sessionCache. */
  pointsCache?: PointsCache;
}
