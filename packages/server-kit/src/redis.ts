import { Redis, type RedisOptions } from 'ioredis';

/**
 * Producers fail fast when Redis is away (no offline queue: a request should error, not hang);
 * BullMQ workers need maxRetriesPerRequest null so blocking commands survive reconnects.
 */
export function createRedis(url: string, role: 'producer' | 'worker', extra: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    ...(role === 'producer' ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 } : { maxRetriesPerRequest: null }),
    ...extra,
  });
  redis.on('error', () => undefined); // reported through readiness checks, not as crashes
  return redis;
}

export async function pingRedis(redis: Redis): Promise<void> {
  const answer = await redis.ping();
  if (answer !== 'PONG') throw new Error(`redis answered ${answer}`);
}
