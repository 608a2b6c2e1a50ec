import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext, shot, visible } from '../src/browser.js';
import { startProduct, type RunningStack } from '../src/stack.js';

/*
 * Issue 2's journey on the built product at a phone viewport: welcome, sign up, shell, edit profile,
 * log out, sign in again, the 404 screen.
 */
describe('account journey', () => {
  let stack: RunningStack;
  let browser: Browser;
  let page: Page;
  const email = `golfer${Date.now()}@example.com`;
  const password = 'fairway-2026';

  beforeAll(async () => {
    // No analysis worker: the upload screen's refusal is the browser's own, before anything is sent.
    stack = await startProduct({ analysis: false });
    browser = await launchBrowser();
    page = await (await phoneContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('welcomes a first-time visitor and leads to sign-up', async () => {
    await page.goto(stack.url);
    // First visit: onboarding, which can be skipped. Wait for the app to draw either screen first:
    // isVisible() does not wait, so checking before React has rendered would race.
    const skip = page.getByRole('button', { name: /skip/i });
    await visible(skip.or(page.getByRole('button', { name: 'Get Started' })), 30_000);
    await shot(page, '00-onboarding');
    if (await skip.isVisible()) await skip.click();
    await visible(page.getByRole('button', { name: 'Get Started' }), 30_000);
    await shot(page, '01-welcome');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL(/\/sign-in/);
    await page.getByRole('link', { name: /sign up|create/i }).click();
    await page.waitForURL(/\/sign-up/);
  });

  it('signs up and shows the shell with the greeting', async () => {
    await page.getByLabel(/first name/i).fill('Jordan');
    await page.getByLabel(/last name/i).fill('Spieth');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/password/i).fill(password);
    await shot(page, '02-sign-up');
    await page.getByRole('button', { name: /sign up|create account/i }).click();
    await visible(page.getByText("Let's get started, Jordan"), 30_000);
    await visible(page.getByText('Your Golf Fitness Journey Begins Here!'));
    await visible(page.getByRole('link', { name: 'JS' }).or(page.getByText('JS', { exact: true })).first());
    for (const tab of ['Home', 'Analysis', 'Leaderboard', 'Profile']) await visible(page.getByRole('link', { name: tab }).last());
    await shot(page, '03-home');
  });

  it('edits the profile', async () => {
    await page.getByRole('link', { name: 'Profile' }).last().click();
    await page.waitForURL(/\/profile/);
    await page.getByRole('button', { name: /edit|complete profile/i }).first().click();
    await page.getByLabel(/city/i).fill('Dallas');
    await page.getByLabel(/state/i).fill('TX');
    await page.getByLabel(/handicap/i).fill('12.4');
    await page.getByRole('button', { name: /save/i }).click();
    await visible(page.getByText('Profile Updated').first(), 20_000);
    await visible(page.getByText('Dallas').first());
    await shot(page, '04-profile');
    const me = await page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).json());
    expect(me).toMatchObject({ city: 'Dallas', state: 'TX', handicap: 12.4 });
  });

  it('logs out and signs in again', async () => {
    await page.getByRole('button', { name: /log out/i }).click();
    await visible(page.getByText('Logged Out').first(), 20_000);
    const status = await page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status);
    expect(status).toBe(401);
    await page.goto(`${stack.url}/sign-in`);
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/password/i).fill('wrong-password');
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await visible(page.getByText('Invalid email or password'), 20_000);
    await page.getByLabel(/password/i).fill(password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await visible(page.getByText("Let's get started, Jordan"), 30_000);
  });

  it('marks the upload field a refusal concerns and keeps Tab inside the notifications panel, in the real browser', async () => {
    // Focus and scrolling are the browser's: jsdom's unit tests cannot show the golfer lands on the field.
    await page.goto(`${stack.url}/upload`);
    await page.getByTestId('faceOnVideo-input').setInputFiles({ name: 'swing.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not sent') });
    await page.getByLabel('Age').fill('5');
    await page.getByRole('button', { name: /Upload & Analyze/ }).click();
    const focused = () => page.evaluate(() => ({ name: document.activeElement?.getAttribute('name'), invalid: document.activeElement?.getAttribute('aria-invalid') }));
    expect(await focused()).toEqual({ name: 'age', invalid: 'true' });
    await visible(page.locator('.sf-field__error', { hasText: 'Age must be between 10 and 100' }));
    await shot(page, '05a-upload-field-marked', { fullPage: false });

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await visible(page.getByRole('dialog'));
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('shows the not-found screen for an unknown path', async () => {
    await page.goto(`${stack.url}/no-such-page`);
    await visible(page.getByText('404 Page Not Found'), 20_000);
    await shot(page, '05-not-found');
  });

  it('keeps a golfer with a very long name inside the phone: no horizontal scroll on home, leaderboard and profile', async () => {
    const context = await phoneContext(browser);
    const long = await context.newPage();
    await long.goto(stack.url);
    const firstName = 'Maximiliana-Josephine-Alexandrina';
    const res = await long.request.post(`${stack.url}/api/auth/register`, {
      data: { email: `longname${Date.now()}@example.com`, password, firstName: firstName + 'X'.repeat(30), lastName: 'Featherstonehaugh-Cholmondeley' },
    });
    expect(res.status()).toBe(201);
    const pages: Array<[string, string | RegExp]> = [['/', `Let's get started, ${firstName}`], ['/leaderboard', 'Your Points Summary'], ['/profile', 'Personal Information']];
    for (const [path, landmark] of pages) {
      await long.goto(`${stack.url}${path}`);
      await visible(long.getByText(landmark).first(), 30_000);
      const width = await long.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width}px wide at a 390px viewport`).toBeLessThanOrEqual(390);
    }
    await shot(long, '06-long-name-profile');
    await context.close();
  });
});
