import { describe, expect, it } from 'vitest';
import { COMPOSE_OPERATOR_SECRETS, composeEnvironment, composeProblems, undocumentedVariables } from '@swingfit/server-kit/testing';
import { GatewayEnv, parseGatewayConfig } from '../src/config.js';

/*
 * docker-compose.yml's gateway, read with compose's interpolation (no Docker engine runs here): it must
 * start, and every variable the file sets must be one the gateway reads (a renamed one would be ignored).
 */

describe('docker-compose.yml runs the gateway', () => {
  it('with settings it reads and starts on, its health check and published port where it listens', () => {
    expect(composeProblems('gateway', GatewayEnv, COMPOSE_OPERATOR_SECRETS)).toEqual([]);
    const config = parseGatewayConfig(composeEnvironment('gateway', COMPOSE_OPERATOR_SECRETS));
    expect(config).toMatchObject({ NODE_ENV: 'production', PORT: 8080, HOST: '0.0.0.0', BILLING_URL: 'http://billing:8081', GAMIFICATION_URL: 'http://gamification:8082' });
  });

  it('passes the rate limits and cache sizes from .env through, defaulting as the gateway does', () => {
    const tunables = Object.keys(GatewayEnv.properties).filter((name) => /^(RATE_LIMIT_|SESSION_CACHE_|POINTS_CACHE_)/.test(name)) as Array<keyof typeof GatewayEnv.properties>;
    const composed = parseGatewayConfig(composeEnvironment('gateway', COMPOSE_OPERATOR_SECRETS));
    const own = parseGatewayConfig({ NODE_ENV: 'production', ...COMPOSE_OPERATOR_SECRETS, S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' });
    for (const name of tunables) expect(composed[name], name).toBe(own[name]);
    const raised = Object.fromEntries(tunables.map((name) => [name, '4321']));
    const config = parseGatewayConfig(composeEnvironment('gateway', { ...COMPOSE_OPERATOR_SECRETS, ...raised }));
    for (const name of tunables) expect(config[name], name).toBe(4321);
  });

  it('takes the origin from the published PORT when PUBLIC_URL is not set, so cookies and CSRF checks follow the port golfers use', () => {
    expect(parseGatewayConfig(composeEnvironment('gateway', COMPOSE_OPERATOR_SECRETS)).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseGatewayConfig(composeEnvironment('gateway', { ...COMPOSE_OPERATOR_SECRETS, PORT: '9090' })).PUBLIC_URL).toBe('http://localhost:9090');
    const set = { ...COMPOSE_OPERATOR_SECRETS, PORT: '9090', PUBLIC_URL: 'https://swingfit.example.com' };
    expect(parseGatewayConfig(composeEnvironment('gateway', set)).PUBLIC_URL).toBe('https://swingfit.example.com');
  });

  it('refuses a production admin password too short, as the gateway itself does', () => {
    expect(() => parseGatewayConfig(composeEnvironment('gateway', { ...COMPOSE_OPERATOR_SECRETS, ADMIN_PASSWORD: 'short' }))).toThrow(/ADMIN_PASSWORD is too short/);
  });
});

describe('.env.example', () => {
  it('lists every variable the gateway reads', () => {
    expect(undocumentedVariables(GatewayEnv)).toEqual([]);
  });
});
