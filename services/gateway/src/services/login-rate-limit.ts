import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from '@swingfit/server-kit';
import { redisReady } from './redis-ready.js';

export const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * Fixed-window counters of sign-in attempts, kept in Redis so every gateway replica sees the same
 * numbers. Each attempt counts against its IP and against the account it names; either one over the
 * limit refuses the attempt before the password is even checked.
 */
export class LoginRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly limit: number,
    private readonly windowSeconds = LOGIN_WINDOW_SECONDS,
  ) {}

  private key(scope: string, subject: string) {
    // Hashed so Redis never holds email addresses in clear.
    const digest = createHash('sha256').update(subject).digest('hex').slice(0, 32);
    return `${this.keyPrefix}:login-attempts:${scope}:${digest}`;
  }

  /** Counts one attempt for each subject; throws 429 when any of them is over the limit. */
  async hit(subjects: Array<{ scope: string; id: string }>): Promise<void> {
    const tx = (await redisReady(this.redis)).multi();
    for (const s of subjects) {
      const key = this.key(s.scope, s.id);
      tx.set(key, '0', 'EX', this.windowSeconds, 'NX').incr(key).ttl(key);
    }
    const results = (await tx.exec()) ?? [];
    let retryAfter = 0;
    for (let i = 0; i < subjects.length; i++) {
      const count = Number(results[i * 3 + 1]?.[1] ?? 0);
      const ttl = Number(results[i * 3 + 2]?.[1] ?? this.windowSeconds);
      if (count > this.limit) retryAfter = Math.max(retryAfter, ttl > 0 ? ttl : this.windowSeconds);
    }
    if (retryAfter > 0) throw new TooManyAttemptsError(retryAfter);
  }

  /** A successful sign-in clears the account's counter, so its owner is not locked out by earlier typos. */
  async clear(scope: string, id: string): Promise<void> {
    await (await redisReady(this.redis)).del(this.key(scope, id));
  }
}

export class TooManyAttemptsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}

/** 429 answers carry Retry-After, so scripts back off as well as people. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
