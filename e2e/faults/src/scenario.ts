import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { makeTestClip } from '../../src/fixtures.js';
import { withDb } from '../../src/golfers.js';
import { emptyTold, promise, settledImbalances, type Told } from './books.js';
import { Golfer, newGolfer } from './golfer.js';
import { startProduct, type Product } from './product.js';

/*
 * What the scenarios share: a short generated clip (real ffmpeg and pose run on it; the worker finds
 * no golfer in a test pattern, so each analysis ends quickly as failed-with-a-reason: an outcome,
 * which is what "analysed once" counts), Premium golfers with today's workout, and the closing check.
 */

/** How long the product may take to catch up after a fault before the books are judged. */
export const SETTLE_TIMEOUT_MS = 180_000;
/** After the books balance, a late duplicate would still show up within this pause. */
const LATE_DUPLICATE_WAIT_MS = 3_000;

export function clips() {
  const dir = mkdtempSync(join(tmpdir(), 'sf-faults-clips-'));
  return { clip: makeTestClip(dir), close: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A Premium golfer with a completed analysis behind today's workout. Premium and the analysis are
 * written into the gateway's tables, as the e2e journeys do (billing's own path is scenario d's and
 * e's subject; analyses of a test pattern never complete).
 */
export async function premiumGolfer(product: Product, told: Told, firstName: string): Promise<Golfer> {
  const golfer = await newGolfer(product.url, firstName);
  told.golfers.push(golfer.id);
  await withDb(product.databaseUrl, async (db) => {
    await db.query('update core.users set is_premium = true where id = $1', [golfer.id]);
    await db.query(
      `insert into core.swing_analyses (user_id, status, club_selection, upload_week, mobility_analysis, analysis_results, technical_details, completed_at)
       values ($1, 'complete', 'driver', '2026-01-04', $2, $3, $4, now() - interval '1 day')`,
      [golfer.id, JSON.stringify({ shoulderTurn: 'Limited (68°)', hipRotation: 'Restricted (30°)', xFactor: '38°' }), JSON.stringify({ posture: 'Stable' }), JSON.stringify({ overall: 'ok' })],
    );
  });
  return golfer;
}

/** Today's exercise names of a golfer (the workout is built on the first view). */
export async function todaysExercises(golfer: Golfer): Promise<string[]> {
  const workout = await golfer.dailyWorkout();
  expect(workout.status, workout.text).toBe(200);
  return (workout.body.exercises ?? []).map((e) => e.name);
}

/** Uploads a clip; a 201 is recorded as told. Returns the answer. */
export async function uploadAndRecord(golfer: Golfer, told: Told, clip: string, club: string) {
  const answer = await golfer.upload(clip, club);
  if (answer.status === 201 && answer.body.id) told.uploads.set(answer.body.id, golfer.id);
  return answer;
}

/** Completes an exercise; the points a 200 promises are recorded as told. */
export async function completeAndRecord(golfer: Golfer, told: Told, exercise: string) {
  const answer = await golfer.complete(exercise);
  if (answer.status === 200) promise(told, golfer.id, answer.body.pointsAwarded ?? 0);
  return answer;
}

/** The closing check of every scenario: once the product caught up, nothing lost, nothing doubled, and it stays so. */
export async function expectBooksBalance(product: Product, told: Told): Promise<void> {
  const first = await settledImbalances(product.databaseUrl, told, SETTLE_TIMEOUT_MS);
  expect(first, `${first.join('\n')}\n--- worker log tail:\n${product.log('analysis-worker').slice(-2000)}`).toEqual([]);
  await new Promise((r) => setTimeout(r, LATE_DUPLICATE_WAIT_MS));
  const again = await settledImbalances(product.databaseUrl, told, 1);
  expect(again).toEqual([]);
}

/** Prints how long a scenario took (the run's summary is read from these lines) with the load average. */
export function timer(scenario: string) {
  const started = Date.now();
  return () => {
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`[faults] ${scenario}: ${((Date.now() - started) / 1000).toFixed(1)} s (load average ${load})`);
  };
}

export const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The plain scenario's frame: the product on its own ports, started before the file's tests and closed after
 * them, a clip, the golfers' books and the printed duration. `started` hands the product to the file.
 */
export function plainScenario(name: string, basePort: number, started: (product: Product) => void) {
  const clip = clips();
  const told = emptyTold();
  const done = timer(name);
  let product: Product | undefined;
  beforeAll(async () => {
    product = await startProduct({ basePort });
    started(product);
  });
  afterAll(async () => {
    await product?.close();
    clip.close();
    done();
  });
  return { clip, told };
}
