import pg from 'pg';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * Golfers for the workout journeys: signed up through the real API in the page's browser context, then
 * given what other branches own straight in the test database (a completed analysis, Premium).
 */

export async function signUp(page: Page, base: string, firstName: string, lastName: string): Promise<number> {
  const res = await page.request.post(`${base}/api/auth/register`, {
    data: { email: `${firstName.toLowerCase()}${Date.now()}@example.com`, password: 'tempo-3-to-1', firstName, lastName },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

export async function withDb<T>(databaseUrl: string, run: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

/** A completed analysis whose mobility texts select Pelvic, Thoracic and Shoulder (then Core Control as padding). */
export const LIMITED_TURN_FOCUS = ['Pelvic Mobility & Control', 'Thoracic Spine Mobility', 'Shoulder Mobility & Stability', 'Core Control & Rotational Strength'];

export async function giveCompletedAnalysis(databaseUrl: string, userId: number): Promise<void> {
  await withDb(databaseUrl, (db) =>
    db.query(
      `insert into core.swing_analyses (user_id, status, club_selection, upload_week, mobility_analysis, analysis_results, technical_details, completed_at)
       values ($1, 'complete', 'driver', '2026-01-04', $2, $3, $4, now())`,
      [userId, JSON.stringify({ shoulderTurn: 'Limited (68°)', hipRotation: 'Restricted (30°)', xFactor: '38°' }), JSON.stringify({ posture: 'Stable', balance: 'Good balance' }), JSON.stringify({ overall: 'ok' })],
    ),
  );
}

/** Billing is another branch: Premium is set in the database, as its subscription event would. */
export async function makePremium(databaseUrl: string, userId: number): Promise<void> {
  await withDb(databaseUrl, (db) => db.query('update core.users set is_premium = true where id = $1', [userId]));
}
