import { afterAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { createHttpServer, createLogger } from '../src/index.js';

/*
 * A nullable field (`anyOf [schema, null]`) used to answer "handicap must be <= 54; handicap must be
 * null; handicap must match a schema in anyOf": jargon a profile form cannot show a golfer. It must
 * read like the same field without null.
 */
const Nullable = <T extends ReturnType<typeof Type.Number> | ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Handicap = () => Type.Number({ minimum: -10, maximum: 54 });
const Body = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    handicap: Type.Optional(Nullable(Handicap())),
    strictHandicap: Type.Optional(Handicap()),
    city: Type.Optional(Nullable(Type.String({ pattern: '^[a-z]*$', errorMessage: 'must be lower-case letters' }))),
    plan: Type.Optional(Type.Union([Type.Literal('monthly'), Type.Literal('annual')])),
    // As contracts' TrimmedText makes a name: its words state the length, the raw bound is a guard.
    firstName: Type.Optional(Type.String({ maxLength: 320, pattern: '^\\s*\\S(?:.{0,78}\\S)?\\s*$', errorMessage: 'must be 1 to 80 characters (not only spaces)', lengthInWords: true })),
  },
  { additionalProperties: false },
);

const app = createHttpServer({ logger: createLogger('validation-words-test', 'silent') });
app.patch('/profile', { schema: { body: Body } }, async () => ({ ok: true }));
app.get('/history/:name', async () => ({ ok: true }));
afterAll(() => app.close());

async function errorsFor(payload: object) {
  const res = await app.inject({ method: 'PATCH', url: '/profile', payload });
  expect(res.statusCode).toBe(400);
  return res.json() as { message: string; errors: Array<{ field: string; message: string }> };
}

describe('schema errors in plain words', () => {
  it('a nullable field out of range reads like the non-null one, once', async () => {
    const body = await errorsFor({ email: 'x@y', handicap: 99999 });
    expect(body.errors).toEqual([
      { field: 'email', message: 'must be a valid email address' },
      { field: 'handicap', message: 'must be at most 54' },
    ]);
    expect(body.message).toBe('Invalid body: email must be a valid email address; handicap must be at most 54');
    expect(body.message).not.toMatch(/anyOf|must be null/);
    const strict = await errorsFor({ strictHandicap: 99999 });
    expect(strict.errors).toEqual([{ field: 'strictHandicap', message: 'must be at most 54' }]);
  });

  it.each([
    [{ handicap: -20 }, 'must be at least -10'],
    [{ handicap: 'scratch' }, 'must be number'],
    [{ city: 'Bad City' }, 'must be lower-case letters'],
  ])('%j: %s', async (payload, message) => {
    const field = Object.keys(payload)[0];
    expect((await errorsFor(payload)).errors).toEqual([{ field, message }]);
  });

  it('a choice of words names the choices, once, instead of "must be equal to constant" for each', async () => {
    const body = await errorsFor({ plan: 'weekly' });
    expect(body.errors).toEqual([{ field: 'plan', message: 'must be one of: monthly, annual' }]);
    expect(body.message).toBe('Invalid body: plan must be one of: monthly, annual');
  });

  it('a name far past its length says its one rule once, not the raw bound beside it', async () => {
    const body = await errorsFor({ firstName: 'x'.repeat(5000) });
    expect(body.errors).toEqual([{ field: 'firstName', message: 'must be 1 to 80 characters (not only spaces)' }]);
  });

  it('a field not in the schema is still named as not allowed', async () => {
    expect((await errorsFor({ isPremium: true })).errors).toEqual([{ field: 'isPremium', message: 'is not allowed' }]);
  });
});

describe('addresses Fastify refuses before any route runs', () => {
  it.each([
    ['a path segment past the router’s limit', `/history/${'x'.repeat(5000)}`, 414, 'A part of the address is too long'],
    ['a broken percent escape', '/history/%E2%82', 400, 'The address is not valid'],
  ])('%s is answered in words with the request id, not an error code and the address echoed', async (_what, url, status, message) => {
    const res = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'req-414' } });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
    expect(res.headers['x-request-id']).toBe('req-414');
  });
});
