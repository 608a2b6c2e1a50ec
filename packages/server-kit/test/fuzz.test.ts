import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import pg from 'pg';
import { HttpError, createHttpServer, createLogger, routeCatalog, type App } from '../src/index.js';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.js';
import { formatFuzzReport, fuzzRoutes, injectInto, fuzzRuns, problemsWith, type FuzzResult } from '../src/testing/fuzz/index.js';

/*
 * The fuzzer must catch what issue 17 found. An app with deliberately broken routes (over a real
 * PostgreSQL): an id with no upper bound cast to a database integer (a 500), a database error
 * message passed on to the client (SQL text), an error answered as plain text, and one sound route.
 * Each broken route must be reported, the sound one must pass, and routes come from the app itself.
 */

let database: TestDatabase;
let client: pg.Client;
let app: App;
let result: FuzzResult;

function brokenApp(): App {
  const server = createHttpServer({ logger: createLogger('fuzz-test', 'silent') });
  // Unbounded id: anything past 2^31 makes PostgreSQL fail the cast, and the handler does not care.
  server.get('/api/things/:id', { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) } }, async (request) => {
    const { rows } = await client.query('select $1::integer as id', [request.params.id]);
    return rows[0];
  });
  // Passes the database's own words on: the golfer sees SQL.
  server.post('/api/scores', { schema: { body: Type.Object({ score: Type.String({ maxLength: 20 }) }) } }, async (request) => {
    try {
      await client.query('select $1::integer', [request.body.score]);
      return { ok: true };
    } catch (error) {
      throw new HttpError(400, (error as Error).message);
    }
  });
  // A refusal as plain text: the client cannot show it.
  server.get('/api/plain', { schema: { querystring: Type.Object({ q: Type.Optional(Type.String()) }) } }, async (request, reply) => {
    if (request.query.q !== 'hello') return reply.status(400).type('text/plain').send('no');
    return { ok: true };
  });
  // Never answers (a stream waited on forever): must be reported as a hang, not stall the run.
  server.get('/api/stuck', () => new Promise<never>(() => undefined));
  // Sound: bounded, validated, every refusal a JSON message.
  server.get('/api/sound/:id', { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }) }) } }, async (request) => {
    const { rows } = await client.query('select $1::integer as id', [request.params.id]);
    return rows[0];
  });
  return server;
}

beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  app = brokenApp();
  await app.ready();
  result = await fuzzRoutes({
    routes: routeCatalog(app),
    identities: [{ name: 'anyone', headers: () => ({}) }],
    runs: 200,
    seed: 17,
    answerDeadlineMs: 2_000,
    send: injectInto(app),
  });
  console.log(formatFuzzReport('broken-app', result));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await client?.end();
  await database?.drop();
});

const reportOf = (route: string) => result.reports.find((r) => r.route === route);

describe('the fuzzer', () => {
  it('takes its routes from the app: every route registered, none named by hand', () => {
    expect(result.reports.map((r) => r.route).sort()).toEqual(['GET /api/plain', 'GET /api/sound/:id', 'GET /api/stuck', 'GET /api/things/:id', 'POST /api/scores']);
  });

  it('reports a 500 from an id past the database’s range, among the edge requests every run starts with', () => {
    const report = reportOf('GET /api/things/:id');
    expect(report?.failure?.problems).toContain('answered 500');
    expect(report?.failure?.request.url).toBe('/api/things/9223372036854775808');
  });

  it('reports database error text passed on to the client', () => {
    const problems = reportOf('POST /api/scores')?.failure?.problems ?? [];
    expect(problems.some((p) => /leaked a database error|leaked SQL/.test(p))).toBe(true);
  });

  it('reports a 4xx that is not a JSON message', () => {
    expect(reportOf('GET /api/plain')?.failure?.problems).toEqual(['400 without a JSON body carrying a message']);
  });

  it('reports a request left unanswered as a hang, with the request, and goes on to the next route', () => {
    expect(reportOf('GET /api/stuck')?.failure?.problems).toEqual(['never answered within 2000 ms']);
    expect(reportOf('GET /api/sound/:id')?.cases).toBeGreaterThan(0);
  });

  it('passes a sound route, having run every case', () => {
    // 200 random cases after the edge requests every run starts with.
    expect(reportOf('GET /api/sound/:id')?.cases).toBeGreaterThan(fuzzRuns(200));
    expect(reportOf('GET /api/sound/:id')?.failure).toBeUndefined();
  });

  it('tells how to replay a failure', () => {
    expect(formatFuzzReport('broken-app', result)).toContain("replay: FUZZ_SEED=17 FUZZ_ROUTE='GET /api/things/:id'");
  });
});

describe('the verdict on a page for the browser', () => {
  const page = (status: number, body = '<!doctype html><p>Not found</p>') => ({ status, contentType: 'text/html; charset=utf-8', body });

  it('lets a route that answers pages refuse with a page, and still reports a crash, a leak or an empty answer', () => {
    expect(problemsWith(page(404), { html: true })).toEqual([]);
    expect(problemsWith(page(404))).toEqual(['404 without a JSON body carrying a message']);
    expect(problemsWith(page(500), { html: true })).toEqual(['answered 500']);
    expect(problemsWith(page(400, '<p>Error at handler (/srv/app/src/pages.ts:12:3)</p>'), { html: true })).toEqual(['leaked a source path']);
    expect(problemsWith(page(400, ''), { html: true })).toEqual(['400 without a JSON body carrying a message']);
  });

  it('tries the real text ids it is given where a route’s schema takes them', async () => {
    const seen = new Set<string>();
    await fuzzRoutes({
      routes: [{ method: 'GET', url: '/pages/:id', hasOnRequest: false, schema: { params: Type.Object({ id: Type.String({ pattern: '^cs_[a-z0-9]{1,20}$' }) }) } }],
      identities: [{ name: 'anyone', headers: () => ({}) }],
      hints: { texts: ['cs_real1', 'not an id'] },
      runs: 60,
      seed: 5,
      send: async (request) => {
        seen.add(request.url);
        return { status: 404, contentType: 'application/json', body: '{"message":"Not found"}' };
      },
    });
    expect(seen).toContain('/pages/cs_real1');
    expect([...seen].some((url) => url.includes('not%20an%20id'))).toBe(false);
  });
});
