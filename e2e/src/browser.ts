import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SCREENSHOTS = join(import.meta.dirname, '..', 'test-output');

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

/** A phone: 390x844, touch, device scale 2. Every page records what the Content-Security-Policy blocked. */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || document.location.pathname}:${e.lineNumber})`));
  });
  return context;
}

/** What the page's Content-Security-Policy refused so far (see the gateway's http/security-headers.ts). */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => []);
}

/**
 * Saves a screenshot (`fullPage: false` keeps the viewport as the golfer sees it: dialogs and toasts are
 * fixed to it), and fails the journey if the page's security policy blocked anything: a screen that
 * loads something the policy does not list is broken for real golfers.
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Finite animations (a dialog popping in, a toast fading in) are run to their end first: a picture taken
  // mid-fade showed the page through a half-opaque dialog, which no golfer sees for more than 0.2 s.
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: options.fullPage ?? true, animations: 'disabled' });
  const blocked = await cspViolations(page);
  if (blocked.length > 0) throw new Error(`${name}: the Content-Security-Policy blocked ${blocked.join('; ')} (add the source to services/gateway/src/http/security-headers.ts if the app needs it)`);
}

/** Waits until the locator's first match is visible (vitest has no Playwright matchers). */
export async function visible(locator: import('playwright-core').Locator, timeout = 20_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}
