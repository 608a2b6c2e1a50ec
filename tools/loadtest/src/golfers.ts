import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/* Golfers of a load run: signed up through the gateway's real register route, premium set in the database as billing's subscription event would. */

export interface Golfer {
  id: number;
  email: string;
  /** The session cookie ("name=value; ...") the gateway set at sign-up. */
  cookie: string;
}

const PASSWORD = 'tempo-3-to-1-load';

/** Runs `task` over `items` with at most `limit` in flight, results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export const sessionCookie = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

export async function registerGolfer(base: string, label: string, index: number): Promise<Golfer> {
  const email = `${label}-${index}-${randomBytes(3).toString('hex')}@example.com`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Load', lastName: `Golfer${index}` }),
  });
  if (res.status !== 201) throw new Error(`registering ${email} answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  return { id, email, cookie: sessionCookie(res) };
}

export async function createGolfers(base: string, db: pg.Client, count: number, options: { premium: boolean; label: string; concurrency?: number }): Promise<Golfer[]> {
  const golfers = await mapLimit(Array.from({ length: count }, (_, i) => i), options.concurrency ?? 8, (i) => registerGolfer(base, options.label, i));
  if (options.premium) await db.query('update core.users set is_premium = true where id = any($1::bigint[])', [golfers.map((g) => g.id)]);
  return golfers;
}
