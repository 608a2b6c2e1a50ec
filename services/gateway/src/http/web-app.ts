import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { servePagesForUnknownAddresses, type App } from '@swingfit/server-kit';

/** Where the built web app lives when WEB_DIST is not set: apps/web/dist beside this service. */
export function defaultWebDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '../../../../apps/web/dist');
}

/**
 * Serves the built single-page app from the same origin as the API. Unknown non-API paths get
 * index.html so the client router can draw the page (or its own '404 Page Not Found').
 */
export async function serveWebApp(app: App, dist: string): Promise<boolean> {
  if (!existsSync(join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built; serving the API only');
    return false;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // Our setHeaders decides (hashed assets immutable, the rest revalidated); send's default would override it.
    cacheControl: false,
    // Source maps are never public (the production build emits none; this holds if one slips in).
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Any other address falls to server-kit's plain 404 (never quoting the address back).
  servePagesForUnknownAddresses(app, (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api') return undefined;
    // A missing file (an old hashed chunk, a source map) is a 404, not the app's page served as script.
    if (/\.[A-Za-z0-9]+$/.test(path.split('/').pop() ?? '')) return undefined;
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
