import type { App } from '@swingfit/server-kit';
import type { User } from '@swingfit/contracts';
import { cookieFrom } from './harness.js';

let counter = 0;

/** A different address per sign-up (198.18.0.0/15, the benchmarking range), as separate golfers would have. */
export const signUpAddress = (n: number) => `198.18.${(n >> 8) & 255}.${n & 255}`;

/** A fresh golfer signed up through the real route; returns the user and the session cookie header. */
export async function registerGolfer(app: App, overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {}) {
  counter += 1;
  const body = {
    email: `golfer${counter}-${Date.now()}@example.com`,
    password: 'correct horse battery',
    firstName: 'Tiger',
    lastName: 'Woods',
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body, headers: { 'x-forwarded-for': signUpAddress(counter) } });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { user: res.json() as User, cookie: cookieFrom(res), password: body.password, email: body.email };
}

/** Set-Cookie headers of a response as a list. */
export function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
}
