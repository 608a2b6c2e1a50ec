import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@swingfit/server-kit';
import { GatewayEnv } from '../src/config.js';

const valid = { INTERNAL_TOKEN: 'a'.repeat(32) };

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
    expect(() => parseConfig(GatewayEnv, {})).toThrow(/^config: INTERNAL_TOKEN is missing/);
  });

  it('accepts the defaults with only INTERNAL_TOKEN given', () => {
    const config = parseConfig(GatewayEnv, valid);
    expect(config).toMatchObject({ LOGIN_RATE_LIMIT: 10, SESSION_TTL_DAYS: 30, PUBLIC_URL: 'http://localhost:8080', OIDC_ISSUER: '' });
  });
});
