import { describe, expect, it } from 'vitest';
import type { Answer, Golfer } from './src/golfer.js';
import { isClearRefusal } from './src/golfer.js';
import type { Product } from './src/product.js';
import { pause, plainScenario, completeAndRecord, expectBooksBalance, premiumGolfer, todaysExercises, uploadAndRecord } from './src/scenario.js';

/*
 * Scenario a: the private Redis (append-only, noeviction, as compose runs it) is stopped and started
 * twice while golfers upload swings and complete their workout's exercises. Uploads and completions
 * commit to PostgreSQL with their events in the outbox; the queues come back from the append-only
 * file. Afterwards every upload is analysed once and every points award counted once.
 */

const BASE_PORT = 31000;
const GOLFERS = 6;
const OUTAGE_MS = 4_000;
const BETWEEN_STEPS_MS = 300;

let product: Product;
const { clip, told } = plainScenario('a. Redis restarted during load', BASE_PORT, (started) => (product = started));

/** Set while the private Redis is stopped: answers given then prove the load overlapped the outage. */
let redisDown = false;
let doneWhileDown = 0;

/** One golfer's session: a driver, two exercises, a 7-iron, a third exercise; anything refused is tried again once Redis is back. */
async function session(golfer: Golfer, answers: Answer[]): Promise<Array<() => Promise<Answer>>> {
  const exercises = await todaysExercises(golfer);
  const steps: Array<() => Promise<Answer>> = [
    () => uploadAndRecord(golfer, told, clip.clip, 'driver'),
    () => completeAndRecord(golfer, told, exercises[0]!),
    () => completeAndRecord(golfer, told, exercises[1]!),
    () => uploadAndRecord(golfer, told, clip.clip, '7-iron'),
    () => completeAndRecord(golfer, told, exercises[2]!),
  ];
  const refused: Array<() => Promise<Answer>> = [];
  for (const step of steps) {
    const answer = await step();
    answers.push(answer);
    if (redisDown && (answer.status === 200 || answer.status === 201)) doneWhileDown += 1;
    if (answer.status !== 200 && answer.status !== 201) refused.push(step);
    await pause(BETWEEN_STEPS_MS);
  }
  return refused;
}

describe('a. Redis restarted during load', () => {
  it('loses no upload and doubles no award while Redis stops and starts twice', async () => {
    const golfers = await Promise.all(Array.from({ length: GOLFERS }, (_, i) => premiumGolfer(product, told, `Redis${i}`)));
    const answers: Answer[] = [];
    const readiness: number[] = [];
    const load = Promise.all(golfers.map((g) => session(g, answers)));
    for (let outage = 0; outage < 2; outage++) {
      await pause(1_000);
      await product.redis.stop();
      redisDown = true;
      await pause(OUTAGE_MS / 2);
      // The outage is real: the gateway's readiness names it while uploads and completions go on.
      readiness.push((await fetch(`${product.url}/readyz`)).status);
      await pause(OUTAGE_MS / 2);
      redisDown = false;
      await product.redis.start();
    }
    const retries = (await load).flat();
    // Redis is back: whatever was refused during the outage is tried again, as a golfer would.
    for (const retry of retries) answers.push(await retry());

    const errors = answers.filter((a) => a.status >= 500 && !(a.status === 503 && isClearRefusal(a)));
    expect(errors.map((a) => `${a.status} ${a.text}`)).toEqual([]);
    expect(told.uploads.size).toBe(GOLFERS * 2);
    expect(readiness).toEqual([503, 503]);
    console.log(`[faults] a. uploads and completions answered while Redis was down: ${doneWhileDown} of ${answers.length}; retried after: ${retries.length}`);
    expect(doneWhileDown).toBeGreaterThan(0);
    await expectBooksBalance(product, told);
  });
});
