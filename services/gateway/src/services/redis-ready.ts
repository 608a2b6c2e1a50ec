import type { Redis } from 'ioredis';

/**
 * Producer connections have no offline queue (a request should fail, not hang, when Redis is gone).
 * Right after start, though, the connection may still be opening: give it a moment instead of
 * failing the first sign-ins of a fresh replica.
 */
export async function redisReady(redis: Redis, timeoutMs = 2_000): Promise<Redis> {
  if (redis.status === 'ready' || redis.status === 'end' || redis.status === 'close') return redis;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
  return redis;
}
