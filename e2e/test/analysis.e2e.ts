import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FACE_ON_SHOULDER_LIMIT_DEG, withFaceOnLimits } from '@swingfit/contracts';
import { launchBrowser, phoneContext, shot, visible } from '../src/browser.js';
import { swingFixture } from '../src/fixtures.js';
import { legibilityProblems } from '../src/legibility.js';
import { startProduct, type RunningStack } from '../src/stack.js';

const fixture = swingFixture();
if (!fixture) console.warn('analysis journey skipped: the shared swing clip is absent (set SWINGFIT_FIXTURES)');

/*
 * Issues 3 and 4's journey: upload the real face-on clip (HEVC, as iPhones record) with launch data,
 * watch the loading screen, land on the detail screen with playback, launch analysis, key frames and
 * the skeleton overlay; a free golfer's second upload meets the gate.
 */
describe.skipIf(!fixture)('swing analysis journey', () => {
  let stack: RunningStack;
  let browser: Browser;
  let page: Page;
  let analysisId: number;

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    page = await (await phoneContext(browser)).newPage();
    await page.goto(stack.url);
    const res = await page.request.post(`${stack.url}/api/auth/register`, {
      data: { email: `swing${Date.now()}@example.com`, password: 'tempo-3-to-1', firstName: 'Nelly', lastName: 'Korda' },
    });
    expect(res.status()).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('uploads the face-on clip with launch data and shows the loading steps', async () => {
    await page.goto(`${stack.url}/upload?club=driver`);
    await page.getByTestId('faceOnVideo-input').setInputFiles(fixture!);
    await page.locator('select[name="gender"]').selectOption('female');
    await page.locator('input[name="age"]').fill('27');
    await page.locator('input[name="clubSpeed"]').fill('96.5');
    await page.locator('input[name="ballSpeed"]').fill('143');
    await page.locator('input[name="spinRate"]').fill('2500');
    await page.locator('input[name="clubPath"]').fill('2.5');
    await page.locator('input[name="faceAngle"]').fill('1.8');
    await page.locator('input[name="carry"]').fill('230');
    await page.locator('input[name="total"]').fill('252');
    await shot(page, '10-upload-form');
    await page.getByRole('button', { name: 'Upload & Analyze' }).click();
    await page.waitForURL(/\/analysis-loading\/\d+/, { timeout: 60_000 });
    analysisId = Number(page.url().split('/').pop());
    await visible(page.getByText(/analyzing swing biomechanics/i));
    await shot(page, '11-analysis-loading');
  });

  it('lands on the detail screen with playback, launch analysis and body metrics', async () => {
    await page.waitForURL(new RegExp(`/analysis/${analysisId}$`), { timeout: 180_000 });
    await visible(page.getByText('Detailed Analysis'), 30_000);
    await visible(page.getByText('Launch Monitor Data'));
    await visible(page.getByText(/smash factor/i));
    // Each launch number once on the page: in its row's heading, not again beside the golfer's bar, in the
    // written assessment or in the progress card (issue 16: every launch number once appeared three times).
    for (const figure of ['96.5', '1.48', '2500']) expect(await page.getByText(new RegExp(`(^|[^\\d.])${figure.replace('.', '\\.')}($|[^\\d])`)).count(), figure).toBe(1);
    const status = await page.evaluate(async (id) => (await fetch(`/api/swing-analyses/${id}`)).json(), analysisId);
    expect(status.status).toBe('complete');
    expect(status.launchMonitor.smashFactor).toBeCloseTo(1.48, 2);
    expect(status.launchMonitor.tour).toBe('lpga');
    // The transcoded H.264 video plays in the phone browser (metadata loads, seeking works).
    const video = page.locator('video').first();
    await video.waitFor({ state: 'attached' });
    const playable = await video.evaluate(async (el: HTMLVideoElement) => {
      if (el.readyState < 1) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
      el.currentTime = el.duration / 2;
      await new Promise((r) => el.addEventListener('seeked', r, { once: true }));
      return { duration: el.duration, width: el.videoWidth, height: el.videoHeight };
    });
    expect(playable.duration).toBeGreaterThan(3);
    expect(playable.height).toBeGreaterThan(playable.width); // portrait clip stays upright
    // The real worker ran pose estimation: key frames, body metrics and the written analysis are shown.
    expect(status.pose).toBeTruthy();
    expect(Object.keys(status.pose.keyframes)).toEqual(expect.arrayContaining(['address', 'top', 'impact', 'finish']));
    const frame = await page.request.get(`${stack.url}${status.pose.keyframes.top}`);
    expect(frame.headers()['content-type']).toContain('image/jpeg');
    // Uploaded through the app, the tour player's shoulder turn at the top reads past 70° from the front
    // (its reading inside tour players' range, issue 16: 75-120°), where the lead arm hides the end of the
    // turn: it is shown as the limit, "At least 70°", and the workout rule's text carries no number it would
    // read as the whole turn (contracts FACE_ON_SHOULDER_LIMIT_DEG). The hips of this phone clip narrow more
    // than hips can as they turn: they are withheld, with the reason, never shown as a number.
    const turns = status.pose.metrics;
    expect(withFaceOnLimits(turns)!.shoulderTurn).toMatchObject({ measurable: true, atLeast: true, value: FACE_ON_SHOULDER_LIMIT_DEG });
    expect(turns.shoulderTurn.value).toBeGreaterThanOrEqual(75);
    expect(turns.shoulderTurn.value).toBeLessThanOrEqual(120);
    expect(status.mobilityAnalysis.shoulderTurn).not.toMatch(/\d/);
    const mobility = page.locator('[aria-label="Mobility Analysis"]').first();
    await mobility.scrollIntoViewIfNeeded();
    const shoulders = page.getByTestId('mobility-shoulderTurn');
    await visible(shoulders.getByText(`At least ${FACE_ON_SHOULDER_LIMIT_DEG}°`, { exact: true }));
    await visible(shoulders.getByText('End of turn hidden', { exact: true }));
    const hips = page.getByTestId('mobility-hipRotation');
    if (turns.hipRotation.measurable) await visible(hips.getByText(`${Math.round(turns.hipRotation.value)}°`, { exact: true }));
    else await visible(hips.getByText(/Not measured reliably/).first());
    const assessment = page.locator('[aria-label="Performance Assessment"]').first();
    await visible(assessment.getByText(status.performanceAssessment.slice(0, 40), { exact: false }).first());
    // Key frames load lazily: bring them into view so the screenshot shows them.
    await page.getByText('Key Frames').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 20_000 });
    expect(await page.locator('[aria-label="Key Frames"] img').count()).toBeGreaterThanOrEqual(4);
    // Nothing runs past a 390 px phone's edge (a long label beside a badge once made the page scroll sideways).
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, '12-analysis-detail');
    // Launch cards, the ball-flight drawing and a withheld figure's reason meet issue 16's legibility bar.
    expect(await legibilityProblems(page, 'analysis detail with launch data', 100)).toEqual([]);

    // The skeleton overlay: nothing drawn until the toggle, then the pose of the frame on screen.
    const inked = () => page.getByTestId('skeleton-canvas').first().evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n += 1;
      return n;
    });
    await video.scrollIntoViewIfNeeded();
    expect(await inked()).toBe(0);
    await page.getByText(/show skeleton/i).first().click();
    await page.waitForFunction(() => {
      const c = document.querySelector('[data-testid="skeleton-canvas"]') as HTMLCanvasElement | null;
      const data = c?.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
      return !!data && data.some((v, i) => i % 4 === 3 && v > 0);
    }, undefined, { timeout: 20_000 });
    expect(await inked()).toBeGreaterThan(100);
    // Frame-by-frame review (the fixture plays at 30 fps): two steps on are two frames on, and slow motion.
    const frameShown = () => video.evaluate((el: HTMLVideoElement) => Math.floor(el.currentTime * 30 + 1e-4));
    const settled = () => page.waitForFunction(() => !(document.querySelector('video') as HTMLVideoElement).seeking);
    const from = await frameShown();
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Next frame' }).first().click();
      await settled();
    }
    expect(await frameShown()).toBe(from + 2);
    expect(await video.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
    await page.getByRole('button', { name: /Playback speed 1×/ }).first().click();
    expect(await video.evaluate((el: HTMLVideoElement) => el.playbackRate)).toBe(0.5);
    expect(await inked()).toBeGreaterThan(100);
    await shot(page, '13-analysis-overlay');
  });

  it('shows the point of the write-up on Home, and says each thing once on the detail screen', async () => {
    const status = await page.evaluate(async (id) => (await fetch(`/api/swing-analyses/${id}`)).json(), analysisId);
    // Issue 16 item 5: the assessment opens with what matters most. Home shows it alone, cut to three lines,
    // which once began 'Your driver swing, compared with LPGA Tour averages.' beside the card's 'Driver Swing'.
    expect(status.performanceAssessment).toMatch(/^What matters most\b/);
    // The camera's limits are the mobility card's to say, under each figure (checked above): not said again.
    expect(status.performanceAssessment).not.toMatch(/lead arm|at least|measured reliably|left out/i);
    for (const fault of status.swingWeaknesses as string[]) expect(status.performanceAssessment.toLowerCase()).not.toContain(fault.toLowerCase().replace(/\.$/, ''));
    await page.goto(stack.url);
    const latest = page.locator('[aria-label="Latest Analysis Results"]').first();
    await visible(latest.getByText('Driver Swing'), 30_000);
    const shown = latest.locator('.an-clamp');
    await shown.scrollIntoViewIfNeeded();
    expect(await shown.textContent()).toBe(status.performanceAssessment);
    // What the three lines show: the text above the clamp's bottom edge starts with the point.
    const lines = await shown.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
    expect(lines).toBeLessThanOrEqual(3);
    await shot(page, '15-home-latest-analysis');
  });

  it('meets the upload gate on a free golfer\'s second upload', async () => {
    await page.goto(`${stack.url}/upload`);
    await visible(page.getByText('Upload Limit Reached'), 20_000);
    await visible(page.getByText("You've used your free video upload. Upgrade to premium for weekly uploads."));
    await shot(page, '14-upload-gate');
  });
});
