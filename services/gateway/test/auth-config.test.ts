import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@swingfit/server-kit';
import { GatewayEnv, parseGatewayConfig } from '../src/config.js';
import { resolveAdminPassword } from '../src/services/admin-password.js';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const valid = { INTERNAL_TOKEN: 'a'.repeat(32), S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };

describe('gateway configuration', () => {
  it.each([
    ['mysql://root@localhost/swingfit', 'malformed'],
    ['not a url', 'malformed'],
  ])('a DATABASE_URL of %j stops start-up with one line naming it', (url, state) => {
    let error: unknown;
    try {
      parseConfig(GatewayEnv, { ...valid, DATABASE_URL: url });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^config: DATABASE_URL is ${state}`));
    expect(message).not.toContain('\n');
  });

  it('names a missing INTERNAL_TOKEN', () => {
    expect(() => parseConfig(GatewayEnv, { ...valid, INTERNAL_TOKEN: undefined })).toThrow(/^config: INTERNAL_TOKEN is missing/);
  });

  it.each(['S3_ACCESS_KEY', 'S3_SECRET_KEY'])('names a missing %s: object storage has no well-known default credentials', (name) => {
    expect(() => parseConfig(GatewayEnv, { ...valid, [name]: undefined })).toThrow(new RegExp(`^config: ${name} is missing`));
  });

  it('accepts the defaults with only INTERNAL_TOKEN and the storage credentials given', () => {
    const config = parseConfig(GatewayEnv, valid);
    expect(config).toMatchObject({ RATE_LIMIT_LOGIN_ACCOUNT_FAILURES: 10, RATE_LIMIT_LOGIN_DELAY_CAP_SECONDS: 60, RATE_LIMIT_REGISTER_IP: 10, SESSION_TTL_DAYS: 30, PUBLIC_URL: 'http://localhost:8080', OIDC_ISSUER: '' });
  });

  it('requires ADMIN_PASSWORD in production, long enough to outlast the sign-in limit', () => {
    expect(() => parseGatewayConfig({ ...valid, NODE_ENV: 'production' })).toThrow(/^config: ADMIN_PASSWORD is missing \(required when NODE_ENV=production/);
    expect(() => parseGatewayConfig({ ...valid, NODE_ENV: 'production', ADMIN_PASSWORD: 'short' })).toThrow(/^config: ADMIN_PASSWORD is too short: at least 12 characters/);
    expect(parseGatewayConfig({ ...valid, NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-admin-secret' }).ADMIN_PASSWORD).toBe('a-long-admin-secret');
    // Outside production an empty one is fine: the gateway generates one into DATA_DIR.
    expect(parseGatewayConfig({ ...valid, NODE_ENV: 'development' }).ADMIN_PASSWORD).toBe('');
  });

  it('bounds the admin session to between 5 minutes and a day (2 hours by default)', () => {
    expect(parseGatewayConfig(valid).ADMIN_SESSION_MINUTES).toBe(120);
    expect(() => parseGatewayConfig({ ...valid, ADMIN_SESSION_MINUTES: '0' })).toThrow(/^config: ADMIN_SESSION_MINUTES is malformed/);
    expect(() => parseGatewayConfig({ ...valid, ADMIN_SESSION_MINUTES: String(25 * 60) })).toThrow(/^config: ADMIN_SESSION_MINUTES is malformed/);
  });
});

describe('the generated admin password of a local run', () => {
  it('is made once, kept private in DATA_DIR/admin-password, reused, and remade if the file was emptied', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-admin-'));
    try {
      const first = resolveAdminPassword('', dir);
      expect(first.source).toBe(join(dir, 'admin-password'));
      expect(first.password.length).toBeGreaterThanOrEqual(16);
      expect(statSync(first.source).mode & 0o777).toBe(0o600);
      expect(resolveAdminPassword('', dir).password).toBe(first.password);
      writeFileSync(first.source, '\n');
      const remade = resolveAdminPassword('', dir);
      expect(remade.password.length).toBeGreaterThanOrEqual(16);
      expect(readFileSync(first.source, 'utf8').trim()).toBe(remade.password);
      expect(resolveAdminPassword('from-env-secret', dir)).toEqual({ password: 'from-env-secret', source: 'ADMIN_PASSWORD environment variable' });
      // pnpm start hands the kept password to the gateway in ADMIN_PASSWORD: the log still names the file the operator reads.
      expect(resolveAdminPassword(remade.password, dir)).toEqual({ password: remade.password, source: first.source });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
