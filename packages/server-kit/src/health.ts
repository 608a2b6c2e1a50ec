import type { App } from './http.js';

export type ReadinessCheck = () => Promise<unknown>;

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** Figures shown beside the checks (outbox lag...); they never decide readiness. A failing one shows null. */
export type ReadinessDetail = () => Promise<unknown>;

/**
 * GET /healthz: the process is alive. GET /readyz: every dependency answers; otherwise 503 naming the
 * ones that do not, with `details` (e.g. `outbox: { unsent, oldestUnsentAgeMs }`) when given. Their
 * error text (addresses, driver messages) goes to the log, not to the caller: the gateway's /readyz is public.
 */
export function registerHealth(app: App, checks: Record<string, ReadinessCheck>, details: Record<string, ReadinessDetail> = {}): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          request.log.warn({ dependency: name, err: error }, 'readiness check failed');
          return [name, 'unavailable'] as const;
        }
      }),
    );
    const figures = await Promise.all(Object.entries(details).map(async ([name, read]) => [name, await withTimeout(read(), CHECK_TIMEOUT_MS).catch(() => null)] as const));
    const extra = figures.length ? { details: Object.fromEntries(figures) } : {};
    const failing = entries.filter(([, v]) => v !== 'ok').map(([name]) => name);
    const checksBody = Object.fromEntries(entries);
    if (failing.length === 0) return reply.send({ status: 'ready', checks: checksBody, ...extra });
    return reply.status(503).send({ status: 'not ready', message: `Not ready: ${failing.join(', ')} unavailable`, checks: checksBody, ...extra });
  });
}
