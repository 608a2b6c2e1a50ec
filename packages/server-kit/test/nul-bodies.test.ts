import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createHttpServer, createLogger, findNul } from '../src/index.js';

/*
 * The NUL guard reads parsed bodies only. A route that takes its body as a stream (as the gateway's
 * forwarded routes do) must be answered, not walked forever: found by `pnpm test:faults` (scenario d),
 * where every forwarded POST with a JSON body hung the gateway.
 */

function cyclic() {
  const item: Record<string, unknown> = { name: 'loop' };
  item.self = item;
  return item;
}

describe('findNul', () => {
  it.each([
    ['a NUL in a nested field', { a: { b: ['ok', 'x\u0000y'] } }, 'a.b.1'],
    ['a NUL in a key', { 'k\u0000': 1 }, ''],
    ['a clean body', { a: [1, 'two', { three: null }] }, undefined],
    ['a string alone', 'x\u0000', ''],
    ['a stream (not parsed data) is not walked', new PassThrough(), undefined],
    ['a Buffer is not walked', Buffer.from('x\u0000'), undefined],
    ['an object that refers to itself ends', cyclic(), undefined],
  ])('%s', (_name, body, expected) => {
    expect(findNul(body)).toBe(expected);
  });
});

describe('a route that takes its body as a stream', () => {
  it('is answered, its body left to the handler', async () => {
    const app = createHttpServer({ logger: createLogger('nul-test', 'silent') });
    await app.register(async (scope) => {
      // What @fastify/http-proxy does: the raw request stream is the body, to be piped upstream.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      scope.post('/forwarded', async (request) => {
        let text = '';
        for await (const chunk of request.body as AsyncIterable<Buffer>) text += chunk.toString();
        return { received: text };
      });
    });
    // A real socket: the request object's graph (socket, parser, server) is what looped.
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${url}/forwarded`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"plan":"annual"}', signal: AbortSignal.timeout(5_000) });
    expect(await res.json()).toEqual({ received: '{"plan":"annual"}' });
    await app.close();
  }, 10_000);
});
