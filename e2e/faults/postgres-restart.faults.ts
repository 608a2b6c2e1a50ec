import { describe, expect, it } from 'vitest';
import { isClearRefusal, type Answer } from './src/golfer.js';
import type { Product } from './src/product.js';
import { pause, plainScenario, completeAndRecord, expectBooksBalance, premiumGolfer, todaysExercises, uploadAndRecord } from './src/scenario.js';

/*
 * Scenario b: the private PostgreSQL cluster crashes (pg_ctl -m immediate: no checkpoint, committed
 * work comes back from the WAL) and starts again. During the outage every request gets a clear answer
 * (503 with a sentence, never a 500 or a stack); afterwards the services answer again without being
 * restarted, and everything that was answered as done is there.
 */

const BASE_PORT = 31010;
const GOLFERS = 4;
const RECOVERY_TIMEOUT_MS = 60_000;

let product: Product;
const { clip, told } = plainScenario('b. PostgreSQL restarted', BASE_PORT, (started) => (product = started));

describe('b. PostgreSQL restarted', () => {
  it('answers clearly while it is down, recovers without a restart and loses nothing committed', async () => {
    const golfers = await Promise.all(Array.from({ length: GOLFERS }, (_, i) => premiumGolfer(product, told, `Pg${i}`)));
    const exercises = await Promise.all(golfers.map((g) => todaysExercises(g)));
    // Before: a driver and an exercise each, committed and answered.
    for (const [i, g] of golfers.entries()) {
      expect((await uploadAndRecord(g, told, clip.clip, 'driver')).status).toBe(201);
      expect((await completeAndRecord(g, told, exercises[i]![0]!)).status).toBe(200);
    }

    product.pg.crash();
    const during: Answer[] = [];
    for (const [i, g] of golfers.entries()) {
      during.push(await g.me(), await uploadAndRecord(g, told, clip.clip, '7-iron'), await completeAndRecord(g, told, exercises[i]![1]!), await g.dailyWorkout());
    }
    const ready = await fetch(`${product.url}/readyz`);
    await pause(2_000);
    product.pg.start();

    expect(during.map((a) => a.status).filter((s) => s !== 503), during.map((a) => a.text).join('\n')).toEqual([]);
    expect(during.filter((a) => !isClearRefusal(a)).map((a) => a.text)).toEqual([]);
    expect(ready.status).toBe(503);

    // The same processes answer again once PostgreSQL is back: no service was restarted or died.
    const deadline = Date.now() + RECOVERY_TIMEOUT_MS;
    while ((await golfers[0]!.me()).status !== 200 && Date.now() < deadline) await pause(500);
    expect(product.crashed()).toEqual([]);
    for (const [i, g] of golfers.entries()) {
      expect((await g.me()).status).toBe(200);
      expect((await uploadAndRecord(g, told, clip.clip, '7-iron')).status).toBe(201);
      expect((await completeAndRecord(g, told, exercises[i]![1]!)).status).toBe(200);
    }
    await expectBooksBalance(product, told);
  });
});
