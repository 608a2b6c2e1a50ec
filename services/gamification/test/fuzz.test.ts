import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCatalog } from '@swingfit/server-kit';
import { formatFuzzReport, fuzzRoutes, injectInto, fuzzableRoutes, type FuzzResult } from '@swingfit/server-kit/fuzz';
import { startGamification, type Harness } from './harness.js';

/*
 * Issue 17's fuzzer over every gamification route (read from Fastify's route table) on real
 * PostgreSQL and Redis: called as the gateway calls it (internal token, a golfer's id), with a forged
 * token, and with nothing. Real notification ids are mixed into the values. The seed is printed.
 */

const GOLFER = 7;
const OTHER = 8;
let h: Harness;
let result: FuzzResult;

beforeAll(async () => {
  h = await startGamification();
});
afterAll(async () => {
  await h?.close();
});

async function notification(userId: number) {
  const row = await h.deps.db.insertInto('notifications').values({ user_id: userId, type: 'other', title: 'Fuzz', message: 'To read and delete' }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('gamification fuzz', () => {
  it('never answers 500, a stack trace or SQL, and every 4xx is a JSON message, on every route', async () => {
    const ids = [GOLFER, OTHER, await notification(GOLFER), await notification(OTHER)];
    result = await fuzzRoutes({
      routes: routeCatalog(h.app),
      identities: [
        { name: 'gateway', headers: () => h.as(GOLFER) },
        { name: 'forged token', headers: () => ({ 'x-internal-token': 'not-the-token-at-all', 'x-user-id': String(GOLFER) }) },
        { name: 'nobody', headers: () => ({}) },
      ],
      hints: { ids },
      runs: 100,
      send: injectInto(h.app),
    });
    console.log(formatFuzzReport('gamification', result));
    expect(result.failures, formatFuzzReport('gamification', result)).toEqual([]);
  }, 120_000);

  it('fuzzed every route gamification registered', () => {
    expect(result.reports.map((r) => r.route)).toEqual(fuzzableRoutes(routeCatalog(h.app)).map((r) => `${r.method} ${r.url}`));
    expect(result.reports.map((r) => r.route)).toContain('PATCH /api/notifications/:id/read');
  });
});
