import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError, type App } from '@swingfit/server-kit';
import { redisReady } from '../services/redis-ready.js';

/*
 * The gateway's one rate-limit mechanism. A route lists its rules in its options,
 *   app.post('/api/auth/login', { config: { rateLimits: [limits.loginAddress, ...] }, ... })
 * and every rule is a counter in Redis (shared by all replicas) under `{QUEUE_PREFIX}:rate:{rule}:{hash}`:
 * subjects are hashed, so Redis never holds an email address or an IP in clear.
 *
 * A rule counts either every attempt that reaches the handler, or only failures (an answer below 400,
 * or a 5xx that was not the client's doing, is given back before it is sent). Over its maximum a rule
 * refuses with 429 and Retry-After: until the window ends, or, with `backoffCapSeconds`, until a delay
 * that doubles from `backoffBaseSeconds` (1 s) with each further failure (capped) has passed since the last one, so a
 * golfer is slowed, never shut out for long. All of a request's rules are checked and counted in one
 * atomic step: a refused request counts against none of them.
 */

export interface RateLimitRule {
  /** Names the counter (part of the Redis key). */
  name: string;
  counts: 'attempts' | 'failures';
  max: number;
  windowSeconds: number;
  /** Over `max`, one more try after a delay doubling per failure from `backoffBaseSeconds` up to this many seconds. */
  backoffCapSeconds?: number;
  /** The first of those delays (default 1 s). */
  backoffBaseSeconds?: number;
  /** A successful answer also clears this counter (a golfer's own typos before the right password). */
  clearOnSuccess?: boolean;
  /**
   * With Redis unreachable: 'refuse' (the default, 503: a sign-in guard must not open up) or 'allow'
   * (the route has its own limit in PostgreSQL, like the upload allowance, and must keep working).
   */
  whenStoreDown?: 'refuse' | 'allow';
  /** The 429's words: `Too many ${what}. Please try again in …` */
  what: string;
  /** Who or what is counted; undefined skips the rule for this request. */
  subject(request: FastifyRequest): string | undefined | Promise<string | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Rate limits of this route (see http/rate-limit.ts). */
    rateLimits?: RateLimitRule[];
  }
  interface FastifyRequest {
    rateLimitHits?: Array<{ key: string; rule: RateLimitRule }>;
  }
}

/*
 * KEYS: one hash per rule ({ n: count, t: last hit in ms }). ARGV: now, then per key max, windowMs,
 * capMs (0: no backoff), baseMs. Returns 0 after counting the hit on every key, or the longest wait in ms.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local max = tonumber(ARGV[i * 4 - 2])
  local cap = tonumber(ARGV[i * 4])
  local base = tonumber(ARGV[i * 4 + 1])
  local n = tonumber(redis.call('HGET', key, 'n') or '0')
  if n >= max then
    local w
    if cap > 0 then
      local last = tonumber(redis.call('HGET', key, 't') or '0')
      w = last + math.min(base * 2 ^ (n - max), cap) - now
    else
      w = redis.call('PTTL', key)
    end
    if w > wait then wait = w end
  end
end
if wait > 0 then return math.ceil(wait) end
for i, key in ipairs(KEYS) do
  local n = redis.call('HINCRBY', key, 'n', 1)
  redis.call('HSET', key, 't', now)
  if n == 1 or tonumber(ARGV[i * 4]) > 0 then redis.call('PEXPIRE', key, tonumber(ARGV[i * 4 - 1])) end
end
return 0
`;

/** Gives one hit back (a success), or clears the counter; never creates a key that has expired. */
const REFUND_SCRIPT = `
if ARGV[1] == 'clear' then return redis.call('DEL', KEYS[1]) end
if redis.call('HGET', KEYS[1], 'n') then return redis.call('HINCRBY', KEYS[1], 'n', -1) end
return 0
`;

type LimitRedis = Redis & {
  rateLimitHit(keyCount: number, ...args: Array<string | number>): Promise<number>;
  rateLimitRefund(key: string, mode: string): Promise<number>;
};

function withScripts(redis: Redis): LimitRedis {
  const r = redis as LimitRedis;
  if (typeof r.rateLimitHit !== 'function') {
    redis.defineCommand('rateLimitHit', { lua: HIT_SCRIPT });
    redis.defineCommand('rateLimitRefund', { numberOfKeys: 1, lua: REFUND_SCRIPT });
  }
  return r;
}

/** "1 second", "40 seconds", "3 minutes": how long a golfer waits, in words. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export class TooManyRequestsError extends HttpError {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, `Too many ${what}. Please try again in ${waitInWords(retryAfterSeconds)}.`);
  }
}

const digest = (subject: string) => createHash('sha256').update(subject).digest('hex').slice(0, 32);

export class RateLimiter {
  private readonly redis: LimitRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.redis = withScripts(redis);
  }

  key(rule: RateLimitRule, subject: string) {
    return `${this.prefix}:rate:${rule.name}:${digest(subject)}`;
  }

  /** Counts the request against every rule that applies, or throws 429 (counting nothing). */
  async hit(request: FastifyRequest, rules: RateLimitRule[]): Promise<void> {
    const applied: Array<{ key: string; rule: RateLimitRule }> = [];
    for (const rule of rules) {
      const subject = await rule.subject(request);
      if (subject !== undefined) applied.push({ key: this.key(rule, subject), rule });
    }
    if (applied.length === 0) return;
    const args = applied.flatMap(({ rule }) => [rule.max, rule.windowSeconds * 1000, (rule.backoffCapSeconds ?? 0) * 1000, (rule.backoffBaseSeconds ?? 1) * 1000]);
    let waitMs: number;
    try {
      await redisReady(this.redis);
      waitMs = await this.redis.rateLimitHit(applied.length, ...applied.map((a) => a.key), Date.now(), ...args);
    } catch (error) {
      if (!applied.every(({ rule }) => rule.whenStoreDown === 'allow')) throw error;
      request.log.warn({ err: error, rules: applied.map((a) => a.rule.name) }, 'rate limits unchecked: Redis unavailable');
      return;
    }
    if (waitMs > 0) {
      const refusing = applied.find(({ rule }) => rule.counts === 'failures') ?? applied[0]!;
      throw new TooManyRequestsError(refusing.rule.what, Math.max(1, Math.ceil(waitMs / 1000)));
    }
    request.rateLimitHits = applied;
  }

  /** After a successful answer: failure-counting rules give the hit back (or clear their counter). */
  async settle(request: FastifyRequest, statusCode: number): Promise<void> {
    const succeeded = statusCode < 400 || statusCode >= 500;
    if (!succeeded || !request.rateLimitHits) return;
    for (const { key, rule } of request.rateLimitHits) {
      if (rule.counts === 'failures') await this.redis.rateLimitRefund(key, rule.clearOnSuccess ? 'clear' : 'refund');
    }
  }
}

export const UNAVAILABLE = 'This is unavailable right now. Please try again in a moment.';

const list = <T>(hook: T | T[] | undefined): T[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);

/**
 * Makes `config.rateLimits` work on every route added after this call (the onRoute hook is inherited
 * by every plugin). The check runs first among the route's preHandlers: after authentication
 * (onRequest) and body validation, before any work. 429 answers carry Retry-After.
 */
export function installRateLimits(app: App, limiter: RateLimiter): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const rules = route.config?.rateLimits;
    if (!rules?.length) return;
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await limiter.hit(request, rules);
      } catch (error) {
        if (error instanceof TooManyRequestsError) {
          reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        }
        // Without its counters the route stays shut (a sign-in must not become unlimited), and says so.
        request.log.error({ err: error }, 'rate limits unavailable');
        throw new HttpError(503, UNAVAILABLE);
      }
    };
    const settle = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      await limiter.settle(request, reply.statusCode);
      return payload;
    };
    route.preHandler = [check, ...list(route.preHandler)];
    route.onSend = [...list(route.onSend), settle];
  });
}
