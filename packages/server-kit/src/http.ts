import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from 'pino';

export type App = FastifyInstance<any, any, any, Logger, TypeBoxTypeProvider>;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export interface CreateHttpServerOptions {
  logger: Logger;
  bodyLimit?: number;
  trustProxy?: FastifyServerOptions['trustProxy'];
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
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Path and query strings need coercion ("12" -> 12); JSON bodies must not be coerced, or a JSON null
  // in a nullable field would be stored as 0 or "".
  const coercing = addFormats.default(new Ajv({ allErrors: true, removeAdditional: false, useDefaults: true, coerceTypes: 'array', strict: false }));
  const exact = addFormats.default(new Ajv({ allErrors: true, removeAdditional: false, useDefaults: true, coerceTypes: false, strict: false }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? exact : coercing).compile(schema));

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error: any, request, reply) => {
    if (error.validation) {
      const errors = (error.validation as Array<{ instancePath: string; message?: string; params?: Record<string, unknown> }>).map((v) => {
        const missing = typeof v.params?.missingProperty === 'string' ? `/${v.params.missingProperty}` : '';
        const extra = typeof v.params?.additionalProperty === 'string' ? `/${v.params.additionalProperty}` : '';
        const field = `${v.instancePath}${missing}${extra}`.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'body');
        return { field, message: extra ? 'is not allowed' : (v.message ?? 'is invalid') };
      });
      return reply.status(400).send({ message: `Invalid ${error.validationContext ?? 'request'}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, errors });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ message: status >= 500 ? 'Internal server error' : error.message });
  });

  // No custom not-found handler here: Fastify allows one per context and the gateway's web app needs its own
  // (SPA fallback). Fastify's default 404 body already carries `message`.
  return app;
}

/** An error with an HTTP status, thrown from services and turned into `{ message }` by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
