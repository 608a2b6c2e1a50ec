import { describe, expect, it } from 'vitest';
import { parseConfig } from '@swingfit/server-kit';
import { COMPOSE_OPERATOR_SECRETS, composeEnvironment, composeProblems, undocumentedVariables } from '@swingfit/server-kit/testing';
import { GamificationEnv } from '../src/config.js';

/*
 * docker-compose.yml's gamification service, read with compose's interpolation (no Docker engine runs
 * here): it must start, and every variable the file sets must be one the service reads.
 */

describe('docker-compose.yml runs gamification', () => {
  it('with settings it reads and starts on, its health check where it listens', () => {
    expect(composeProblems('gamification', GamificationEnv, COMPOSE_OPERATOR_SECRETS)).toEqual([]);
    expect(parseConfig(GamificationEnv, composeEnvironment('gamification', COMPOSE_OPERATOR_SECRETS))).toMatchObject({ NODE_ENV: 'production', PORT: 8082, HOST: '0.0.0.0' });
  });
});

describe('.env.example', () => {
  it('lists every variable the gamification reads', () => {
    expect(undocumentedVariables(GamificationEnv)).toEqual([]);
  });
});
