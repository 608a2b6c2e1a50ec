import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import pg from 'pg';
import { centralDate, exerciseAward } from '@swingfit/contracts';
import { launchBrowser, phoneContext, shot, visible } from '../src/browser.js';
import { startProduct, type RunningStack } from '../src/stack.js';
import { legibilityProblems } from '../src/legibility.js';

/*
 * Issue 13's journey at 390x844 on the whole built product. The workout screen is being built in
 * parallel (issue 12), so the exercise completions are produced the way its completion transaction
 * will produce them: an exercise.completed row in the gateway's own outbox (core.outbox), carrying
 * the award exerciseAward(streakWeeks) decides. From there everything is real: the gateway's relay,
 * gamification's queue, inbox, ledger and totals, points.awarded back to the gateway's user record,
 * the notifications, the badge's 30 s poll, the leaderboard and the home cards.
 */
describe('points, leaderboard and notifications journey', () => {
  let stack: RunningStack;
  let browser: Browser;
  let page: Page;
  let db: pg.Client;
  let me: { id: number };
  let rival: { id: number; request: APIRequestContext };
  let completionId = 1;

  /** What the completion transaction writes beside the completion row (issue 12's route), in core.outbox. */
  async function completeExercise(userId: number, exerciseName: string, streakWeeks: number) {
    const payload = { completionId: completionId++, exerciseName, workoutDate: centralDate(new Date()), streakWeeks, ...exerciseAward(streakWeeks) };
    await db.query(`insert into core.outbox (id, type, version, user_id, payload) values ($1, 'exercise.completed', 1, $2, $3)`, [randomUUID(), userId, JSON.stringify(payload)]);
    return payload.points;
  }

  async function register(request: APIRequestContext, firstName: string, city: string) {
    const res = await request.post(`${stack.url}/api/auth/register`, {
      data: { email: `${firstName.toLowerCase()}${Date.now()}@example.com`, password: 'tempo-3-to-1', firstName, lastName: 'Golfer' },
    });
    expect(res.status()).toBe(201);
    const user = (await res.json()) as { id: number };
    const patch = await request.patch(`${stack.url}/api/users/${user.id}`, { data: { city, state: 'TX' }, headers: { origin: stack.url } });
    expect(patch.status()).toBe(200);
    return user;
  }

  beforeAll(async () => {
    // No analysis worker: points come from exercise completions; this golfer never uploads a swing.
    stack = await startProduct({ analysis: false });
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    browser = await launchBrowser();
    page = await (await phoneContext(browser)).newPage();
    await page.goto(stack.url);
    me = await register(page.request, 'Nelly', 'Austin');
    const rivalContext = await phoneContext(browser);
    rival = { ...(await register(rivalContext.request, 'Lexi', 'Dallas')), request: rivalContext.request };
  });
  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await stack?.stop();
  });

  it('shows the rival ahead on the leaderboard before any exercise', async () => {
    await completeExercise(rival.id, 'Hip Airplane', 5); // 8 points at 1.5x
    await expect.poll(async () => (await (await rival.request.get(`${stack.url}/api/auth/user`)).json()).monthlyPoints, { timeout: 30_000 }).toBe(8);
    await page.goto(`${stack.url}/leaderboard`);
    await visible(page.getByText('Your Position'));
    // Without points this month the golfer has no place yet (everyone at 0 would share one).
    await visible(page.getByTestId('my-position').getByText('Not ranked yet'), 30_000);
    await visible(page.getByText('8 more to pass 1st').or(page.getByText(/9 more to pass 1st/)).first());
    await visible(page.getByTestId('top-three').getByText('Lexi'));
    await shot(page, '30-leaderboard-before');
  });

  it('completes exercises: the position changes, the badge and the notification arrive', async () => {
    // Before: only the welcome notice is unread.
    const badge = page.getByTestId('unread-badge');
    await visible(badge, 45_000);
    expect(await badge.textContent()).toBe('1');
    // One after the other, as a golfer does them: the day's notice names the latest exercise and the day's
    // total, and two completions handled side by side could leave either one's words last.
    const first = await completeExercise(me.id, 'Open Book Stretch', 3);
    const noticed = async () => (await db.query(`select message from gamification.notifications where user_id = $1 and message like 'Open Book Stretch:%'`, [me.id])).rowCount;
    await expect.poll(noticed, { timeout: 30_000, interval: 250 }).toBe(1);
    const earned = first + (await completeExercise(me.id, 'Dead Bug', 3)); // 2 x 6 at 1.25x
    expect(earned).toBe(12);
    // Your Position reads the golfer's position every 5 s on this screen.
    await visible(page.getByTestId('my-position').getByText('1st'), 40_000);
    await visible(page.getByText('12 points this month · top of the board'));
    // The header polls notifications every 30 s: the badge counts the new ones without a reload
    // (welcome, the day's exercises in one notice, the first workout, the top 3, the 3-week streak tier).
    await expect.poll(async () => Number(await badge.textContent()), { timeout: 45_000, interval: 1_000 }).toBe(5);
    await page.reload();
    await visible(page.getByTestId('top-three').filter({ hasText: 'Nelly (You)' }), 30_000);
    await page.getByLabel('Points this month').scrollIntoViewIfNeeded();
    await shot(page, '31-leaderboard-after');
    expect(await legibilityProblems(page, 'leaderboard with the points chart')).toEqual([]);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: /Notifications/ });
    await visible(panel.getByText('Exercise Completed!'));
    await visible(panel.getByText('Dead Bug: +6 points with your 1.25x streak bonus. Today so far: 12 points.'));
    await visible(panel.getByText('First Workout!'));
    await visible(panel.getByText('You’re in the Top 3!'));
    await visible(panel.getByText('3-Week Streak!'));
    await shot(page, '32-notifications');
    expect(await legibilityProblems(page, 'notifications panel')).toEqual([]);

    const markAll = panel.getByRole('button', { name: 'Mark All Read' });
    expect(await markAll.isEnabled()).toBe(true);
    await markAll.click();
    await visible(panel.getByText('All caught up'));
    expect(await markAll.isDisabled()).toBe(true);
    await expect.poll(() => badge.count(), { timeout: 10_000 }).toBe(0);
    await shot(page, '33-notifications-read');
    await page.mouse.click(20, 400); // tapping outside closes the panel
    await expect.poll(() => panel.count()).toBe(0);
  });

  it('shows the points on the home cards, and the rival hears they were passed', async () => {
    await page.goto(stack.url);
    const monthly = page.locator('.sf-stat').filter({ hasText: 'Monthly Points' });
    await visible(monthly.getByText('12'), 30_000);
    await visible(page.locator('.sf-stat').filter({ hasText: 'Week Streak' }).getByText(/x points · \d+ per exercise/));
    expect(await monthly.getByRole('link', { name: 'How Points Work' }).getAttribute('href')).toBe('/leaderboard');
    await shot(page, '34-home-cards');
    const theirs = (await (await rival.request.get(`${stack.url}/api/notifications`)).json()) as Array<{ title: string; message: string }>;
    expect(theirs.find((n) => n.title === 'You’ve Been Passed')?.message).toBe('Nelly just passed you on this month’s leaderboard. Complete an exercise to climb back!');
  });

  it('explains how points work', async () => {
    await page.goto(`${stack.url}/how-points-work`);
    await visible(page.getByText('6 exercises × 15 points = 90 points'), 30_000);
    await visible(page.getByText(/Your streak counts weeks/));
    await shot(page, '35-how-points-work');
  });
});
