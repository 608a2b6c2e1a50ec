import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext } from './browser.js';
import { startProduct, type RunningStack } from './stack.js';

export interface Journey {
  stack: RunningStack;
  browser: Browser;
  page: Page;
  /** The golfer the journey signed up (signed in on `page`). */
  userId: number;
  close(): Promise<void>;
}

/** The product on a fresh stack, a phone browser, and a golfer signed up and signed in through the API. */
export async function startJourney(golfer: { emailPrefix: string; firstName: string; lastName: string }): Promise<Journey> {
  const stack = await startProduct();
  const browser = await launchBrowser();
  const page = await (await phoneContext(browser)).newPage();
  await page.goto(stack.url);
  const res = await page.request.post(`${stack.url}/api/auth/register`, {
    data: { email: `${golfer.emailPrefix}${Date.now()}@example.com`, password: 'tempo-3-to-1', firstName: golfer.firstName, lastName: golfer.lastName },
  });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return {
    stack,
    browser,
    page,
    userId: (await res.json()).id,
    async close() {
      await browser.close();
      await stack.stop();
    },
  };
}
