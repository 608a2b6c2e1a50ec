import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, visible } from '../src/browser.js';
import { countedClip } from '../src/fixtures.js';
import { startJourney, type Journey } from '../src/journey.js';
import type { RunningStack } from '../src/stack.js';

/*
 * Issue 14's journey on local test mode (no Stripe keys, as `pnpm start` runs): a free golfer meets the
 * upload gate, upgrades to the annual plan on the test checkout, is welcomed to Premium, uploads a driver
 * and a 7-iron this week and is refused a third; cancels in the test portal and keeps Premium until the
 * period end; the test clock moves past it and the golfer is free again.
 */
describe('premium subscription journey (local test mode)', () => {
  let journey: Journey;
  let stack: RunningStack;
  let page: Page;
  let userId: number;
  const dir = mkdtempSync(join(tmpdir(), 'sf-e2e-clips-'));
  // Uploads that stay counted while the journey checks the gates (a failed analysis gives its upload back).
  const clip = countedClip(dir);

  const me = () => page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).json());
  const uploadStatus = () => page.evaluate(async (id) => (await fetch(`/api/upload-status/${id}`, { credentials: 'include' })).json(), userId);

  async function uploadClip(club: 'driver' | '7-iron') {
    await page.goto(`${stack.url}/upload?club=${club}`);
    await page.getByTestId('faceOnVideo-input').setInputFiles(clip);
    await page.getByRole('button', { name: 'Upload & Analyze' }).click();
    await page.waitForURL(/\/analysis-loading\/\d+/, { timeout: 60_000 });
  }

  beforeAll(async () => {
    journey = await startJourney({ emailPrefix: 'premium', firstName: 'Rory', lastName: 'McIlroy' });
    ({ stack, page, userId } = journey);
  });
  afterAll(async () => {
    await journey?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows admins that billing runs in local test mode', async () => {
    const login = await page.request.post(`${stack.url}/api/admin/login`, { data: { password: stack.adminPassword } });
    expect(login.status()).toBe(200);
    const status = await page.request.get(`${stack.url}/api/admin/billing/status`);
    expect(status.status()).toBe(200);
    expect(await status.json()).toMatchObject({ mode: 'local-test', keys: 'none', webhooks: 'local-test', subscriptions: { premium: 0 } });
  });

  it('meets the upload gate after the free upload and is led to the profile\'s Subscription card (section 2), then to /subscribe', async () => {
    await uploadClip('driver');
    await page.goto(`${stack.url}/upload`);
    await visible(page.getByText('Upload Limit Reached').first(), 20_000);
    await shot(page, '20-upload-gate');
    await page.getByRole('link', { name: /Upgrade Now/ }).click();
    await page.waitForURL(/\/profile#subscription$/);
    // Opened at the card, below the fixed header, with the plans in view.
    const card = page.getByRole('region', { name: 'Subscription' });
    await visible(card.getByRole('button', { name: /Subscribe to Premium/ }));
    const top = await card.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(56);
    expect(top).toBeLessThan(120);
    await shot(page, '20b-profile-subscription');
    // The plan picker and checkout of the Subscribe screen itself are walked from here.
    await page.goto(`${stack.url}/subscribe`);
    await visible(page.getByRole('heading', { name: 'Upgrade to Premium' }));
    await visible(page.getByText(/Test mode\./));
    await shot(page, '21-subscribe');
  });

  it('upgrades to the annual plan on the test checkout and is welcomed to Premium', async () => {
    await page.getByTestId('plan-annual').click();
    await page.getByRole('button', { name: 'Subscribe to Premium - $99.99/year' }).click();
    await page.waitForURL(/\/billing\/test-mode\/checkout\/cs_test_\w+$/, { timeout: 30_000 });
    await visible(page.getByText('TEST MODE').first());
    await visible(page.getByText('Save 17%'));
    expect(await page.locator('input').count()).toBe(0); // no card details asked for
    await shot(page, '22-test-checkout');
    await page.getByRole('button', { name: 'Pay $99.99 (test)' }).click();
    await page.waitForURL(/\/payment-success\?session_id=cs_test_\w+$/, { timeout: 30_000 });
    await visible(page.getByRole('heading', { name: 'Welcome to Premium!' }), 30_000);
    await shot(page, '23-welcome-to-premium');
    const user = await me();
    expect(user).toMatchObject({ isPremium: true, stripeCustomerId: expect.stringMatching(/^cus_/), stripeSubscriptionId: expect.stringMatching(/^sub_/) });
    expect(new Date(user.subscriptionEndDate).getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
  });

  it('uploads a driver and a 7-iron this week, and the third upload is refused', async () => {
    await uploadClip('driver');
    await uploadClip('7-iron');
    expect(await uploadStatus()).toMatchObject({ isPremium: true, canUploadDriver: false, canUploadSevenIron: false, weeklyDriverUploaded: true, weeklySevenIronUploaded: true });
    await page.goto(`${stack.url}/upload`);
    await visible(page.getByText('Weekly Upload Limit Reached').first(), 20_000);
    await shot(page, '24-weekly-limit');
    // Asked directly, the server refuses it too.
    const third = await page.evaluate(async () => {
      const form = new FormData();
      form.append('clubSelection', 'driver');
      form.append('faceOnVideo', new Blob([new Uint8Array(2048)], { type: 'video/mp4' }), 'third.mp4');
      const res = await fetch('/api/swing-analyses', { method: 'POST', body: form, credentials: 'include' });
      return { status: res.status, body: await res.json() };
    });
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({ requiresUpgrade: true, title: 'Weekly Upload Limit Reached' });
  });

  it('shows the subscription on the profile, cancels in the portal and keeps Premium until the period end', async () => {
    await page.goto(`${stack.url}/profile`);
    const subscription = page.getByRole('region', { name: 'Subscription' });
    await visible(subscription.getByText('Premium Annual · $99.99/year'), 20_000);
    await visible(subscription.getByText('Renews on'));
    await visible(page.getByText('Visa •••• 4242'));
    await shot(page, '25-profile-premium');

    await subscription.getByRole('button', { name: /Manage Subscription/ }).click();
    await page.waitForURL(/\/billing\/test-mode\/portal\/bps_\w+$/, { timeout: 30_000 });
    await visible(page.getByText('TEST MODE').first());
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await visible(page.getByText(/Cancelled, Premium until the period ends/));
    await shot(page, '26-portal-cancelled');
    await page.getByRole('link', { name: 'Return to SwingFit' }).click();
    await page.waitForURL(/\/profile$/);
    await visible(subscription.getByText('Cancelled'), 20_000);
    await visible(subscription.getByText('Premium until'));
    await shot(page, '27-profile-cancelled');
    expect(await me()).toMatchObject({ isPremium: true });
    expect(await uploadStatus()).toMatchObject({ isPremium: true });
  });

  it('is free again once the test clock passes the period end', async () => {
    await page.getByRole('region', { name: 'Subscription' }).getByRole('button', { name: /Manage Subscription/ }).click();
    await page.waitForURL(/\/billing\/test-mode\/portal\/bps_\w+$/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Move to the end of this period' }).click();
    await visible(page.getByText(/^canceled$/), 20_000);
    await shot(page, '28-portal-ended');
    await page.getByRole('link', { name: 'Return to SwingFit' }).click();
    await page.waitForURL(/\/profile$/);
    const subscription = page.getByRole('region', { name: 'Subscription' });
    await subscription.getByRole('button', { name: /Refresh subscription status/ }).click();
    await visible(page.getByText('Subscription Refreshed').first(), 20_000);
    await visible(subscription.getByText('Premium ended'), 20_000);
    await visible(subscription.getByRole('button', { name: 'Subscribe to Premium - $99.99/year' }));
    await shot(page, '29-profile-free-again');
    expect(await me()).toMatchObject({ isPremium: false });
    expect(await uploadStatus()).toMatchObject({ isPremium: false, isFreeLimitReached: true });
  });
});
