import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext, shot, visible } from '../src/browser.js';
import { LIMITED_TURN_FOCUS, giveCompletedAnalysis, makePremium, signUp, withDb } from '../src/golfers.js';
import { startProduct, type RunningStack } from '../src/stack.js';

/*
 * Issue 12's journeys at a phone viewport: a free golfer's one workout view, Premium features shown
 * but disabled, the library's Premium badges, and the limit screen on the next day's workout; a
 * Premium golfer's workout built from their analysis, two completions with sets/reps/weight, the
 * toast's points, the history, and the Done state after a reload.
 */
describe('daily workout journeys', () => {
  let stack: RunningStack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const cards = (page: Page) => page.getByTestId('exercise-card');

  describe('a free golfer', () => {
    let page: Page;
    let userId: number;

    beforeAll(async () => {
      page = await (await phoneContext(browser)).newPage();
      await page.goto(stack.url);
      userId = await signUp(page, stack.url, 'Lexi', 'Thompson');
      await giveCompletedAnalysis(stack.databaseUrl, userId);
    });

    it('opens today’s workout from the home banner: focus areas, written steps, Premium features disabled', async () => {
      await page.goto(stack.url);
      await page.getByRole('link', { name: /Today's Workout/ }).click();
      await page.waitForURL(/\/daily-workout$/);
      await visible(page.getByText('Workout Overview'), 30_000);
      for (const area of LIMITED_TURN_FOCUS) await visible(page.locator('.wo-focus li', { hasText: area }));
      expect(await cards(page).count()).toBe(6);
      const first = cards(page).first();
      await visible(first.getByText('Premium Feature'));
      for (const name of ['Watch', 'View History', 'Complete']) expect(await first.getByRole('button', { name }).isDisabled()).toBe(true);
      expect(await first.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/profile#subscription');
      await first.getByText('Show steps and cues').click();
      await visible(first.getByText('How to do it'));
      await shot(page, '30-workout-free');
      const usage = await page.evaluate(async () => (await fetch('/api/usage-limits', { credentials: 'include' })).json());
      expect(usage.workoutViews).toEqual({ used: 1, limit: 1 });
    });

    it('sees Premium badges in the exercise library', async () => {
      await page.goto(`${stack.url}/exercises`);
      await visible(page.getByText('Exercise Library'), 20_000);
      const premium = page.getByRole('region', { name: 'Premium Exercises' });
      await visible(premium);
      expect(await premium.getByText('Premium', { exact: true }).count()).toBeGreaterThan(20);
      // Search reads names and descriptions: 'open book' finds the exercise and the one that refers to it.
      await page.getByPlaceholder('Search exercises...').fill('open book');
      await visible(page.getByRole('button', { name: 'Side-Lying Windmill, Premium' }));
      expect(await page.getByTestId('library-card').count()).toBe(2);
      await page.getByRole('button', { name: 'Open Book', exact: true }).click();
      await visible(page.getByRole('dialog', { name: 'Open Book' }).getByText('Coaching cues'));
      await shot(page, '31-library-detail', { fullPage: false });
      await page.keyboard.press('Escape');
      await page.getByPlaceholder('Search exercises...').fill('');
      await page.getByRole('button', { name: 'Strength' }).click();
      await shot(page, '32-library-free');
    });

    it('meets the limit screen on the next day’s workout, without a retry', async () => {
      // The next day: the stored workout now belongs to yesterday.
      await withDb(stack.databaseUrl, (db) => db.query('update core.daily_workouts set workout_date = workout_date - 1 where user_id = $1', [userId]));
      const asked: string[] = [];
      page.on('request', (r) => r.url().includes('/api/daily-workout/') && asked.push(r.url()));
      await page.goto(`${stack.url}/daily-workout`);
      await visible(page.getByText('Daily Workout Limit Reached'), 20_000);
      await visible(page.getByText("You've used your free daily workout view. Upgrade to premium for unlimited access to personalized workouts."));
      await page.waitForTimeout(1_500); // a retry would come after 1 s
      expect(asked).toHaveLength(1);
      await shot(page, '33-workout-limit');
    });
  });

  describe('a Premium golfer', () => {
    let page: Page;
    let userId: number;

    beforeAll(async () => {
      page = await (await phoneContext(browser)).newPage();
      await page.goto(stack.url);
      userId = await signUp(page, stack.url, 'Collin', 'Morikawa');
      await giveCompletedAnalysis(stack.databaseUrl, userId);
      await makePremium(stack.databaseUrl, userId);
    });

    it('gets a workout built from the analysis’ focus areas', async () => {
      await page.goto(`${stack.url}/daily-workout`);
      await visible(page.getByText('Workout Overview'), 30_000);
      expect(await page.locator('.wo-focus li').allTextContents()).toEqual(LIMITED_TURN_FOCUS);
      expect(await cards(page).count()).toBe(6);
      await visible(cards(page).first().getByLabel('Sets'));
      expect(await cards(page).first().getByLabel('Weight (lbs)').getAttribute('placeholder')).toBe('25');
      await shot(page, '34-workout-premium');
    });

    it('completes two exercises with sets, reps and weight, and sees the points in the toast', async () => {
      const entries = [
        { sets: '3', reps: '12', weight: '25', toast: 'Progress: 1/6 exercises (17%) +5 points!' },
        { sets: '2', reps: '10', weight: '15', toast: 'Progress: 2/6 exercises (33%) +5 points!' },
      ];
      for (const [i, entry] of entries.entries()) {
        const card = cards(page).nth(i);
        await card.getByLabel('Sets').fill(entry.sets);
        await card.getByLabel('Reps').fill(entry.reps);
        await card.getByLabel('Weight (lbs)').fill(entry.weight);
        await card.getByRole('button', { name: 'Complete' }).click();
        const toast = page.getByTestId('toast');
        await visible(toast.getByText('Exercise Completed!'), 20_000);
        await visible(toast.getByText(entry.toast));
        await visible(card.getByRole('button', { name: 'Done' }));
        expect(await card.getByLabel('Sets').isDisabled()).toBe(true);
        if (i === 0) await shot(page, '35-workout-completed-toast', { fullPage: false });
      }
      expect(await page.getByTestId('workout-progress').getAttribute('aria-valuenow')).toBe('33');
    });

    it('sees the logged figures in the exercise history', async () => {
      const first = cards(page).first();
      const name = await first.getAttribute('data-exercise');
      await first.getByRole('button', { name: 'View History' }).click();
      const dialog = page.getByRole('dialog', { name: `${name} - History` });
      await visible(dialog.getByText('TODAY'), 20_000);
      await visible(dialog.getByText('3 sets · 12 reps · 25 lbs'));
      await shot(page, '36-exercise-history', { fullPage: false });
      await page.keyboard.press('Escape');
    });

    it('keeps the Done state across a reload, and counts a double tap once', async () => {
      await page.reload();
      await visible(page.getByText('Workout Overview'), 30_000);
      for (const i of [0, 1]) await visible(cards(page).nth(i).getByRole('button', { name: 'Done' }));
      expect(await cards(page).nth(2).getByRole('button', { name: 'Complete' }).isEnabled()).toBe(true);
      expect(await page.getByTestId('workout-progress').getAttribute('aria-valuenow')).toBe('33');

      // The same exercise twice at once (a double tap that got past the button): one completion, one award.
      const third = await cards(page).nth(2).getAttribute('data-exercise');
      const answers = await page.evaluate(async (exerciseName) => {
        const post = () => fetch('/api/daily-workout/complete', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ exerciseName }) }).then((r) => r.json());
        return Promise.all([post(), post()]);
      }, third);
      expect(answers.map((a) => a.pointsAwarded).sort()).toEqual([0, 5]);
      const count = await withDb(stack.databaseUrl, async (db) => (await db.query('select count(*)::int as n from core.exercise_completions where user_id = $1', [userId])).rows[0].n);
      expect(count).toBe(3);
      const days = await page.evaluate(async (id) => (await fetch(`/api/user-sessions/${id}`, { credentials: 'include' })).json(), userId);
      expect(days).toEqual([{ date: expect.any(String), exercisesCompleted: 3, points: 15 }]);
      await page.reload();
      await visible(cards(page).nth(2).getByRole('button', { name: 'Done' }), 30_000);
      await shot(page, '37-workout-done-after-reload');
    });
  });
});
