import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCompletedAnalysis, makePremium, withDb } from '../src/golfers.js';
import { startJourney, type Journey } from '../src/journey.js';
import { crampedInCards, legibility, legibilityProblems, titleUnderClose, wrappedButtons } from '../src/legibility.js';

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
    // Nothing wider than the phone: no sideways scrolling, however long the golfer's name.
    const width = await j.page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(width[0], `${path}: page width at a ${width[1]} px viewport`).toBeLessThanOrEqual(width[1]!);
    // No button or link drawn against its card's edges (a screen's own class once took a card's padding),
    // and no button label broken onto two lines.
    return [...(await crampedInCards(j.page, path)), ...(await wrappedButtons(j.page, path)), ...(await legibilityProblems(j.page, path))];
  }

  it('the check itself finds small, faint, faded and small drawn text, and passes the rest', async () => {
    const page = await j.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.setContent(`<body style="margin:0;background:#fff;font-family:sans-serif">
      <p style="font-size:14px;color:#16211c">Readable</p>
      <p style="font-size:10px;color:#16211c">Tiny</p>
      <p style="font-size:14px;color:#9aa4ae">Faint</p>
      <div style="opacity:.5"><p style="font-size:14px;color:#4a5a52">Faded</p></div>
      <div style="background:#14603f"><p style="font-size:14px;color:#fff">White on green</p></div>
      <p style="font-size:24px;color:#7b8a82">Large and quiet</p>
      <button disabled style="opacity:.4;font-size:14px">Disabled</button>
      <svg viewBox="0 0 100 20" width="100"><text x="2" y="15" font-size="9" fill="#16211c">Drawn small</text></svg>
      <svg viewBox="0 0 100 20" width="200"><text x="2" y="15" font-size="9" fill="#16211c">Drawn at twice</text></svg>
    </body>`);
    const report = await legibility(page);
    await page.close();
    expect(report.problems.map((p) => p.text).sort()).toEqual(['Drawn small', 'Faded', 'Faint', 'Tiny']);
    expect(report.checked).toBe(8);
  });

  it('as a free golfer', async () => {
    const screens = ['/home', '/analysis', `/analysis/${analysisId}`, '/upload', '/daily-workout', '/exercises', '/subscribe', '/payment-success', '/leaderboard', '/how-points-work', '/profile'];
    const problems: string[] = [];
    for (const path of screens) problems.push(...(await problemsOn(path)));
    expect(problems).toEqual([]);
  });

  it("keeps a dialog's title clear of its Close button, however long", async () => {
    await j.page.goto(`${j.stack.url}/exercises`);
    await j.page.getByTestId('library-card').first().click();
    // Titles of the history dialog ('{exercise} - History') and the video dialog (the video's title) whose
    // first line ran under the X at 390 px, set on the open dialog one after another.
    const titles = ['Half-Kneeling Hip Flexor Stretch - History', 'Half-Kneeling Band Chop - History', 'Standing Hip Circles - Coach Demo'];
    const problems: string[] = [];
    for (const text of titles) {
      await j.page.locator('.sf-dialog__title').evaluate((title, t) => (title.textContent = t), text);
      problems.push(...(await titleUnderClose(j.page)).map((p) => `${text}: ${p}`));
    }
    expect(problems).toEqual([]);
    await j.page.keyboard.press('Escape');
  });

  it('as a Premium golfer, where the screens change', async () => {
    await makePremium(j.stack.databaseUrl, j.userId);
    const problems: string[] = [];
    for (const path of ['/home', '/upload', '/daily-workout', '/profile', '/subscribe']) problems.push(...(await problemsOn(path)));
    expect(problems).toEqual([]);
  });

  it('signed out', async () => {
    await j.page.context().clearCookies();
    const problems: string[] = [];
    for (const path of ['/sign-in', '/sign-up', '/admin-login']) problems.push(...(await problemsOn(path)));
    expect(problems).toEqual([]);
  });
});
