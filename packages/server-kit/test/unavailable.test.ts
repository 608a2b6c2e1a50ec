import { describe, expect, it } from 'vitest';
import { HttpError, TEMPORARILY_UNAVAILABLE, createHttpServer, createLogger, isDependencyUnavailable } from '../src/index.js';

/* A dependency that is away is a 503 with a sentence; a bug stays a 500 whose words never leave the process. */

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED'), true],
    ['connection reset', withCode('ECONNRESET'), true],
    ['PostgreSQL shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command'), true],
    ['PostgreSQL starting up (57P03)', withCode('57P03', 'the database system is starting up'), true],
    ['PostgreSQL connection failure (08006)', withCode('08006'), true],
    ['too many connections (53300)', withCode('53300'), true],
    ['node-postgres lost the connection', new Error('Connection terminated unexpectedly'), true],
    ['node-postgres broken client', new Error('Client has encountered a connection error and is not queryable'), true],
    ['pool could not connect in time', new Error('timeout exceeded when trying to connect'), true],
    ['dual-stack connect refused on both addresses', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), true],
    ['wrapped in a cause', new Error('send failed', { cause: withCode('ECONNREFUSED') }), true],
    ['a unique violation (23505) is a bug or a race, not an outage', withCode('23505'), false],
    ['a syntax error (42601)', withCode('42601'), false],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['an aggregate with one real bug in it', new AggregateError([withCode('ECONNREFUSED'), new Error('boom')]), false],
    ['not an error', 'ECONNREFUSED', false],
  ])('%s: %s', (_name, error, expected) => {
    expect(isDependencyUnavailable(error)).toBe(expected);
  });
});

describe('the error answer', () => {
  it('is a 503 with a sentence and Retry-After for an unreachable dependency, a bare 500 for a bug', async () => {
    const app = createHttpServer({ logger: createLogger('unavailable-test', 'silent') });
    app.get('/away', async () => {
      throw withCode('57P01', 'terminating connection due to administrator command at 10.0.0.5');
    });
    app.get('/bug', async () => {
      throw new Error('select * from users: column "secret" does not exist');
    });
    app.get('/said', async () => {
      throw new HttpError(409, 'Already done');
    });
    const away = await app.inject({ method: 'GET', url: '/away' });
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual({ message: TEMPORARILY_UNAVAILABLE });
    expect(away.headers['retry-after']).toBe('5');
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect([bug.statusCode, bug.json()]).toEqual([500, { message: 'Internal server error' }]);
    expect((await app.inject({ method: 'GET', url: '/said' })).statusCode).toBe(409);
    await app.close();
  });
});
