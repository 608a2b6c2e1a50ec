import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext, shot, visible } from '../src/browser.js';
import { countedClip, makeTestClip } from '../src/fixtures.js';
import { legibilityProblems } from '../src/legibility.js';
import { startProduct, type RunningStack } from '../src/stack.js';

/*
 * Issue 15's journey at a phone viewport: a free golfer uses the one upload; the admin meets the guard,
 * a wrong then the right password, finds the golfer by email and resets the upload counter; the golfer
 * uploads again; the audit log shows the reset and the system page shows the analysis queue.
 * The golfer and the admin are separate browsers (cookie jars), as they would be.
 */
describe('admin journey', () => {
  let stack: RunningStack;
  let browser: Browser;
  let golfer: Page;
  let admin: Page;
  let dir: string;
  let clip: string;
  const email = `admin-journey-${Date.now()}@example.com`;
  /** The test pattern's analysis (the second upload), which the worker fails for want of a golfer. */
  let patternId: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sf-admin-e2e-'));
    clip = makeTestClip(dir);
    stack = await startProduct();
    browser = await launchBrowser();
    golfer = await (await phoneContext(browser)).newPage();
    admin = await (await phoneContext(browser)).newPage();
    await golfer.goto(stack.url);
    const res = await golfer.request.post(`${stack.url}/api/auth/register`, { data: { email, password: 'backspin-2026', firstName: 'Rory', lastName: 'Mac' } });
    expect(res.status()).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Uploads through the screen; answers the new analysis' id (the loading screen's address). */
  async function uploadClip(file = clip): Promise<number> {
    await golfer.goto(`${stack.url}/upload?club=driver`);
    await golfer.getByTestId('faceOnVideo-input').setInputFiles(file);
    await golfer.getByRole('button', { name: 'Upload & Analyze' }).click();
    await golfer.waitForURL(/\/analysis-loading\/\d+/, { timeout: 60_000 });
    return Number(/\/analysis-loading\/(\d+)/.exec(golfer.url())![1]);
  }

  /** The analysis' status as its golfer's app reads it. */
  const statusOf = (id: number) =>
    golfer.evaluate(async (analysis) => (await (await fetch(`/api/swing-analyses/${analysis}?status_only=true`)).json()).status as string, id);

  it("a free golfer's one upload is used up", async () => {
    // A clip whose analysis completes: a failed one would give the upload back before the admin resets it.
    await uploadClip(countedClip(dir));
    await golfer.goto(`${stack.url}/upload`);
    await visible(golfer.getByText("You've used your free video upload. Upgrade to premium for weekly uploads."));
  });

  it('the admin area sends a visitor without an admin session to /admin-login', async () => {
    await admin.goto(`${stack.url}/admin`);
    await admin.waitForURL(/\/admin-login$/, { timeout: 30_000 });
    const submit = admin.getByRole('button', { name: 'Access Admin Panel' });
    await visible(submit);
    expect(await submit.isDisabled()).toBe(true);
    await visible(admin.getByRole('link', { name: 'Back to Home' }));
    await shot(admin, '50-admin-login');
  });

  it("refuses a wrong password with 'Invalid admin password'", async () => {
    await admin.getByLabel('Admin password').fill('not-the-password');
    await admin.getByRole('button', { name: 'Access Admin Panel' }).click();
    await visible(admin.getByRole('alert').getByText('Invalid admin password'));
    await shot(admin, '51-admin-login-wrong');
  });

  /** The admin's screens meet the golfer's bar too: 11 px and WCAG AA contrast (src/legibility.ts). */
  const legible = async (name: string) => expect(await legibilityProblems(admin, name)).toEqual([]);

  it("lets the right password in: 'Access Granted', then the admin panel with the counts", async () => {
    await admin.getByLabel('Admin password').fill(stack.adminPassword);
    await admin.getByRole('button', { name: 'Show password' }).click();
    expect(await admin.getByLabel('Admin password').getAttribute('type')).toBe('text');
    await admin.getByRole('button', { name: 'Access Admin Panel' }).click();
    await visible(admin.getByText('Access Granted'));
    await visible(admin.getByText('Welcome to the admin panel'));
    await admin.waitForURL(/\/admin$/);
    const counts = admin.getByRole('region', { name: 'User counts' });
    await visible(counts.getByText('Total Users'));
    await admin.waitForFunction(() => /Total Users\s*1/.test(document.querySelector('[aria-label="User counts"]')?.textContent ?? ''));
    await shot(admin, '52-admin-panel');
    await legible('52-admin-panel');
  });

  it("finds the golfer by email and resets the used upload", async () => {
    await admin.getByLabel('Search golfers by email').fill(email.slice(0, 20).toUpperCase());
    const card = admin.getByRole('article', { name: email });
    await visible(card);
    await visible(card.getByText('Free'));
    await visible(card.getByText('1 / 1').first());
    await shot(admin, '53-admin-search');
    await card.getByRole('button', { name: `Reset Video Uploads for ${email}` }).click();
    await visible(admin.getByText('Usage Reset'));
    await visible(admin.getByText('Successfully reset Video Uploads for user'));
    await admin.waitForFunction((e) => /Video Uploads\s*0 \/ 1/.test(document.querySelector(`[aria-label="${e}"]`)?.textContent ?? ''), email);
    await shot(admin, '54-admin-reset');
    await legible('54-admin-reset');
  });

  it('the golfer can upload again', async () => {
    await golfer.goto(`${stack.url}/upload`);
    await visible(golfer.getByRole('button', { name: 'Upload & Analyze' }));
    expect(await golfer.getByText('Upload Limit Reached').count()).toBe(0);
    patternId = await uploadClip();
    const list = await golfer.evaluate(async () => {
      const me = await (await fetch('/api/auth/user')).json();
      return (await fetch(`/api/swing-analyses/user/${me.id}`)).json();
    });
    expect(list).toHaveLength(2);
  });

  it('the audit log shows the reset', async () => {
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    await visible(admin.getByText(`Reset Video Uploads for ${email} (was 1)`));
    await visible(admin.getByText('Failed sign-in (wrong password)'));
    await shot(admin, '56-admin-audit');
    await legible('56-admin-audit');
  });

  it('the system page shows the analysis queue', async () => {
    await admin.getByRole('link', { name: 'System' }).click();
    await admin.waitForURL(/\/admin\/system$/);
    const queue = admin.getByRole('region', { name: 'Swing analyses' });
    await visible(queue, 30_000);
    for (const label of ['Waiting', 'Active', 'Delayed', 'Completed', 'Failed']) await visible(queue.getByText(label, { exact: true }));
    // Both uploads reached the analysis queue: whatever state they are in now, the five counts add up to 2.
    await admin.waitForFunction(() => {
      const cells = Array.from(document.querySelectorAll('[aria-label="Swing analyses"] dd')).map((d) => Number(d.textContent?.replace(/,/g, '')));
      return cells.length === 5 && cells.reduce((a, b) => a + b, 0) === 2;
    }, undefined, { timeout: 30_000 });
    await visible(admin.getByRole('region', { name: 'Analyses, last 24 hours' }));
    await shot(admin, '57-admin-system');
    await legible('57-admin-system');
  });

  /*
   * What this waits for is the worker, not the page. It runs one analysis at a time (WORKER_CONCURRENCY=1),
   * and the test pattern's is queued behind the first upload's, the shared swing clip run through the pose
   * model on every frame: the failure comes when that one has finished and the pattern's own pose search
   * has found nobody. On a 2-core machine the two took 92 s from the dialog's opening at load 12 and 157 s
   * at load 17 (against a fixed 180 s, inside the test's 240 s, after up to 60 s for the first answer);
   * the dialog's own first answer took 0.2 s there. So the analysis' status is read where its golfer's app
   * reads it, with the budget the measurement journey gives an analysis on a busy 2-core machine (7 minutes)
   * and a test timeout above it, and the dialog is then held to its own promise: that analysis' row says
   * Failed, with the reason, by its next 10 s refresh. A failure says which of the two was slow, and a
   * swing clip's row failing no longer passes for the pattern's.
   */
  const ANALYSIS_BUDGET_MS = 420_000;
  it("opens the golfer's recent analyses: the test-pattern clip failed, and the dialog says why", async () => {
    await admin.getByRole('link', { name: 'Users' }).click();
    await admin.getByLabel('Search golfers by email').fill(email);
    await admin.getByRole('button', { name: `Recent analyses of ${email}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Recent analyses' });
    const row = dialog.getByRole('listitem').filter({ hasText: `#${patternId} · Driver` });
    await visible(row, 60_000);
    // The worker really ran: a clip without a person fails with its reason (polled until it is settled
    // either way, so a clip that completed instead fails here at once, not at the budget's end).
    await expect.poll(() => statusOf(patternId), { timeout: ANALYSIS_BUDGET_MS, interval: 1_000 }).toMatch(/^(failed|complete)$/);
    expect(await statusOf(patternId)).toBe('failed');
    await visible(row.getByText('Failed', { exact: true }), 30_000);
    await visible(row.locator('.ad-analysis__reason'));
    await shot(admin, '58-admin-analyses');
    await legible('58-admin-analyses');
    await dialog.getByRole('button', { name: 'Close' }).click();
  }, ANALYSIS_BUDGET_MS + 60_000);

  it('lists the failed analysis jobs on the system page, and retries one (audit-logged)', async () => {
    await admin.getByRole('link', { name: 'System' }).click();
    const queue = admin.getByRole('region', { name: 'Swing analyses' });
    const failedJobs = queue.getByRole('list', { name: 'Failed jobs' });
    await visible(failedJobs.getByText(/No golfer was found in the video/), 30_000);
    await shot(admin, '59-admin-failed-jobs');
    await legible('59-admin-failed-jobs');
    await queue.getByRole('button', { name: /^Retry Analysis #\d+$/ }).first().click();
    await visible(admin.getByText('Job Retried'));
    await admin.getByRole('link', { name: 'Users' }).click();
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    await visible(admin.getByText(new RegExp(`^Retried analysis on Swing analyses for ${email.replace(/[.]/g, '\\.')}$`)));
  });

  it('signs out: the admin pages need the password again', async () => {
    await admin.getByRole('button', { name: 'Sign out of the admin panel' }).click();
    await admin.waitForURL(/\/admin-login$/);
    await admin.goto(`${stack.url}/admin/downloads`);
    await admin.waitForURL(/\/admin-login$/);
    await visible(admin.getByRole('button', { name: 'Access Admin Panel' }));
  });
});
