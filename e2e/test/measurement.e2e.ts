import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext, shot, visible } from '../src/browser.js';
import { startProduct, type RunningStack } from '../src/stack.js';
import { legibilityProblems } from '../src/legibility.js';
import { figureFromViews, readTempo, withFaceOnLimits, type TempoFrames } from '@swingfit/contracts';

/*
 * Issue 16's journey: a premium golfer uploads real clips read from ../shared/fixtures (never copied
 * into the repository): a 7-iron filmed from both views (the same tour player face-on and down the
 * line), then a driver whose down-the-line video is a phone's portrait slow-motion clip (AV1, about 3×
 * slower). The detail screen shows their figures, each once, the tempo timed from the real-time face-on
 * video (a slow-motion clip is not timed), and the workout focus with the rule that chose each area. Last, a
 * face-on video stopped just after impact: measured, its finish shown as not filmed.
 */
const dir = process.env.SWINGFIT_FIXTURES ?? resolve(import.meta.dirname, '../../../shared/fixtures');
const clips = {
  ironFaceOn: join(dir, 'real', 'morikawa_iron_fo.mp4'),
  ironDownTheLine: join(dir, 'real', 'morikawa_iron_dtl.mp4'),
  driverFaceOn: join(dir, 'swing-face-on-hevc.mov'),
  driverSlowMotion: join(dir, 'real', 'ludvig_aberg_driver_dtl.mp4'),
  ironFaceOnTourProA: join(dir, 'real', 'adam_scott_iron_fo.mp4'),
};
const present = Object.values(clips).every(existsSync);
if (!present) console.warn(`measurement journey skipped: the shared real clips are absent from ${dir} (set SWINGFIT_FIXTURES)`);

type Metric = { value: number | null; measurable: boolean; confidence: number; withheld?: 'view' | 'uncertain'; note?: string; atLeast?: boolean };
type Pose = { view: string; fps: number; slowMotion?: { factor: number }; endsBeforeFinish?: boolean; keyframes: Record<string, string>; tempo: { ratio: number; backswingSec: number | null }; events: TempoFrames; metrics: Record<string, Metric> };

describe.skipIf(!present)('measurement journey: both views, a slow-motion portrait clip, and a video stopped just after impact', () => {
  let stack: RunningStack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startProduct();
    browser = await launchBrowser();
    page = await (await phoneContext(browser)).newPage();
    await page.goto(stack.url);
    const email = `measure${Date.now()}@example.com`;
    const res = await page.request.post(`${stack.url}/api/auth/register`, { data: { email, password: 'x-factor-45', firstName: 'Collin', lastName: 'Aberg' } });
    expect(res.status()).toBe(201);
    // Down-the-line uploads are a premium feature; the plan itself is issue 14's journey.
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    await db.query('update core.users set is_premium = true where email = $1', [email]);
    await db.end();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** Uploads the two videos for a club and waits for the detail screen; returns the analysis as the API gives it. */
  async function analyse(club: 'driver' | '7-iron', faceOn: string, downTheLine: string | null, name: string): Promise<{ pose: Pose; downTheLinePose: Pose; id: number }> {
    await page.goto(`${stack.url}/upload?club=${club}`);
    await page.getByTestId('faceOnVideo-input').setInputFiles(faceOn);
    if (downTheLine) await page.getByTestId('downTheLineVideo-input').setInputFiles(downTheLine);
    // How to film, opened: legible like every label, and read before the golfer films the next swing.
    await page.getByTestId('filming-tips').locator('summary').click();
    await visible(page.getByText(/Film in real time/));
    expect(await legibilityProblems(page, `${name} upload`, 30)).toEqual([]);
    await shot(page, `${name}-upload`);
    await page.getByRole('button', { name: 'Upload & Analyze' }).click();
    await page.waitForURL(/\/analysis-loading\/\d+/, { timeout: 60_000 });
    const id = Number(page.url().split('/').pop());
    // Two videos on a busy 2-core machine can outlast the loading screen's 60 s: wait on the API instead.
    const deadline = Date.now() + 420_000;
    for (;;) {
      const status = await page.evaluate(async (n) => (await fetch(`/api/swing-analyses/${n}?status_only=true`)).json(), id);
      if (status.isComplete || status.hasError) break;
      if (Date.now() > deadline) throw new Error(`analysis ${id} still running after 7 minutes`);
      // Polled every half second, not every 2 s: the journey goes on within 0.5 s of the analysis ending
      // (about 1 s sooner on average, three analyses), for a status read that costs the gateway one query.
      await page.waitForTimeout(500);
    }
    await page.goto(`${stack.url}/analysis/${id}`);
    await visible(page.getByText('Detailed Analysis'), 30_000);
    const analysis = await page.evaluate(async (n) => (await fetch(`/api/swing-analyses/${n}`)).json(), id);
    expect(analysis.status).toBe('complete');
    return { ...analysis, id };
  }

  /**
   * Issue 16: every label on the detail page at least 11 px and at WCAG AA contrast, the "How this was
   * measured" panels opened too, judged on the rendered page (src/legibility.ts).
   */
  async function everyLabelLegible(name: string): Promise<void> {
    expect(await legibilityProblems(page, name, 100)).toEqual([]);
  }

  it('reads the same golfer from both views: shoulder turn, hip turn and X-factor on their scales, each once', async () => {
    const { pose, downTheLinePose } = await analyse('7-iron', clips.ironFaceOn, clips.ironDownTheLine, '20-both-views');
    expect(pose.view).toBe('face-on');
    expect(downTheLinePose.view).toBe('down-the-line');
    for (const key of ['shoulderTurn', 'hipRotation', 'xFactor']) {
      expect(pose.metrics[key]!.measurable, `face-on ${key}`).toBe(true);
      expect(downTheLinePose.metrics[key]!.measurable, `down the line ${key}`).toBe(true);
    }
    // The two views agree on the hip turn within issue 16's 10°. From the front the shoulders read past 70°,
    // where the lead arm hides the end of the turn: a lower limit (contracts FACE_ON_SHOULDER_LIMIT_DEG),
    // which the reading from behind meets (this golfer: face-on 78.7, shown as at least 70, and 95.2 from behind), so the
    // page shows the reading from behind.
    expect(Math.abs(pose.metrics.hipRotation!.value! - downTheLinePose.metrics.hipRotation!.value!)).toBeLessThanOrEqual(10);
    expect(withFaceOnLimits(pose.metrics)!.shoulderTurn).toMatchObject({ atLeast: true });
    expect(downTheLinePose.metrics.shoulderTurn!.value!).toBeGreaterThanOrEqual(pose.metrics.shoulderTurn!.value!);
    expect(figureFromViews('shoulderTurn', pose.metrics, downTheLinePose.metrics)!.figure.value).toBe(downTheLinePose.metrics.shoulderTurn!.value);
    const mobility = page.locator('[aria-label="Mobility Analysis"]').first();
    await mobility.scrollIntoViewIfNeeded();
    for (const key of ['shoulderTurn', 'hipRotation', 'xFactor']) {
      // Both videos read each turn: the page shows them read together (contracts figureFromViews).
      const both = figureFromViews(key, pose.metrics, downTheLinePose.metrics)!;
      expect(both.fromView, key).toBe('both');
      expect(both.figure.measurable, `${key} read from both videos`).toBe(true);
      const shown = `${Math.round(both.figure.value!)}°`;
      await visible(page.getByTestId(`mobility-${key}`).getByText(shown, { exact: true }));
      // Each figure once on the page: not repeated in the written analysis or the workout focus. (A range's
      // end is not the figure: an X-factor of 50° beside the "40-50°" target.)
      expect(await page.getByText(new RegExp(`(^|[^\\d.\\-–])${shown}`)).count()).toBe(1);
      // The badge judges the figure as shown, as the written analysis does: this golfer's X-factor of 50.2°
      // once read "50° Above target" beside "X-Factor inside the 40-50° target" in the strengths.
      const scale = page.getByTestId(`mobility-${key}`);
      const target = /Target (\d+)-(\d+)°/.exec(await scale.innerText());
      expect(target, `${key}: the target printed under the scale`).not.toBeNull();
      const [low, high] = [Number(target![1]), Number(target![2])];
      const figure = Math.round(both.figure.value!);
      await visible(scale.getByText(figure < low ? 'Below target' : figure > high ? 'Above target' : 'In target range', { exact: true }));
      // Where it was read from, said once: by the note (averaged from both, or from behind with the front
      // view agreeing), else by the line under it.
      const how = (await scale.locator('details').textContent())!;
      expect(how).toMatch(/Read from both of your videos|what the front view does show agrees|From both videos\./);
      if (/^How this was measuredRead from /.test(how)) expect(how, key).not.toContain('From both videos.');
    }
    // The three add up as the golfer reads them (this golfer: 95° and 42° shown, read 95.2 and 41.7, make
    // 53°; the readings' 53.5 rounded would show 54°).
    const shownOf = (key: string) => Math.round(figureFromViews(key, pose.metrics, downTheLinePose.metrics)!.figure.value!);
    expect(shownOf('xFactor')).toBe(shownOf('shoulderTurn') - shownOf('hipRotation'));
    await visible(mobility.getByText('Balance and posture'));
    await shot(page, '21-both-views-mobility');
    await everyLabelLegible('both views');
    const focus = page.locator('[aria-label="Workout Focus"]').first();
    await focus.scrollIntoViewIfNeeded();
    expect(await focus.getByTestId('focus-area').count()).toBe(4);
    await shot(page, '22-workout-focus');
  }, 600_000);

  it('analyses a slow-motion portrait clip: the tempo timed from the real-time video, and why the slow one is not', async () => {
    const { pose, downTheLinePose } = await analyse('driver', clips.driverFaceOn, clips.driverSlowMotion, '23-slow-motion');
    expect(downTheLinePose.view).toBe('down-the-line');
    expect(downTheLinePose.slowMotion?.factor).toBeGreaterThan(2);
    expect(downTheLinePose.tempo.backswingSec).toBeNull();
    for (const key of ['shoulderTurn', 'hipRotation', 'xFactor']) expect(downTheLinePose.metrics[key]!.measurable).toBe(true);
    // The face-on video's shoulders count too (its hips are withheld), so the X-factor shown is the shoulders
    // read from both videos minus the hips read from behind.
    const xFactor = figureFromViews('xFactor', pose.metrics, downTheLinePose.metrics)!.figure;
    await visible(page.getByTestId('mobility-xFactor').getByText(xFactor.measurable ? `${Math.round(xFactor.value!)}°` : 'Not measured reliably', { exact: true }));
    const keyFrames = page.getByRole('region', { name: 'Key Frames · Down-the-Line' });
    await keyFrames.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 20_000 });
    await shot(page, '24-slow-motion-key-frames');
    // The down-the-line video's key frames say it plays in slow motion, once: the assessment does not repeat it.
    await visible(keyFrames.getByText('The times are in the slow-motion video, not real time.'));
    // Which video the tempo is timed from is said on the tempo card below, not again in the assessment.
    expect(await page.getByText(/the tempo is timed from the face-on video/).count()).toBe(0);
    // The tempo card reads the face-on video (real time): from its 30 fps the tempo is judged only where
    // one frame either way at each event would not change the call, and otherwise the card says how far it
    // could reach.
    const { ratio, verdict, reach } = readTempo(pose);
    const tempoCard = page.getByRole('region', { name: 'Tempo and View' });
    await tempoCard.scrollIntoViewIfNeeded();
    await visible(tempoCard.getByText(`${ratio.toFixed(1)} : 1`, { exact: true }));
    await visible(tempoCard.getByText('Timed from the face-on video', { exact: true }));
    // Under 50 frames a second the card says how far a frame either way could move the ratio.
    expect(await tempoCard.getByTestId('tempo-reach').count()).toBe(reach && pose.fps < 50 ? 1 : 0);
    expect(await page.getByText(/backswing is long|backswing is quick/).count()).toBe(verdict === 'slow' || verdict === 'quick' ? 1 : 0);
    await shot(page, '25-slow-motion-tempo', { fullPage: false });
    await everyLabelLegible('slow motion');
  }, 600_000);

  it('measures a swing whose video stops just after impact, and says its finish was not filmed', async () => {
    // The phone stopped as the ball left: tour pro A face-on, cut five frames after impact (made here from
    // the shared clip, never stored). Refused as 'No golf swing was detected' before stop 56.
    // A new golfer on the free plan (the premium one has used this week's 7-iron): one face-on upload.
    page = await (await phoneContext(browser)).newPage();
    await page.goto(stack.url);
    const res = await page.request.post(`${stack.url}/api/auth/register`, { data: { email: `stopped${Date.now()}@example.com`, password: 'x-factor-45', firstName: 'Adam', lastName: 'Field' } });
    expect(res.status()).toBe(201);
    const work = mkdtempSync(join(tmpdir(), 'sf-stopped-'));
    try {
      const cut = join(work, 'stopped-after-impact.mp4');
      execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', clips.ironFaceOnTourProA, '-t', '2.0', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', cut]);
      const { pose } = await analyse('7-iron', cut, null, '26-stopped-after-impact');
      expect(pose.endsBeforeFinish).toBe(true);
      expect(Object.keys(pose.keyframes).sort()).toEqual(['address', 'impact', 'top']);
      await visible(page.getByText(/The face-on video stops just after impact, so your finish is not shown/).first());
      const strip = page.getByRole('region', { name: 'Key Frames' });
      await strip.scrollIntoViewIfNeeded();
      await visible(strip.getByRole('img', { name: 'The video stops before the finish' }));
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 20_000 });
      await shot(page, '27-stopped-after-impact-key-frames', { fullPage: false });
      await everyLabelLegible('stopped after impact');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 600_000);
});
