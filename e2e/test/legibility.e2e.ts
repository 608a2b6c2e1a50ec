import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCompletedAnalysis, makePremium, withDb } from '../src/golfers.js';
import { startJourney, type Journey } from '../src/journey.js';
import { legibility } from '../src/legibility.js';

/*
 * Every screen a golfer reads, as the built app renders it at 390x844: text at least 11 px and at WCAG
 * AA contrast (src/legibility.ts), and nothing wider than the phone, for a golfer with a long name. The
 * analysis detail page is judged on real clips in the measurement journey; here the rest, as a free
 * golfer (the locked Premium parts are read too: they say why and link to the upgrade), again as
 * Premium where the screens change, and the signed-out screens.
 */
describe('legibility of every golfer screen', () => {
  let j: Journey;
  let analysisId: number;

  beforeAll(async () => {
    j = await startJourney({ emailPrefix: 'legible', firstName: 'Maximiliana-Alexandrina', lastName: 'Vanderbilt-Featherstonehaugh' });
    await giveCompletedAnalysis(j.stack.databaseUrl, j.userId);
    analysisId = await withDb(j.stack.databaseUrl, async (db) => (await db.query('select id from core.swing_analyses where user_id = $1', [j.userId])).rows[0].id);
  });
  afterAll(async () => j?.close());

  /** Opens the screen, waits for its data, opens every collapsed panel, and returns what fails the bar. */
  async function problemsOn(path: string): Promise<string[]> {
    await j.page.goto(`${j.stack.url}${path}`);
    await j.page.waitForLoadState('networkidle');
    for (const panel of await j.page.locator('details').all()) await panel.evaluate((d) => ((d as HTMLDetailsElement).open = true));
    const report = await legibility(j.page);
    expect(report.checked, `${path}: text found to judge`).toBeGreaterThan(3);
    // Nothing wider than the phone: no sideways scrolling, however long the golfer's name.
    const width = await j.page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(width[0], `${path}: page width at a ${width[1]} px viewport`).toBeLessThanOrEqual(width[1]!);
    return report.problems.map((p) => `${path}: "${p.text}" ${p.why} (${p.color} on ${p.background}, ${p.fontPx}px)`);
  }

  it('as a free golfer', async () => {
    const screens = ['/home', '/analysis', `/analysis/${analysisId}`, '/upload', '/daily-workout', '/exercises', '/subscribe', '/leaderboard', '/how-points-work', '/profile'];
    const problems: string[] = [];
    for (const path of screens) problems.push(...(await problemsOn(path)));
    expect(problems).toEqual([]);
  });

  it('as a Premium golfer, where the screens change', async () => {
    await makePremium(j.stack.databaseUrl, j.userId);
    const problems: string[] = [];
    for (const path of ['/home', '/upload', '/daily-workout', '/profile']) problems.push(...(await problemsOn(path)));
    expect(problems).toEqual([]);
  });

  it('signed out', async () => {
    await j.page.context().clearCookies();
    const problems: string[] = [];
    for (const path of ['/sign-in', '/sign-up', '/admin-login']) problems.push(...(await problemsOn(path)));
    expect(problems).toEqual([]);
  });
});
