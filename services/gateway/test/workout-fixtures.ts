import { sql } from 'kysely';
import type { Harness } from './harness.js';
import { registerGolfer } from './auth-fixtures.js';

/* Shared by the workout test files: golfers with a completed analysis, Premium by database (billing is another service), a movable clock. */

/** Mobility texts whose focus areas are known: limited shoulder turn (68°) and restricted hips. */
export const LIMITED_TURN = {
  mobilityAnalysis: { shoulderTurn: 'Limited (68°)', hipRotation: 'Restricted (30°)', xFactor: '38°' },
  analysisResults: { posture: 'Stable', balance: 'Good balance' },
};
/** What deriveFocusAreas gives for LIMITED_TURN: Pelvic, Thoracic, Shoulder, padded with Core Control. */
export const LIMITED_TURN_FOCUS = ['Pelvic Mobility & Control', 'Thoracic Spine Mobility', 'Shoulder Mobility & Stability', 'Core Control & Rotational Strength'];

export async function insertCompletedAnalysis(h: Harness, userId: number, texts: { mobilityAnalysis?: unknown; analysisResults?: unknown } = LIMITED_TURN, createdAt = new Date()): Promise<number> {
  const row = await h.deps.db
    .insertInto('swing_analyses')
    .values({
      user_id: userId,
      status: 'complete',
      club_selection: 'driver',
      tour_comparison: 'pga',
      upload_week: '2026-01-04',
      mobility_analysis: texts.mobilityAnalysis === undefined ? null : JSON.stringify(texts.mobilityAnalysis),
      analysis_results: texts.analysisResults === undefined ? null : JSON.stringify(texts.analysisResults),
      technical_details: JSON.stringify({ overall: 'ok' }),
      created_at: createdAt,
      completed_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function setPremium(h: Harness, userId: number, premium = true): Promise<void> {
  await h.deps.db.updateTable('users').set({ is_premium: premium }).where('id', '=', userId).execute();
}

/** A golfer signed up through the real route, with a completed analysis and the plan asked for. */
export async function golferWithAnalysis(h: Harness, plan: 'free' | 'premium') {
  const golfer = await registerGolfer(h.app);
  await insertCompletedAnalysis(h, golfer.user.id);
  if (plan === 'premium') await setPremium(h, golfer.user.id);
  return golfer;
}

/** Moves the gateway's clock (deps.now) to an instant; undefined puts the real clock back. */
export function setClock(h: Harness, iso: string | undefined): void {
  h.deps.now = iso ? () => new Date(iso) : undefined;
}

export const getWorkout = (h: Harness, golfer: { user: { id: number }; cookie: string }) =>
  h.app.inject({ method: 'GET', url: `/api/daily-workout/${golfer.user.id}`, headers: { cookie: golfer.cookie } });

export const complete = (h: Harness, cookie: string, body: Record<string, unknown>) => h.app.inject({ method: 'POST', url: '/api/daily-workout/complete', headers: { cookie }, payload: body });

export async function outboxEvents(h: Harness, type: string, userId: number) {
  const rows = await h.deps.db.selectFrom('outbox').selectAll().where('type', '=', type).where('user_id', '=', userId).orderBy('occurred_at').execute();
  return rows.map((r) => r.payload as Record<string, unknown>);
}

export async function userStreakRow(h: Harness, userId: number) {
  return h.deps.db.selectFrom('users').select(['streak', sql<string | null>`streak_week::text`.as('streak_week'), 'workout_views_used']).where('id', '=', userId).executeTakeFirstOrThrow();
}
