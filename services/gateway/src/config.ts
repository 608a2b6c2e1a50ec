import { Type, type Static } from '@sinclair/typebox';
import { CommonEnv, ObjectStoreEnv, loadConfig } from '@swingfit/server-kit';

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
  ADMIN_PASSWORD: Type.String({ default: '', description: 'admin area password; empty: generated at start and written to .data/admin-password' }),
  BILLING_URL: Type.String({ pattern: '^https?://.+', default: 'http://127.0.0.1:8081' }),
  GAMIFICATION_URL: Type.String({ pattern: '^https?://.+', default: 'http://127.0.0.1:8082' }),
  OIDC_ISSUER: Type.String({ default: '' }),
  OIDC_CLIENT_ID: Type.String({ default: '' }),
  OIDC_CLIENT_SECRET: Type.String({ default: '' }),
  INTERNAL_TOKEN: Type.String({ minLength: 16, description: 'shared secret the gateway sends to billing and gamification' }),
  LOGIN_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10, description: 'login attempts per IP+email per 15 minutes' }),
});
export type GatewayConfig = Static<typeof GatewayEnv>;

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(GatewayEnv, env);
