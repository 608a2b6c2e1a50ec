import { Type } from '@sinclair/typebox';

/** Variables every service reads; each service's config.ts spreads these into its own schema. */
export const CommonEnv = {
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], { default: 'development' }),
  LOG_LEVEL: Type.Union([Type.Literal('fatal'), Type.Literal('error'), Type.Literal('warn'), Type.Literal('info'), Type.Literal('debug'), Type.Literal('trace'), Type.Literal('silent')], { default: 'info' }),
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://.+', default: 'postgres://postgres@127.0.0.1:5432/swingfit', description: 'PostgreSQL connection URL' }),
  REDIS_URL: Type.String({ pattern: '^rediss?://.+', default: 'redis://127.0.0.1:6379', description: 'Redis connection URL' }),
  QUEUE_PREFIX: Type.String({ minLength: 1, default: 'swingfit', description: 'BullMQ key prefix' }),
};

export const ObjectStoreEnv = {
  S3_ENDPOINT: Type.String({ pattern: '^https?://.+', default: 'http://127.0.0.1:9000', description: 'S3/MinIO endpoint URL' }),
  S3_REGION: Type.String({ default: 'us-east-1' }),
  // No defaults: like any S3 the store needs real credentials (pnpm start makes them for the embedded one).
  S3_ACCESS_KEY: Type.String({ minLength: 1, description: 'object store access key (pnpm start generates one for the embedded store)' }),
  S3_SECRET_KEY: Type.String({ minLength: 1, description: 'object store secret key (pnpm start generates one for the embedded store)' }),
  S3_BUCKET: Type.String({ minLength: 3, default: 'swing-videos' }),
};

export function objectStoreConfig(c: { S3_ENDPOINT: string; S3_REGION: string; S3_ACCESS_KEY: string; S3_SECRET_KEY: string; S3_BUCKET: string }) {
  return { endpoint: c.S3_ENDPOINT, region: c.S3_REGION, accessKey: c.S3_ACCESS_KEY, secretKey: c.S3_SECRET_KEY, bucket: c.S3_BUCKET };
}

/** BullMQ connection options from a redis:// URL. */
export function queueConnection(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}
