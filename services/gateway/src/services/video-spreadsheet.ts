import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { FOCUS_CATEGORIES, categoryDisplayName, youtubeWatchUrl } from '@swingfit/contracts';
import type { GatewayDeps } from '../deps.js';
import { catalogChangedAt, listExerciseKeys, videoPage } from '../db/catalog-repository.js';
import { EXERCISES_SHEET, INSTRUCTIONS_SHEET, VIDEO_COLUMNS, VIDEOS_SHEET, type VideoColumnKey } from '../domain/video-sheet.js';

/*
 * The exercise-video spreadsheet, written as a stream (exceljs's streaming writer): rows are read from
 * the database a page at a time and committed to the zip as they go, so a large catalog never sits
 * in memory as a workbook.
 */

type Db = GatewayDeps['db'];
const PAGE = 1000;

const INSTRUCTIONS = [
  'How to edit and re-import the exercise-video database',
  '',
  '1. Edit the Videos sheet: change any cell, or add a new row at the bottom. Keep the header row as it is.',
  '2. Keep each row’s Video ID. It is how the import knows which video a row is: a row with an existing Video ID updates that video; a row whose Video ID is empty or new adds a video.',
  '3. To hide a video from golfers, set Active to No. Removing a row from the sheet does not delete the video.',
  '4. Only add YouTube videos you have watched and checked. The player uses YouTube’s privacy-enhanced mode.',
  '5. Link a video to an exercise with the exercise’s key from the Exercises sheet; golfers then see it on that exercise.',
  '6. Save as .xlsx and upload it on the admin Downloads page. Every row is checked first: if any row has a problem, nothing is changed and the page lists each problem with its sheet and row number.',
  '',
  'Columns of the Videos sheet',
  ...VIDEO_COLUMNS.map((c) => `${c.header}: ${c.help}`),
  '',
  'Focus categories',
  ...FOCUS_CATEGORIES.map((c) => categoryDisplayName(c)),
];

type VideoRow = Awaited<ReturnType<typeof videoPage>>[number];

function cellsOf(v: VideoRow): Record<VideoColumnKey, string | number> {
  return {
    videoKey: v.video_key,
    title: v.title,
    youtube: youtubeWatchUrl(v.youtube_id),
    exercise: v.exercise_slug ?? '',
    category: v.category,
    focusAreas: v.focus_areas.join('; '),
    targetMuscles: v.target_muscles.join('; '),
    equipment: v.equipment ?? '',
    instructor: v.instructor ?? '',
    duration: v.duration_seconds ?? '',
    difficulty: v.difficulty ?? '',
    viewCount: Number(v.view_count),
    active: v.is_active ? 'Yes' : 'No',
  };
}

function addInstructions(workbook: ExcelJS.stream.xlsx.WorkbookWriter): void {
  const sheet = workbook.addWorksheet(INSTRUCTIONS_SHEET);
  sheet.columns = [{ width: 120 }];
  INSTRUCTIONS.forEach((line, i) => {
    const row = sheet.addRow([line]);
    if (i === 0) row.font = { bold: true, size: 14 };
    row.commit();
  });
  sheet.commit();
}

async function addVideos(db: Db, workbook: ExcelJS.stream.xlsx.WorkbookWriter): Promise<number> {
  const sheet = workbook.addWorksheet(VIDEOS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = VIDEO_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let after = 0;
  let count = 0;
  for (;;) {
    const page = await videoPage(db, after, PAGE);
    for (const video of page) sheet.addRow(cellsOf(video)).commit();
    count += page.length;
    if (page.length < PAGE) break;
    after = Number(page[page.length - 1]!.id);
  }
  sheet.commit();
  return count;
}

async function addExercises(db: Db, workbook: ExcelJS.stream.xlsx.WorkbookWriter): Promise<void> {
  const sheet = workbook.addWorksheet(EXERCISES_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Exercise Key', key: 'slug', width: 36 },
    { header: 'Exercise', key: 'name', width: 40 },
    { header: 'Category', key: 'category', width: 36 },
    { header: 'Plan', key: 'plan', width: 10 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const e of await listExerciseKeys(db)) sheet.addRow({ slug: e.slug, name: e.name, category: e.category, plan: e.is_premium ? 'Premium' : 'Free' }).commit();
  sheet.commit();
}

/** Writes golf-exercise-videos.xlsx to `output` (the HTTP response, or a byte counter); answers the number of videos. */
export async function writeVideoSpreadsheet(db: Db, output: Writable): Promise<number> {
  // Dated by the catalog's last change, not the clock: the same catalog is then the same workbook, whose
  // compressed size the summary states (a clock time's digits compress to a byte more or less).
  const asOf = (await catalogChangedAt(db)) ?? new Date(0);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'SwingFit';
  workbook.created = asOf;
  workbook.modified = asOf;
  addInstructions(workbook);
  const count = await addVideos(db, workbook);
  await addExercises(db, workbook);
  await workbook.commit();
  return count;
}

/** The spreadsheet's size in bytes, written to a counter rather than kept. */
export async function measureVideoSpreadsheet(db: Db): Promise<number> {
  let bytes = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
  });
  await writeVideoSpreadsheet(db, counter);
  return bytes;
}
