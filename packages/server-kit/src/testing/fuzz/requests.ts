import fc from 'fast-check';
import type { RouteEntry } from '../../http.js';
import { HOSTILE_TEXT, fuzzValue, type JsonSchema, type ValueHints } from './schema-values.js';

/** One request the fuzzer sends. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Path pieces that have broken servers: numbers past bigint, float and hex forms, dot segments, bad escapes. */
const HOSTILE_SEGMENTS = ['9223372036854775808', '99999999999999999999999', '1e20', '-1', '0', '1.5', '0x10', '%20%31', 'abc', 'NaN', 'Infinity', '%00', '%2e%2e', '..', '%E2%82', '%ED%A0%80', 'x'.repeat(3000)];
/** Words found in real routes, so wildcard tails reach real handlers behind proxies and media routes. */
const ROUTE_WORDS = ['read', 'read-all', 'summary', 'monthly-position', '1', '2', 'face-on', 'down-the-line', 'playback.mp4', 'poster.jpg', 'keyframes', 'top.jpg', 'pose.json'];

/** Bodies that are not what they claim to be, or JSON that has broken parsers. */
const RAW_JSON = [
  '',
  'not json',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"a":"\\u0000"}',
  '\uFEFF{}',
];
const OTHER_BODIES: Array<[string, string]> = [
  ['text/plain', 'plain text'],
  ['application/x-www-form-urlencoded', 'a=1&b=%00'],
  ['multipart/form-data', 'no boundary at all'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="faceOnVideo"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\nhalf a fil'],
  ['application/octet-stream', '\u0000\u0001\u0002'],
  ['application/json', 'x'.repeat(1_100_000)],
  ['application/xml', '<a/>'],
];

/** Percent-encoded; a lone surrogate (no UTF-8 form) becomes U+FFFD, invalid UTF-8 is tried in HOSTILE_SEGMENTS. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));

const asText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));

/** A path parameter: a value from its schema, encoded, or a raw hostile piece. */
function segment(schema: JsonSchema | undefined, hints: ValueHints): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fuzzValue(schema, hints).map((v) => encode(asText(v))) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  );
}

/** The tail of a wildcard route (`/api/notifications/*`): a few segments, real route words among them. */
function tail(hints: ValueHints): fc.Arbitrary<string> {
  const piece = fc.oneof(fc.constantFrom(...ROUTE_WORDS), segment(undefined, hints), fc.constantFrom(...(hints.ids ?? [1]).map(String), ...(hints.texts ?? [])));
  return fc.array(piece, { minLength: 0, maxLength: 4 }).map((parts) => parts.join('/'));
}

function pathOf(route: RouteEntry, hints: ValueHints): fc.Arbitrary<string> {
  const params = (route.schema?.params as JsonSchema | undefined)?.properties ?? {};
  const pieces = route.url.split('/').map((piece): fc.Arbitrary<string> => {
    if (piece === '*') return tail(hints);
    if (piece.startsWith(':')) return segment(params[piece.slice(1)], hints);
    return fc.constant(piece);
  });
  return fc.tuple(...pieces).map((parts) => parts.join('/'));
}

function queryOf(route: RouteEntry, hints: ValueHints): fc.Arbitrary<string> {
  const schema = route.schema?.querystring as JsonSchema | undefined;
  const declared = schema?.properties ? fuzzValue(schema, hints) : fc.constant({});
  const extra = fc.option(fc.dictionary(fc.constantFrom('q', 'id', 'status_only', '__proto__', 'x'.repeat(300)), fc.constantFrom(...HOSTILE_TEXT.slice(0, 20), 'true')), { nil: {} });
  return fc.tuple(declared, extra).map(([values, more]) => {
    const query = new URLSearchParams();
    const all = { ...(values && typeof values === 'object' && !Array.isArray(values) ? values : {}), ...more } as Record<string, unknown>;
    for (const [key, value] of Object.entries(all)) for (const v of [value].flat()) query.append(key, asText(v));
    const text = query.toString();
    return text ? `?${text}` : '';
  });
}

function bodyOf(route: RouteEntry, hints: ValueHints): fc.Arbitrary<{ contentType?: string; payload?: string }> {
  const json = fuzzValue(route.schema?.body as JsonSchema | undefined, hints).map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? '' }));
  return fc.oneof(
    { weight: 8, arbitrary: json },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_JSON).map((payload) => ({ contentType: 'application/json', payload })) },
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_BODIES).map(([contentType, payload]) => ({ contentType, payload })) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** Headers a client controls that servers read: request id, forwarded address, range, a forged session. */
const headersOf = fc.record(
  {
    'x-request-id': fc.constantFrom('ok-id', '\u00e9\u00e8', 'x'.repeat(500), '../../', '1 OR 1=1'),
    'x-forwarded-for': fc.constantFrom('203.0.113.9', 'not-an-address', '999.999.999.999', '::1, 10.0.0.1, garbage'),
    range: fc.constantFrom('bytes=0-10', 'bytes=abc', 'bytes=999999999999-', 'bytes=-0', 'bytes=5-1', 'items=0-1'),
    cookie: fc.constantFrom('sf_session=forged', 'sf_session=', 'sf_admin=forged; sf_session=%00', 'a=b'),
  },
  { requiredKeys: [] },
);

/** Requests for one route: its own schema's values, edges and hostile values, in path, query and body. */
export function requestsFor(route: RouteEntry, hints: ValueHints = {}): fc.Arbitrary<FuzzRequest> {
  const body = WITH_BODY.has(route.method) ? bodyOf(route, hints) : fc.constant({} as { contentType?: string; payload?: string });
  return fc.tuple(pathOf(route, hints), queryOf(route, hints), body, headersOf).map(([path, query, { contentType, payload }, headers]) => ({
    method: route.method,
    url: `${path}${query}`,
    headers: { ...(headers as Record<string, string>), ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  }));
}

/** Values every path parameter is always tried with: past bigint, float forms, negatives, NUL, not a number. */
const ALWAYS_SEGMENTS = ['9223372036854775808', '1e20', '-1', '0', 'abc', '%00'];

/**
 * Requests tried on every run before the random ones, so the classic breakages are never left to
 * chance: each path parameter set to each of ALWAYS_SEGMENTS (the others to a real id), and for
 * routes with a body, a body whose text fields all hold NUL or only spaces.
 */
export function edgeRequests(route: RouteEntry, hints: ValueHints = {}): FuzzRequest[] {
  const pieces = route.url.split('/');
  const known = String(hints.ids?.[0] ?? 1);
  const params = pieces.map((piece, i) => (piece.startsWith(':') || piece === '*' ? i : -1)).filter((i) => i >= 0);
  const at = (index: number, value: string) => pieces.map((piece, i) => (i === index ? value : piece.startsWith(':') || piece === '*' ? known : piece)).join('/');
  const requests: FuzzRequest[] = params.flatMap((index) => ALWAYS_SEGMENTS.map((value) => ({ method: route.method, url: at(index, value), headers: {} })));
  if (WITH_BODY.has(route.method)) {
    const url = at(-1, '');
    const fields = Object.keys((route.schema?.body as JsonSchema | undefined)?.properties ?? { text: {} });
    for (const value of ['Ti\u0000ger', '   ']) {
      requests.push({ method: route.method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(Object.fromEntries(fields.map((f) => [f, value]))) });
    }
  }
  return requests;
}
