import { describe, expect, it } from 'vitest';
import { parseConfig } from '@swingfit/server-kit';
import { composeEnvironment, composeProblems } from '@swingfit/server-kit/testing';
import { GamificationEnv } from '../src/config.js';

/*
 * docker-compose.yml's gamification service, read with compose's interpolation (no Docker engine runs
 * here): it must start, and every variable the file sets must be one the service reads.
 */
const OPERATOR = { INTERNAL_TOKEN: 'compose-internal-token', ADMIN_PASSWORD: 'a-long-admin-password' };

describe('docker-compose.yml runs gamification', () => {
  it('with settings it reads and starts on, its health check where it listens', () => {
    expect(composeProblems('gamification', GamificationEnv, OPERATOR)).toEqual([]);
    expect(parseConfig(GamificationEnv, composeEnvironment('gamification', OPERATOR))).toMatchObject({ NODE_ENV: 'production', PORT: 8082, HOST: '0.0.0.0' });
  });
});
