import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPOSE_FILE, composeEnvironment, interpolate, readComposeFile } from '../src/testing/compose.js';

/*
 * Compose's interpolation, as docker compose documents it, and the real compose file read through it:
 * the services' own tests (test/compose.test.ts in each) parse their environment from there.
 */
describe('compose interpolation', () => {
  const env = { SET: 'value', EMPTY: '', NESTED: 'inner' };
  it.each([
    ['${SET}', 'value'],
    ['${UNSET}', ''],
    ['${SET:-fallback}', 'value'],
    ['${EMPTY:-fallback}', 'fallback'],
    ['${EMPTY-fallback}', ''],
    ['${UNSET-fallback}', 'fallback'],
    ['${UNSET:-${NESTED:-deeper}}', 'inner'],
    ['${UNSET:-${ALSO_UNSET:-deeper}}', 'deeper'],
    ['postgres://u:${UNSET:-pw}@db:5432/${SET}', 'postgres://u:pw@db:5432/value'],
    ['$${SET}', '${SET}'],
    ['${SET:?needed}', 'value'],
    ['${EMPTY?needed}', ''],
  ])('%s reads %j', (text, expected) => {
    expect(interpolate(text, env)).toBe(expected);
  });

  it.each([['${UNSET:?set UNSET please}'], ['${EMPTY:?set EMPTY please}'], ['${UNSET?set UNSET please}']])('%s refuses, as compose does, with its message', (text) => {
    expect(() => interpolate(text, env)).toThrow(/please/);
  });

  it('refuses a malformed reference instead of passing it on', () => {
    expect(() => interpolate('${SET', env)).toThrow(/unclosed/);
    expect(() => interpolate('${:-x}', env)).toThrow(/name is missing/);
  });
});

describe('docker-compose.yml as read here', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sf-compose-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('resolves the shared anchors into each service, as compose merges them', () => {
    const file = readComposeFile();
    const gateway = composeEnvironment('gateway', { INTERNAL_TOKEN: 't'.repeat(20), ADMIN_PASSWORD: 'a'.repeat(16) }, file);
    // From x-service-env and x-s3-env, merged with `<<: [*service-env, *s3-env]`, beside its own entries.
    expect(gateway).toMatchObject({ NODE_ENV: 'production', REDIS_URL: 'redis://redis:6379', S3_ENDPOINT: 'http://minio:9000', BILLING_URL: 'http://billing:8081' });
    expect(gateway.DATABASE_URL).toBe('postgres://swingfit:swingfit@postgres:5432/swingfit');
    // The operator's values win over the file's defaults.
    expect(composeEnvironment('gateway', { INTERNAL_TOKEN: 't'.repeat(20), ADMIN_PASSWORD: 'a'.repeat(16), POSTGRES_PASSWORD: 'p2' }, file).DATABASE_URL).toBe('postgres://swingfit:p2@postgres:5432/swingfit');
  });

  it('refuses to start the stack without the secrets the file requires, as compose does', () => {
    expect(() => composeEnvironment('gateway', {})).toThrow(/INTERNAL_TOKEN is required/);
    expect(() => composeEnvironment('gateway', { INTERNAL_TOKEN: 't'.repeat(20) })).toThrow(/ADMIN_PASSWORD is required/);
  });

  it('reads another file the same way (a copy with a service removed says so)', () => {
    const copy = join(dir, 'compose.yml');
    writeFileSync(copy, readFileSync(COMPOSE_FILE, 'utf8').replace(/\n {2}gamification:/, '\n  scoring:'));
    expect(() => composeEnvironment('gamification', { INTERNAL_TOKEN: 't'.repeat(20) }, readComposeFile(copy))).toThrow(/no service "gamification"/);
  });
});
