import { HttpError, type App } from '@swingfit/server-kit';

/**
 * Plan refusals carry more than a message ({ message, requiresUpgrade }, an import's row errors):
 * send an HttpError's extra fields along, and leave every other error to the app's handler.
 */
export function sendErrorExtras(app: App): void {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError && error.statusCode < 500 && Object.keys(error.extra).length > 0) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message, ...error.extra });
    }
    throw error;
  });
}

/** 403 that the client turns into an upgrade prompt. */
export const upgradeRequired = (message: string) => new HttpError(403, message, { requiresUpgrade: true });
