import { describe, expect, it } from 'vitest';
import { UNKNOWN_ADDRESS_REQUEST_ID, unknownAddressProblems } from '../src/testing/unknown-address.js';

describe('what an answer to an unknown address must be', () => {
  const id = { 'x-request-id': UNKNOWN_ADDRESS_REQUEST_ID };
  it.each([
    ['the shared handler', { statusCode: 404, body: '{"message":"Not found"}', headers: id }, []],
    ["Fastify's own", { statusCode: 404, body: '{"message":"Route GET:/api/no-such-route/<script>alert(1)</script> not found","error":"Not Found","statusCode":404}', headers: {} }, ["body {\"message\":\"Route GET:/api/no-such-route/<script>alert(1)</script> not found\",\"error\":\"Not Found\",\"statusCode\":404}, not { message: 'Not found' }", 'no request id', 'the address is quoted back']],
    ['a page served instead', { statusCode: 200, body: '<!doctype html>', headers: id }, ['status 200, not 404', "body <!doctype html>, not { message: 'Not found' }"]],
  ])('%s', (_, answer, problems) => {
    expect(unknownAddressProblems(answer)).toEqual(problems);
  });
});
