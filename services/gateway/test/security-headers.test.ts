import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';

/*
 * Every gateway answer carries the browser protections of issue 17: a Content-Security-Policy that
 * allows what the app loads (our own files, Stripe, YouTube's privacy-enhanced player) and nothing
 * else, no framing, no MIME sniffing, a referrer policy, and no caching of signed-in JSON. Source
 * maps are never served.
 */

let h: Harness;
let dist: string;
let cookie: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sf-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app");\n//# sourceMappingURL=app.js.map\n');
  writeFileSync(join(dist, 'assets', 'app.js.map'), '{"version":3,"sources":["../../src/main.tsx"],"sourcesContent":["secret source"]}');
  h = await startGateway({ WEB_DIST: dist });
  cookie = (await registerGolfer(h.app)).cookie;
});
afterAll(async () => {
  await h?.close();
  rmSync(dist, { recursive: true, force: true });
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const ANSWERS: Record<string, () => Promise<{ statusCode: number; headers: Record<string, unknown> }>> = {
  page: () => h.app.inject({ method: 'GET', url: '/' }),
  'client route': () => h.app.inject({ method: 'GET', url: '/analysis/12' }),
  asset: () => h.app.inject({ method: 'GET', url: '/assets/app.js' }),
  'signed-in JSON': () => h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } }),
  '401 JSON': () => h.app.inject({ method: 'GET', url: '/api/auth/user' }),
  'API 404': () => h.app.inject({ method: 'GET', url: '/api/nothing-here' }),
  'validation 400': () => h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }),
  // Refused by Fastify before any hook runs (createHttpServer's frameworkErrors answers them).
  '414 for a path segment past the router’s limit': () => h.app.inject({ method: 'GET', url: `/api/exercise-logs/user/authenticated/history/${'x'.repeat(5000)}` }),
  '400 for a broken percent escape': () => h.app.inject({ method: 'GET', url: '/api/exercise-logs/user/authenticated/history/%E2%82' }),
  health: () => h.app.inject({ method: 'GET', url: '/healthz' }),
};

describe('security headers on every answer', () => {
  it.each(Object.keys(ANSWERS))('%s', async (name) => {
    const res = await ANSWERS[name]!();
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp, `${name}: no CSP`).not.toBe('');
    const d = directives(csp);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows exactly what the app loads: its own files, Stripe, YouTube’s privacy-enhanced player and thumbnails', async () => {
    const d = directives(String((await h.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']));
    expect(d.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(d.get('frame-src')?.sort()).toEqual(['https://hooks.stripe.com', 'https://js.stripe.com', 'https://www.youtube-nocookie.com'].sort());
    expect(d.get('connect-src')?.sort()).toEqual(["'self'", 'https://api.stripe.com'].sort());
    expect(d.get('img-src')?.sort()).toEqual(["'self'", 'blob:', 'data:', 'https://i.ytimg.com'].sort());
    expect(d.get('media-src')?.sort()).toEqual(["'self'", 'blob:'].sort());
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
    expect(d.get('script-src')).not.toContain("'unsafe-eval'");
    expect(d.get('form-action')).toEqual(["'self'"]);
    // Plain http here: no upgrade of the app's own requests to https (it would break http://localhost).
    expect(d.has('upgrade-insecure-requests')).toBe(false);
  });

  it('keeps signed-in and error JSON out of every cache, and lets built assets be cached', async () => {
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.headers['cache-control']).toBe('no-store');
    const denied = await h.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(denied.headers['cache-control']).toBe('no-store');
    // A 414 is one a browser may cache by heuristics when nothing says otherwise.
    const tooLong = await h.app.inject({ method: 'GET', url: `/api/exercise-logs/user/authenticated/history/${'x'.repeat(5000)}` });
    expect([tooLong.statusCode, tooLong.headers['cache-control']]).toEqual([414, 'no-store']);
    const asset = await h.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toMatch(/immutable/);
  });

  it('answers an unknown API address in plain words with the request id, never quoting the address back', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/nothing-here/<script>', headers: { 'x-request-id': 'req-404' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
    expect(res.headers['x-request-id']).toBe('req-404');
    expect(res.body).not.toContain('nothing-here');
  });

  it('serves no source maps', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('secret source');
  });

  it('sends HSTS and upgrades insecure requests only when the public URL is https', async () => {
    const secure = await startGateway({ WEB_DIST: dist, PUBLIC_URL: 'https://swingfit.example' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(directives(String(res.headers['content-security-policy'])).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await secure.close();
    }
    const plain = await h.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('production web build', () => {
  it('does not emit public source maps', async () => {
    // Read through Vite's own config file (vitest compiles it), not a copy of its settings.
    const file = new URL('../../../apps/web/vite.config.ts', import.meta.url).href;
    const { default: config } = (await import(file)) as { default: { build?: { sourcemap?: unknown } } };
    expect([false, 'hidden', undefined]).toContain(config.build?.sourcemap);
  });
});
