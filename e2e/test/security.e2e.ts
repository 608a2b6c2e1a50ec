import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, launchBrowser, phoneContext, shot, visible } from '../src/browser.js';
import { startProduct, type RunningStack } from '../src/stack.js';

/*
 * Issue 17 on the built product in Chromium: the security headers hold on real pages without the
 * browser blocking anything the app needs (every shot() fails on a CSP violation), the app cannot be
 * framed, no source maps are published, signed-in JSON is not cached, and the embedded object store
 * refuses anyone without its credentials.
 */
describe('security journey', () => {
  let stack: RunningStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let clipDir: string;

  beforeAll(async () => {
    // No analysis worker: the journey chooses a video to watch the page's policy, but never uploads it.
    stack = await startProduct({ analysis: false });
    browser = await launchBrowser();
    context = await phoneContext(browser);
    page = await context.newPage();
    clipDir = mkdtempSync(join(tmpdir(), 'sf-e2e-clip-'));
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30', '-t', '1', '-pix_fmt', 'yuv420p', '-y', join(clipDir, 'swing.mp4')]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (clipDir) rmSync(clipDir, { recursive: true, force: true });
  });

  it('serves the app with its security headers, and the browser blocks nothing on the way in', async () => {
    const res = await page.goto(stack.url);
    const headers = res!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const skip = page.getByRole('button', { name: /skip/i });
    await visible(skip.or(page.getByRole('button', { name: 'Get Started' })), 30_000);
    if (await skip.isVisible()) await skip.click();
    await visible(page.getByRole('button', { name: 'Get Started' }), 30_000);
    await shot(page, 'security-01-welcome');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL(/\/sign-in/);
    await page.getByRole('link', { name: /sign up|create/i }).click();
    await page.getByLabel(/first name/i).fill('Lexi');
    await page.getByLabel(/last name/i).fill('Thompson');
    await page.getByLabel(/email/i).fill(`secure${Date.now()}@example.com`);
    await page.getByLabel(/password/i).fill('fairway-2026');
    await page.getByRole('button', { name: /sign up|create account/i }).click();
    await visible(page.getByText("Let's get started, Lexi"), 30_000);
    await shot(page, 'security-02-home');
  });

  it('walks the signed-in screens, a chosen video included, with nothing blocked', async () => {
    for (const [path, name] of [
      ['/analysis', 'security-03-analysis'],
      ['/leaderboard', 'security-04-leaderboard'],
      ['/profile', 'security-05-profile'],
      ['/how-points-work', 'security-06-how-points-work'],
    ] as const) {
      await page.goto(`${stack.url}${path}`);
      await page.waitForLoadState('networkidle');
      await shot(page, name);
    }
    await page.goto(`${stack.url}/upload?club=driver`);
    await page.getByTestId('faceOnVideo-input').setInputFiles(join(clipDir, 'swing.mp4'));
    await page.waitForLoadState('networkidle');
    await shot(page, 'security-07-upload-chosen');
    expect(await cspViolations(page)).toEqual([]);
  });

  it('the watch on the policy is live: an injected inline script is blocked and reported', async () => {
    const probe = await context.newPage();
    try {
      await probe.goto(`${stack.url}/no-such-page`);
      await probe.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.appendChild(script);
      });
      await probe.waitForTimeout(300);
      expect(await probe.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
      expect((await cspViolations(probe)).join()).toMatch(/script-src-elem blocked inline/);
    } finally {
      await probe.close();
    }
  });

  it('keeps signed-in JSON out of caches', async () => {
    const cache = await page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).headers.get('cache-control'));
    expect(cache).toBe('no-store');
  });

  it('cannot be framed by another site', async () => {
    const framer = await browser.newPage();
    try {
      await framer.setContent(`<iframe id="app" src="${stack.url}/" width="390" height="600"></iframe>`);
      await framer.waitForTimeout(1500);
      const frame = framer.frames().find((f) => f !== framer.mainFrame());
      // Chromium replaces a refused frame with its own error page: none of the app is in it.
      const text = await frame?.evaluate(() => document.body?.innerText ?? '').catch(() => '');
      expect(text ?? '').not.toMatch(/SwingFit|Get Started|Skip/i);
      expect(frame?.url() ?? '').not.toBe(`${stack.url}/`);
      await shot(framer, 'security-08-framing-refused');
    } finally {
      await framer.close();
    }
  });

  it('publishes no source maps', async () => {
    const html = await (await fetch(stack.url)).text();
    const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await (await fetch(`${stack.url}${script}`)).text();
      expect(code).not.toMatch(/sourceMappingURL=/);
      expect((await fetch(`${stack.url}${script}.map`)).status).toBe(404);
    }
  });

  it('the embedded object store refuses anyone without its credentials', async () => {
    for (const path of ['/', '/swing-videos?list-type=2', '/swing-videos/users/1/analyses/1/face-on/original']) {
      const res = await fetch(`${stack.s3Endpoint}${path}`);
      expect(res.status, path).toBe(403);
    }
    expect(new URL(stack.s3Endpoint).hostname).toBe('127.0.0.1');
  });
});
