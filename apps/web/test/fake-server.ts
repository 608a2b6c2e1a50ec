import { vi } from 'vitest';

/* A stand-in server behind fetch for screen tests: a table of "METHOD url" -> answer, recording every call. */

export type Answer = { status?: number; body?: unknown };

export interface FakeServer {
  routes: Map<string, Answer | (() => Answer)>;
  calls: Array<{ method: string; url: string; body?: unknown }>;
}

export function stubServer(): FakeServer {
  const server: FakeServer = { routes: new Map(), calls: [] };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    server.calls.push({ method, url, body: init?.body ?? undefined });
    const found = server.routes.get(`${method} ${url}`);
    const a = typeof found === 'function' ? found() : found;
    if (!a) return new Response('not found', { status: 404 });
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return server;
}
