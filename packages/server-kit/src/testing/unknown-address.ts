/*
 * How every service must answer an address no route serves (createHttpServer's one not-found handler):
 * 404 in plain words with the request id, never the address quoted back. Fastify's own 404 read
 * 'Route GET:/… not found', echoing whatever came, a probe's payload included. Each service's tests send
 * these requests to their own app, so one that stops using the shared handler is caught.
 */

/** Requests to addresses no route serves: one carrying a probe's payload, one a plain miss. */
export const UNKNOWN_ADDRESSES = [
  ['GET', '/api/no-such-route/<script>alert(1)</script>'],
  ['POST', '/nothing-here'],
] as const;

/** The request id the requests carry, to be seen again on the answer. */
export const UNKNOWN_ADDRESS_REQUEST_ID = 'req-unknown';

/** What is wrong with an answer to one of UNKNOWN_ADDRESSES; empty when it is right. */
export function unknownAddressProblems(answer: { statusCode: number; body: string; headers: Record<string, unknown> }): string[] {
  const problems: string[] = [];
  if (answer.statusCode !== 404) problems.push(`status ${answer.statusCode}, not 404`);
  if (answer.body !== JSON.stringify({ message: 'Not found' })) problems.push(`body ${answer.body}, not { message: 'Not found' }`);
  if (answer.headers['x-request-id'] !== UNKNOWN_ADDRESS_REQUEST_ID) problems.push('no request id');
  if (/no-such-route|nothing-here|script/.test(answer.body)) problems.push('the address is quoted back');
  return problems;
}
