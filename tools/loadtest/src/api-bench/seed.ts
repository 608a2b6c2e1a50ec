import type pg from 'pg';
import { createGolfers, type Golfer } from '../golfers.js';

/*
 * The golfers of bench:api: signed up through the gateway (real sessions), premium, each with completed
 * analyses, and the upload events gamification turns into points, notifications and leaderboard places.
 */

export const ANALYSES_PER_GOLFER = 2;
const SEED_TIMEOUT_MS = 120_000;

export async function seedGolfers(base: string, db: pg.Client, count: number): Promise<Golfer[]> {
  const golfers = await createGolfers(base, db, count, { premium: true, label: 'bench' });
  const ids = golfers.map((g) => g.id);
  // Completed analyses as the worker leaves them (the home screen's latest-analysis card and the workout read them).
  const { rows } = await db.query<{ id: string; user_id: string; club_selection: string }>(
    `insert into core.swing_analyses (user_id, status, club_selection, upload_week, mobility_analysis, analysis_results, technical_details, completed_at)
     select u, 'complete', c, current_date, $2, $3, $4, now() from unnest($1::bigint[]) u, unnest(array['driver', '7-iron']) c
     returning id, user_id, club_selection`,
    [ids, JSON.stringify({ shoulderTurn: 'Limited (68°)', hipRotation: 'Restricted (30°)', xFactor: '38°' }), JSON.stringify({ posture: 'Stable', balance: 'Good balance' }), JSON.stringify({ overall: 'ok' })],
  );
  // analysis.uploaded through the outbox, as the upload route commits it: gamification awards the points.
  await db.query(
    `insert into core.outbox (id, type, version, user_id, payload)
     select gen_random_uuid(), 'analysis.uploaded', 1, u, jsonb_build_object('analysisId', a, 'club', c)
       from unnest($1::bigint[], $2::bigint[], $3::text[]) as t(a, u, c)`,
    [rows.map((r) => r.id), rows.map((r) => r.user_id), rows.map((r) => r.club_selection)],
  );
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  for (;;) {
    const { rows: awarded } = await db.query<{ n: string }>(`select count(*) as n from gamification.points_ledger where user_id = any($1::bigint[])`, [ids]);
    if (Number(awarded[0]!.n) >= rows.length) return golfers;
    if (Date.now() > deadline) throw new Error(`gamification awarded ${awarded[0]!.n} of ${rows.length} upload points within ${SEED_TIMEOUT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
