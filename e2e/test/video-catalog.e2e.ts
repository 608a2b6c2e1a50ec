import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext, shot, visible } from '../src/browser.js';
import { legibilityProblems } from '../src/legibility.js';
import { makePremium, signUp, withDb } from '../src/golfers.js';
import { startProduct, type RunningStack } from '../src/stack.js';

/*
 * Issue 12's spreadsheet journey: an admin downloads golf-exercise-videos.xlsx from /admin/downloads,
 * edits it (rows added, a row changed), re-imports it, and the counts and the library follow; a
 * spreadsheet with one bad row is refused by its row number and changes nothing. The YouTube ids
 * below exist only in this test's throwaway database.
 */
describe('exercise-video spreadsheet journey', () => {
  let stack: RunningStack;
  let browser: Browser;
  let admin: Page;
  let work: string;

  beforeAll(async () => {
    // No analysis worker: spreadsheets and the exercise library only; no golfer uploads a swing here.
    stack = await startProduct({ analysis: false });
    browser = await launchBrowser();
    admin = await (await phoneContext(browser)).newPage();
    work = mkdtempSync(join(tmpdir(), 'sf-e2e-sheet-'));
    const login = await admin.request.post(`${stack.url}/api/admin/login`, { data: { password: stack.adminPassword } });
    expect(login.status()).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const count = (category: string) => admin.getByRole('region', { name: 'Videos per category' }).getByRole('row', { name: new RegExp(`^${category.replace(/[/&]/g, '.')}`) }).locator('td');

  async function downloadSheet(name: string): Promise<ExcelJS.Workbook> {
    await admin.goto(`${stack.url}/admin/downloads`);
    await visible(admin.getByRole('link', { name: 'Download Excel' }), 20_000);
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Download Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('golf-exercise-videos.xlsx');
    const path = join(work, name);
    await download.saveAs(path);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    return wb;
  }

  const HEADERS = ['Video ID', 'Title', 'YouTube URL or ID', 'Exercise Key', 'Category'];
  function addRow(sheet: ExcelJS.Worksheet, values: Record<string, string>) {
    const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const row = sheet.getRow(sheet.rowCount + 1);
    for (const [key, value] of Object.entries(values)) row.getCell(header.indexOf(key)).value = value;
    row.commit();
  }

  async function importSheet(wb: ExcelJS.Workbook, name: string) {
    const path = join(work, name);
    await wb.xlsx.writeFile(path);
    await admin.getByLabel('Spreadsheet file').setInputFiles(path);
    await admin.getByRole('button', { name: 'Import Spreadsheet' }).click();
  }

  it('downloads the spreadsheet with its header, instructions and exercise keys', async () => {
    const wb = await downloadSheet('first.xlsx');
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Instructions', 'Videos', 'Exercises']);
    expect((wb.getWorksheet('Videos')!.getRow(1).values as unknown[]).slice(1, 6)).toEqual(HEADERS);
    await visible(admin.getByText(/^0 videos in 7 categories, about \d+ KB\.$/));
    await visible(admin.getByText('How to edit and re-import'));
    await shot(admin, '40-downloads-empty');
  });

  it('imports added rows, then a changed row updates instead of duplicating; the counts follow', async () => {
    let wb = await downloadSheet('add.xlsx');
    addRow(wb.getWorksheet('Videos')!, { Title: 'Open Book with a coach', 'YouTube URL or ID': 'https://youtu.be/E2eTestVid1', 'Exercise Key': 'open-book', Category: 'Thoracic Spine Mobility' });
    addRow(wb.getWorksheet('Videos')!, { 'Video ID': 'core-dead-bug', Title: 'Dead Bug basics', 'YouTube URL or ID': 'E2eTestVid2', 'Exercise Key': 'dead-bug', Category: 'Core Control & Rotational Strength' });
    await importSheet(wb, 'add-edited.xlsx');
    await visible(admin.getByText('Imported 2 rows: 2 new, 0 updated.'), 20_000);
    await visible(admin.getByText(/^2 videos in 7 categories/));
    expect(await count('Thoracic Spine Mobility').textContent()).toBe('1');

    wb = await downloadSheet('change.xlsx');
    const sheet = wb.getWorksheet('Videos')!;
    const openBook = [2, 3].map((n) => sheet.getRow(n)).find((r) => String(r.getCell(2).value).startsWith('Open Book'))!;
    openBook.getCell(2).value = 'Open Book, slow and controlled';
    openBook.commit();
    addRow(sheet, { Title: 'Posture reset at the wall', 'YouTube URL or ID': 'https://www.youtube.com/watch?v=E2eTestVid3', 'Exercise Key': 'wall-posture-reset', Category: 'Postural Integrity / Flexibility' });
    await importSheet(wb, 'change-edited.xlsx');
    await visible(admin.getByText('Imported 3 rows: 1 new, 2 updated.'), 20_000);
    await visible(admin.getByText(/^3 videos in 7 categories/));
    expect(await count('Postural Integrity / Flexibility').textContent()).toBe('1');
    expect(await count('Total').textContent()).toBe('3');
    await shot(admin, '41-downloads-imported');
    // The admin's downloads page meets the golfer's bar too (11 px, WCAG AA), with its counts and import result shown.
    expect(await legibilityProblems(admin, '41-downloads-imported')).toEqual([]);
    const titles = await withDb(stack.databaseUrl, async (db) => (await db.query('select title from core.exercise_videos order by id')).rows.map((r) => r.title));
    expect(titles).toEqual(['Open Book, slow and controlled', 'Dead Bug basics', 'Posture reset at the wall']);
  });

  it('shows the changed video on its exercise in the library', async () => {
    const page = await (await phoneContext(browser)).newPage();
    await page.goto(stack.url);
    const userId = await signUp(page, stack.url, 'Nelly', 'Korda');
    await makePremium(stack.databaseUrl, userId);
    await page.goto(`${stack.url}/exercises`);
    await page.getByPlaceholder('Search exercises...').fill('open book');
    await page.getByRole('button', { name: 'Open Book', exact: true }).click();
    await page.getByRole('dialog', { name: 'Open Book' }).getByRole('button', { name: 'Watch video' }).click();
    const player = page.getByRole('dialog', { name: 'Open Book, slow and controlled' });
    await visible(player, 20_000);
    await player.locator('iframe').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await player.locator('iframe').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/E2eTestVid1');
    await shot(page, '42-library-video', { fullPage: false });
  });

  it('refuses a spreadsheet with one bad row by its row number, and changes nothing', async () => {
    const wb = await downloadSheet('bad.xlsx');
    const sheet = wb.getWorksheet('Videos')!;
    sheet.getRow(2).getCell(2).value = 'This change must not stick';
    sheet.getRow(2).commit();
    addRow(sheet, { Title: 'Putting drill', 'YouTube URL or ID': 'E2eTestVid4', Category: 'Putting' });
    await importSheet(wb, 'bad-edited.xlsx');
    const problems = admin.getByRole('alert');
    // Polled on the import card's own words, so a failure says what the page answered instead (this step
    // once timed out in a CI rehearsal and did not again in later runs).
    const answer = () => admin.getByLabel('Re-import the spreadsheet').first().innerText().catch((e: Error) => `(no card: ${e.message})`);
    await expect.poll(answer, { timeout: 20_000, interval: 250 }).toContain('The spreadsheet has 1 problem; nothing was changed.');
    await visible(problems.getByText('The spreadsheet has 1 problem; nothing was changed.'));
    await visible(problems.getByText("Category 'Putting' is not one of the seven focus categories", { exact: false }));
    expect(await problems.textContent()).toContain('Videos, row 5');
    await shot(admin, '43-downloads-refused');
    const titles = await withDb(stack.databaseUrl, async (db) => (await db.query('select title from core.exercise_videos order by id')).rows.map((r) => r.title));
    expect(titles).toEqual(['Open Book, slow and controlled', 'Dead Bug basics', 'Posture reset at the wall']);
    await admin.reload();
    await visible(admin.getByText(/^3 videos in 7 categories/), 20_000);
  });
});
