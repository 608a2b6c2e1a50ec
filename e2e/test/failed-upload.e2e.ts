import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeTestClip } from '../src/fixtures.js';
import { shot, visible } from '../src/browser.js';
import { startJourney, type Journey } from '../src/journey.js';
import type { RunningStack } from '../src/stack.js';
import { legibilityProblems } from '../src/legibility.js';

/*
 * A free golfer uploads a clip with no golfer in it (a test pattern): the analysis fails, the failure card
 * says the upload does not count, and 'Try Again' opens a working upload form instead of the upload gate.
 * The upload's 10 points come and go; the notice says why.
 */
describe('a failed analysis gives the upload back', () => {
  let journey: Journey;
  let stack: RunningStack;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'sf-e2e-failed-'));
  const clip = makeTestClip(dir);

  const api = (url: string) => page.evaluate(async (u) => (await fetch(u, { credentials: 'include' })).json(), url);

  beforeAll(async () => {
    journey = await startJourney({ emailPrefix: 'failed-upload', firstName: 'Jon', lastName: 'Rahm' });
    ({ stack, page } = journey);
  });
  afterAll(async () => {
    await journey?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the failure card, saying the upload does not count', async () => {
    await page.goto(`${stack.url}/upload?club=driver`);
    await page.getByTestId('faceOnVideo-input').setInputFiles(clip);
    await page.getByRole('button', { name: 'Upload & Analyze' }).click();
    await page.waitForURL(/\/analysis-loading\/\d+/, { timeout: 60_000 });
    await visible(page.getByText('Analysis Failed').first(), 120_000);
    await visible(page.getByText("This upload doesn't count, so you can upload again."));
    // The worker's reason, as the detail page gives it: what to film differently.
    expect(await page.getByTestId('failure-reason').textContent()).toMatch(/^No golfer was found in the video\./);
    expect(await page.getByText(/takes up to 30 seconds/).count()).toBe(0);
    expect(await legibilityProblems(page, 'analysis loading, failed')).toEqual([]);
    await shot(page, '15-analysis-failed');
  });

  it("'Try Again' opens a working upload form, and the free upload is unused again", async () => {
    await expect.poll(async () => (await api('/api/usage-limits')).videoUploads, { timeout: 30_000, interval: 500 }).toEqual({ used: 0, limit: 1 });
    await page.getByRole('link', { name: 'Try Again' }).click();
    await page.waitForURL(/\/upload$/);
    await visible(page.getByRole('button', { name: 'Upload & Analyze' }));
    expect(await page.getByText('Upload Limit Reached').count()).toBe(0);
    await shot(page, '16-try-again-form');
    await page.goto(stack.url);
    await visible(page.getByText('0/1 used'));
  });

  it('takes the upload points back and tells the golfer why', async () => {
    await expect.poll(async () => (await api('/api/auth/user')).totalPoints, { timeout: 30_000, interval: 500 }).toBe(0);
    const notices = (await api('/api/notifications')) as Array<{ title: string; message: string }>;
    const failed = notices.find((n) => n.title === 'Analysis Failed');
    expect(failed?.message).toMatch(/This upload doesn't count, so you can upload again\. The 10 points it earned were taken back\.$/);
  });
});
