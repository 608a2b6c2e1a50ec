import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from 'pino';
import { TEMPORARILY_UNAVAILABLE, isDependencyUnavailable } from './unavailable.js';
import { sameSecret } from './internal-auth.js';
import { UNMATCHED_ROUTE, type ServiceMetrics } from './metrics.js';

export type App = FastifyInstance<any, any, any, Logger, TypeBoxTypeProvider>;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
/** What a 503 for an unreachable dependency suggests to clients (a database restart takes seconds). */
const RETRY_AFTER_SECONDS = 5;

/**
 * Fastify's own refusals of an address before any route runs (a broken percent escape, a path segment
 * past the router's limit). Left to Fastify they answer its error code with the whole address echoed
 * back (5,000 characters of it if that is what came), past every hook: no request id, no headers.
 */
const FRAMEWORK_REFUSALS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
};

/**
 * The answer to an address no route serves. The address is never quoted back (Fastify's own 404 read
 * 'Route GET:/… not found'): it may be thousands of characters, or a probe's payload reflected to its sender.
 */
export const NOT_FOUND = 'Not found';

/** Refusals of an address are never worth storing; 414 is one a browser may otherwise cache by heuristics. */
const NO_STORE = 'no-store';

/**
 * Node middleware that sets headers on the raw response (helmet's, for one) and then calls `next`.
 * Connect-style, so a service's browser protections run both in a hook and where no hook runs.
 */
export type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Serves a page for an address no route serves (the gateway's single-page app draws its own routes), or
 * returns undefined to let the plain 404 answer.
 */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

export interface CreateHttpServerOptions {
  logger: Logger;
  /**
   * Headers every answer carries (the gateway's browser protections): set before any other hook, and by
   * the refusals Fastify makes before hooks run (a 414 for a long path segment, a 400 for a broken escape).
   */
  answerHeaders?: HeaderMiddleware;
  bodyLimit?: number;
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Times every answer and serves GET /metrics to holders of `token` (a bearer token). */
  metrics?: { metrics: ServiceMetrics; token: string };
}

/**
 * The Fastify instance every service starts from: request ids carried across services in
 * `x-request-id`, TypeBox schemas as validation, and one error shape ({ message, errors? }).
 */
export function createHttpServer(options: CreateHttpServerOptions): App {
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: (error, request, reply: FastifyReply) => {
      // No route, so no hook runs for this answer: the request id and the service's headers are set here.
      void reply.header('x-request-id', request.id).header('cache-control', NO_STORE);
      const answer = () => {
        const words = FRAMEWORK_REFUSALS[error.code];
        if (!words) {
          request.log.error({ err: error }, 'request failed');
          return reply.status(500).send({ message: 'Internal server error' });
        }
        request.log.info({ err: { code: error.code }, status: error.statusCode }, 'request refused');
        return reply.status(error.statusCode ?? 400).send({ message: words });
      };
      // Headers that failed to be set are no reason to leave the refusal unanswered.
      if (options.answerHeaders) options.answerHeaders(request.raw, reply.raw, () => answer());
      else answer();
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Path and query strings need coercion ("12" -> 12); JSON bodies must not be coerced, or a JSON null
  // in a nullable field would be stored as 0 or "". `verbose` keeps each failed schema beside its
  // error, so a schema's own `errorMessage` can replace Ajv's wording (a regex means nothing to a golfer).
  const ajvOptions = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false, verbose: true } as const;
  const coercing = addFormats.default(new Ajv({ ...ajvOptions, coerceTypes: 'array' }));
  const exact = addFormats.default(new Ajv({ ...ajvOptions, coerceTypes: false }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? exact : coercing).compile(schema));

  // First of all hooks: an answer any later hook gives (a NUL refused, a 401) carries the headers too.
  const answerHeaders = options.answerHeaders;
  if (answerHeaders) app.addHook('onRequest', (request, reply, done) => answerHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  registerRouteCatalog(app);
  refuseNul(app);
  if (options.metrics) serveMetrics(app, options.metrics.metrics, options.metrics.token);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error: any, request, reply) => {
    if (error.validation) return reply.status(400).send(validationAnswer(error));
    if (!(error instanceof HttpError) && isDependencyUnavailable(error)) {
      request.log.warn({ err: error }, 'request refused: a dependency is unavailable');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: TEMPORARILY_UNAVAILABLE });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ err: { code: error.code, message: error.message }, status }, 'request refused');
    // An HttpError's words were written for the client (a 503 "unavailable right now" included); any
    // other error's text never leaves the process: it may hold SQL, paths or a stack.
    if (error instanceof HttpError) return reply.status(status).headers(error.headers).send({ message: error.message, ...error.extra });
    return reply.status(status).send({ message: status >= 500 ? 'Internal server error' : error.message });
  });

  answerUnknownAddresses(app);
  return app;
}

const pageFallbacks = new WeakMap<object, PageFallback>();

/**
 * Lets an app serve pages for addresses no route serves (Fastify allows one not-found handler per app, and
 * every service's is answerUnknownAddresses', so the page fallback plugs into it rather than replacing it).
 */
export function servePagesForUnknownAddresses(app: App, fallback: PageFallback): void {
  pageFallbacks.set(app, fallback);
}

/**
 * Every service's 404 for an address no route serves: plain words, never the address. It runs the app's
 * hooks as any answer does (the request id, the gateway's security headers).
 */
function answerUnknownAddresses(app: App) {
  app.setNotFoundHandler((request, reply) => {
    const page = pageFallbacks.get(app)?.(request, reply);
    if (page) return page;
    return reply.status(404).send({ message: NOT_FOUND });
  });
}

/**
 * Every answer's latency by route pattern (routeOptions.url: '/api/swing-analyses/:id', never the raw
 * URL, so the series stay few), and GET /metrics behind a bearer token: the figures name queues, routes
 * and volumes an outsider has no business reading, and the gateway is public.
 */
function serveMetrics(app: App, metrics: ServiceMetrics, token: string) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.http.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization;
    const given = typeof header === 'string' && header.startsWith(BEARER) ? header.slice(BEARER.length).trim() : undefined;
    if (!token || !sameSecret(given, token)) {
      reply.header('www-authenticate', 'Bearer');
      return reply.status(401).send({ message: 'Unauthorized: /metrics needs `Authorization: Bearer <METRICS_TOKEN>`' });
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}

const BEARER = 'Bearer ';

interface AjvIssue {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
  /** `lengthInWords`: the schema's errorMessage states its length as well (contracts TrimmedText). */
  parentSchema?: { errorMessage?: unknown; lengthInWords?: unknown };
}

/**
 * A 400 body for a schema failure: one `{ field, message }` per problem, and a sentence listing them.
 * Exported for a scope with its own error handler (billing's), so its refusals read like every other.
 */
export function validationAnswer(error: { validation: AjvIssue[]; validationContext?: string }) {
  const errors = withoutNullBranches(withChoicesTogether(error.validation)).map((v) => {
    const missing = typeof v.params?.missingProperty === 'string' ? `/${v.params.missingProperty}` : '';
    const extra = typeof v.params?.additionalProperty === 'string' ? `/${v.params.additionalProperty}` : '';
    const field = `${v.instancePath}${missing}${extra}`.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'body');
    return { field, message: extra ? 'is not allowed' : issueWords(v) };
  }).filter((e, i, all) => all.findIndex((o) => o.field === e.field && o.message === e.message) === i);
  return { message: `Invalid ${error.validationContext ?? 'request'}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, errors };
}

/**
 * A nullable field is `anyOf [schema, null]`, and Ajv reports every branch: "must be <= 54; must be
 * null; must match a schema in anyOf". The null branch and the anyOf summary say nothing a golfer can
 * act on, so where the field's own branch explains the failure only that explanation is kept, and the
 * nullable field reads like its non-null twin ("handicap must be at most 54").
 */
function withoutNullBranches(issues: AjvIssue[]): AjvIssue[] {
  const nullable = new Set(issues.filter((v) => v.keyword === 'anyOf').map((v) => v.instancePath));
  const isNoise = (v: AjvIssue) => nullable.has(v.instancePath) && (v.keyword === 'anyOf' || (v.keyword === 'type' && v.params?.type === 'null'));
  return issues.filter((v) => !isNoise(v) || !issues.some((other) => other.instancePath === v.instancePath && !isNoise(other)));
}

/**
 * A choice of words (a union of literals: a plan, a usage counter) is `anyOf [const, const, ...]`, and Ajv
 * reports "must be equal to constant" once per choice and then "must match a schema in anyOf": nothing says
 * what would do. Where every branch at a field is a constant, the field gets one issue naming the choices.
 */
function withChoicesTogether(issues: AjvIssue[]): AjvIssue[] {
  const atPath = (path: string) => issues.filter((v) => v.instancePath === path && v.keyword !== 'anyOf');
  const choices = new Map<string, unknown[]>();
  for (const v of issues) {
    if (v.keyword !== 'anyOf' || choices.has(v.instancePath)) continue;
    const branches = atPath(v.instancePath);
    if (branches.length > 0 && branches.every((b) => b.keyword === 'const')) choices.set(v.instancePath, branches.map((b) => b.params?.allowedValue));
  }
  if (choices.size === 0) return issues;
  const merged = new Set<string>();
  return issues.flatMap((v): AjvIssue[] => {
    const allowed = choices.get(v.instancePath);
    if (!allowed) return [v];
    if (merged.has(v.instancePath)) return [];
    merged.add(v.instancePath);
    return [{ instancePath: v.instancePath, keyword: 'enum', params: { allowedValues: allowed } }];
  });
}

/** Plain words for the limits a form shows: a schema's own `errorMessage` for a pattern, else Ajv's, reworded. */
function issueWords(v: AjvIssue): string {
  const limit = v.params?.limit;
  switch (v.keyword) {
    case 'pattern':
      return typeof v.parentSchema?.errorMessage === 'string' ? v.parentSchema.errorMessage : 'contains characters that are not allowed';
    case 'maximum':
      return `must be at most ${limit}`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'maxLength':
      return v.parentSchema?.lengthInWords === true && typeof v.parentSchema.errorMessage === 'string' ? v.parentSchema.errorMessage : `must be at most ${limit} characters`;
    case 'format':
      return v.params?.format === 'email' ? 'must be a valid email address' : (v.message ?? 'is invalid');
    case 'enum':
      return Array.isArray(v.params?.allowedValues) ? `must be one of: ${v.params.allowedValues.join(', ')}` : (v.message ?? 'is invalid');
    default:
      return v.message ?? 'is invalid';
  }
}

/** One route as Fastify registered it: what the fuzzer (and any other route-wide check) reads. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown; headers?: unknown; response?: unknown };
  /** The route declared an authentication hook of its own (onRequest). */
  hasOnRequest: boolean;
}

const catalogs = new WeakMap<object, RouteEntry[]>();

/** Records every route of the app, child plugins included (onRoute hooks are inherited), as it is added. */
function registerRouteCatalog(app: App) {
  const routes: RouteEntry[] = [];
  catalogs.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method: String(method), url: route.url ?? route.path, schema: route.schema as RouteEntry['schema'], hasOnRequest: Boolean(route.onRequest) });
    }
  });
}

/** Every route of an app made by createHttpServer, in registration order. */
export function routeCatalog(app: App): readonly RouteEntry[] {
  const routes = catalogs.get(app);
  if (!routes) throw new Error('routeCatalog: this app was not made by createHttpServer');
  return routes;
}

export const NUL_REFUSED = 'Text must not contain NUL characters';

/**
 * Where the first NUL character of a parsed body is ('' for the body itself, 'notes' or 'sets.2.name'
 * for a field), or undefined. Iterative, so no body nests deep enough to overflow the stack.
 */
/**
 * Only what a body parser builds (JSON objects: plain prototypes) is walked. A route that takes its
 * body as a stream (the gateway's forwarded routes) has a request object there, whose graph of
 * sockets and parsers loops back on itself: walking it never ended, and every forwarded request
 * with a body hung the gateway (found by `pnpm test:faults`, scenario d).
 */
function isParsedObject(item: unknown): item is Record<string, unknown> {
  if (item === null || typeof item !== 'object') return false;
  const prototype = Object.getPrototypeOf(item);
  return prototype === Object.prototype || prototype === null;
}

export function findNul(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (item !== null && typeof item === 'object') {
      if (seen.has(item)) continue;
      seen.add(item);
    }
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => stack.push([child, at(String(i))]));
    } else if (isParsedObject(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return path;
        stack.push([child, at(key)]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL stores no NUL character in text or jsonb (it answers with an error, a 500). No field of
 * any route has a use for one, so it is refused for every service: in the address (path and query),
 * and anywhere in a parsed body once the route's schema has had its say (schemas name the field and
 * refuse the other control characters where they matter; this catches what no schema covers).
 */
function refuseNul(app: App) {
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00')) throw new HttpError(400, NUL_REFUSED);
  });
  app.addHook('preHandler', async (request) => {
    const field = findNul(request.body);
    if (field !== undefined) throw new HttpError(400, NUL_REFUSED, { errors: [{ field: field || 'body', message: 'must not contain NUL characters' }] });
  });
}

/**
 * An error with an HTTP status, thrown from services and turned into `{ message }` by the error handler;
 * `extra` joins the body, `headers` the answer (a 503's Retry-After, for one).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
