import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/*
 * AWS Signature Version 4, checked the way S3 checks it, for the embedded object store: s3rver
 * accepts anonymous requests and does not verify V4 signatures at all, so on its own any process on
 * the machine could list and read every golfer's videos. Both forms the SDK uses are covered: the
 * Authorization header and presigned URLs (ffprobe reads uploads through one).
 */

export interface S3Credentials {
  accessKey: string;
  secretKey: string;
}

export interface SignedRequest {
  method: string;
  /** Path and query exactly as received (req.url). */
  url: string;
  headers: IncomingHttpHeaders;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far a request's own clock may be from ours, as S3 allows. */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** S3's longest presigned URL lifetime (7 days). */
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;

interface Claim {
  accessKey: string;
  scope: string;
  date: string;
  region: string;
  service: string;
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  /** Query parameters left out of the canonical query (the signature itself, for presigned URLs). */
  unsignedParam?: string;
  expiresSeconds?: number;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** `AKID/20250101/us-east-1/s3/aws4_request` */
function parseCredential(credential: string | undefined) {
  const parts = credential?.split('/');
  if (!parts || parts.length !== 5 || parts[4] !== 'aws4_request') return undefined;
  const [accessKey, date, region, service] = parts as [string, string, string, string];
  return { accessKey, date, region, service, scope: parts.slice(1).join('/') };
}

function headerClaim(request: SignedRequest): Claim | undefined {
  const auth = header(request.headers, 'authorization');
  if (!auth?.startsWith(`${ALGORITHM} `)) return undefined;
  const fields = Object.fromEntries(
    auth
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((f) => f.trim().split('=') as [string, string?]),
  );
  const credential = parseCredential(fields.Credential);
  const amzDate = header(request.headers, 'x-amz-date');
  const payloadHash = header(request.headers, 'x-amz-content-sha256');
  if (!credential || !amzDate || !payloadHash || !fields.SignedHeaders || !fields.Signature) return undefined;
  return { ...credential, amzDate, payloadHash, signedHeaders: fields.SignedHeaders.split(';'), signature: fields.Signature };
}

function queryClaim(query: URLSearchParams): Claim | undefined {
  if (query.get('X-Amz-Algorithm') !== ALGORITHM) return undefined;
  const credential = parseCredential(query.get('X-Amz-Credential') ?? undefined);
  const amzDate = query.get('X-Amz-Date');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  const signature = query.get('X-Amz-Signature');
  const expires = Number(query.get('X-Amz-Expires'));
  if (!credential || !amzDate || !signedHeaders || !signature || !Number.isInteger(expires)) return undefined;
  return { ...credential, amzDate, signedHeaders: signedHeaders.split(';'), signature, payloadHash: 'UNSIGNED-PAYLOAD', unsignedParam: 'X-Amz-Signature', expiresSeconds: expires };
}

/** Sorted, RFC 3986-encoded `key=value` pairs, from the raw query as the client encoded it. */
function canonicalQuery(rawQuery: string, leaveOut?: string): string | undefined {
  const pairs: Array<[string, string]> = [];
  for (const piece of rawQuery ? rawQuery.split('&') : []) {
    if (!piece) continue;
    const eq = piece.indexOf('=');
    const key = safeDecode(eq < 0 ? piece : piece.slice(0, eq));
    const value = safeDecode(eq < 0 ? '' : piece.slice(eq + 1));
    if (key === undefined || value === undefined) return undefined;
    if (key !== leaveOut) pairs.push([rfc3986(key), rfc3986(value)]);
  }
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/** `20250101T120000Z` as milliseconds, or NaN. */
function amzTime(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : Number.NaN;
}

function fresh(claim: Claim, now: number): boolean {
  const signedAt = amzTime(claim.amzDate);
  if (!Number.isFinite(signedAt) || !claim.amzDate.startsWith(claim.date)) return false;
  if (signedAt - now > MAX_SKEW_MS) return false;
  if (claim.expiresSeconds === undefined) return now - signedAt <= MAX_SKEW_MS;
  return claim.expiresSeconds > 0 && claim.expiresSeconds <= MAX_EXPIRES_SECONDS && now <= signedAt + claim.expiresSeconds * 1000;
}

function expectedSignature(request: SignedRequest, claim: Claim, secretKey: string, path: string, rawQuery: string): string | undefined {
  const query = canonicalQuery(rawQuery, claim.unsignedParam);
  if (query === undefined) return undefined;
  const headers = claim.signedHeaders.map((name) => `${name}:${(header(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [request.method, path, query, headers, claim.signedHeaders.join(';'), claim.payloadHash].join('\n');
  const toSign = [ALGORITHM, claim.amzDate, claim.scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, claim.date), claim.region), claim.service), 'aws4_request');
  return createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
}

/**
 * True when the request carries a valid V4 signature made with these credentials (header or
 * presigned URL), signed within the allowed clock skew or before its expiry, covering the host.
 */
export function hasValidSignature(request: SignedRequest, credentials: S3Credentials, now = Date.now()): boolean {
  const q = request.url.indexOf('?');
  const path = q < 0 ? request.url : request.url.slice(0, q);
  const rawQuery = q < 0 ? '' : request.url.slice(q + 1);
  const claim = headerClaim(request) ?? queryClaim(new URLSearchParams(rawQuery));
  if (!claim || claim.accessKey !== credentials.accessKey || !claim.signedHeaders.includes('host') || !fresh(claim, now)) return false;
  const expected = expectedSignature(request, claim, credentials.secretKey, path, rawQuery);
  if (!expected || expected.length !== claim.signature.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(claim.signature));
}
