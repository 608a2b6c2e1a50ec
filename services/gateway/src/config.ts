import { Type, type Static } from '@sinclair/typebox';
import { CommonEnv, ConfigError, MetricsEnv, ObjectStoreEnv, parseConfig } from '@swingfit/server-kit';

const limit = (defaultValue: number, description: string) => Type.Integer({ minimum: 1, default: defaultValue, description });

/** Every rate limit (see http/rate-limit-rules.ts); a load test raises them through these. */
const RateLimitEnv = {
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: limit(15 * 60, 'how long failed sign-ins are remembered (seconds)'),
  RATE_LIMIT_LOGIN_IP_FAILURES: limit(30, 'failed sign-ins from one address, any account, before growing waits'),
  RATE_LIMIT_LOGIN_ACCOUNT_IP_FAILURES: limit(5, 'failed sign-ins from one address against one account before growing waits'),
  RATE_LIMIT_LOGIN_ACCOUNT_FAILURES: limit(10, 'failed sign-ins against one account, from anywhere, before short growing waits'),
  RATE_LIMIT_LOGIN_DELAY_CAP_SECONDS: limit(60, 'longest wait an account’s own limit imposes (never a lockout)'),
  RATE_LIMIT_BACKOFF_BASE_SECONDS: limit(1, 'first wait once a sign-in limit is reached; each further failure doubles it'),
  RATE_LIMIT_ADMIN_LOGIN_IP_FAILURES: limit(5, 'failed admin sign-ins from one address before growing waits'),
  RATE_LIMIT_REGISTER_IP: limit(10, 'new accounts from one address per registration window'),
  RATE_LIMIT_REGISTER_WINDOW_SECONDS: limit(60 * 60, 'registration window (seconds)'),
  RATE_LIMIT_UPLOAD_USER: limit(20, 'upload attempts per golfer per upload window'),
  RATE_LIMIT_UPLOAD_IP: limit(60, 'upload attempts from one address per upload window'),
  RATE_LIMIT_UPLOAD_WINDOW_SECONDS: limit(60 * 60, 'upload window (seconds)'),
};

export const GatewayEnv = Type.Object({
  ...CommonEnv,
  ...ObjectStoreEnv,
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  PUBLIC_URL: Type.String({ pattern: '^https?://.+', default: 'http://localhost:8080', description: 'origin the browser uses; cookies and CSRF checks follow it' }),
  WEB_DIST: Type.String({ default: '', description: 'folder of the built web app to serve (empty: apps/web/dist when present)' }),
  TRUST_PROXY: Type.String({ default: '', description: 'addresses of reverse proxies whose X-Forwarded-For is believed (e.g. 127.0.0.1); empty: none' }),
  DATA_DIR: Type.String({ default: '.data', description: 'local state (generated admin password, embedded object store)' }),
  SESSION_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 30 }),
  SESSION_CACHE_TTL_MS: Type.Integer({
    minimum: 0,
    maximum: 60_000,
    default: 5_000,
    description: 'how long a process trusts a session it read (0: off); a sign-out elsewhere reaches the other gateway processes within it',
  }),
  SESSION_CACHE_MAX_ENTRIES: Type.Integer({ minimum: 1, default: 100_000, description: 'sessions one process keeps in memory at most' }),
  POINTS_CACHE_TTL_MS: Type.Integer({
    minimum: 0,
    maximum: 60_000,
    default: 5_000,
    description: 'how long the leaderboard and golfers’ positions from gamification are reused (0: off); a golfer’s own award drops them sooner',
  }),
  POINTS_CACHE_MAX_POSITIONS: Type.Integer({ minimum: 1, default: 100_000, description: 'golfers’ positions one process keeps in memory at most' }),
  ADMIN_PASSWORD: Type.String({ default: '', description: 'admin area password; required when NODE_ENV=production; empty otherwise: generated once into DATA_DIR/admin-password' }),
  ADMIN_SESSION_MINUTES: Type.Integer({ minimum: 5, maximum: 24 * 60, default: 120, description: 'how long an admin sign-in lasts' }),
  BILLING_URL: Type.String({ pattern: '^https?://.+', default: 'http://127.0.0.1:8081' }),
  GAMIFICATION_URL: Type.String({ pattern: '^https?://.+', default: 'http://127.0.0.1:8082' }),
  OIDC_ISSUER: Type.String({ default: '' }),
  OIDC_CLIENT_ID: Type.String({ default: '' }),
  OIDC_CLIENT_SECRET: Type.String({ default: '' }),
  INTERNAL_TOKEN: Type.String({ minLength: 16, description: 'shared secret the gateway sends to billing and gamification' }),
  ...RateLimitEnv,
  ...MetricsEnv,
});
export type GatewayConfig = Static<typeof GatewayEnv>;

/** A production admin password must be set, and long enough that the sign-in rate limit makes guessing it hopeless. */
export const MIN_PRODUCTION_ADMIN_PASSWORD = 12;

/** parseConfig plus the rules one variable alone cannot say; throws ConfigError naming the variable. */
export function parseGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const config = parseConfig(GatewayEnv, env);
  if (config.NODE_ENV === 'production') {
    const hint = '(required when NODE_ENV=production; `pnpm start` generates one into DATA_DIR/admin-password)';
    if (!config.ADMIN_PASSWORD) throw new ConfigError(`config: ADMIN_PASSWORD is missing ${hint}`);
    if (config.ADMIN_PASSWORD.length < MIN_PRODUCTION_ADMIN_PASSWORD) {
      throw new ConfigError(`config: ADMIN_PASSWORD is too short: at least ${MIN_PRODUCTION_ADMIN_PASSWORD} characters in production`);
    }
  }
  return config;
}

/** For main.ts: a bad variable ends the process with exactly one line. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  try {
    return parseGatewayConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
}
