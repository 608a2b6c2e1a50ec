import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { VideoImportResult, VideoImportRowError } from '@swingfit/contracts';
import { HttpError } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { exerciseKeys, upsertVideos } from '../db/catalog-repository.js';
import { recordAdminAction, type AdminActor } from '../db/audit-repository.js';
import { VIDEOS_SHEET, isEmptyRow, readHeader, readVideoRow, type ValidVideoRow, type VideoColumnKey } from '../domain/video-sheet.js';

/*
 * Re-import of the exercise-video spreadsheet. The file is read as a stream (exceljs's streaming
 * reader), each row is checked as it arrives and good rows are written in chunks inside ONE
 * transaction; any bad row anywhere rolls the whole import back and every problem is reported with
 * its sheet, row number and column. So the file is never held as objects, and only one chunk of
 * checked rows is in memory at a time.
 */

type Db = GatewayDeps['db'];
const CHUNK = 500;
/** Enough problems to fix a sheet in one go without sending back a novel. */
export const MAX_REPORTED_ERRORS = 100;
/** Serialises imports: two at once would interleave their chunks. */
const IMPORT_LOCK = 72_120_001;

export class ImportRefused extends HttpError {
  constructor(rowErrors: VideoImportRowError[], errorCount: number) {
    const message = `The spreadsheet has ${errorCount} problem${errorCount === 1 ? '' : 's'}; nothing was changed.`;
    super(400, message, { errorCount, rowErrors });
  }
}

class ImportState {
  readonly errors: VideoImportRowError[] = [];
  errorCount = 0;
  rows = 0;
  inserted = 0;
  updated = 0;
  chunk: ValidVideoRow[] = [];
  readonly keys = new Map<string, number>();
  sawVideosSheet = false;

  fail(error: VideoImportRowError): void {
    this.errorCount += 1;
    if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push(error);
  }
}

/** The sheet's own name: exceljs's reader names sheets by number, the workbook part maps them to names. */
function sheetName(reader: ExcelJS.stream.xlsx.WorkbookReader, worksheet: { id: number | string; name: string }, order: number): string {
  const model = (reader as unknown as { model?: { sheets?: Array<{ name: string; rId: string }> } }).model;
  const rels = (reader as unknown as { workbookRels?: Array<{ Id: string; Target: string }> }).workbookRels;
  const target = `worksheets/sheet${worksheet.id}.xml`;
  const rel = rels?.find((r) => r.Target.replace(/^\/?xl\//, '') === target);
  const byRel = rel && model?.sheets?.find((s) => s.rId === rel.Id)?.name;
  return byRel ?? model?.sheets?.[order]?.name ?? worksheet.name;
}

async function flush(trx: Db, state: ImportState): Promise<void> {
  if (state.errorCount > 0 || state.chunk.length === 0) {
    state.chunk = [];
    return;
  }
  const { inserted, updated } = await upsertVideos(trx, state.chunk);
  state.inserted += inserted;
  state.updated += updated;
  state.chunk = [];
}

function checkRow(state: ImportState, sheet: string, rowNumber: number, cells: Partial<Record<VideoColumnKey, unknown>>, exercises: Map<string, number>): void {
  if (isEmptyRow(cells)) return;
  state.rows += 1;
  const result = readVideoRow(cells, { exercises });
  if (!result.ok) {
    for (const p of result.problems) state.fail({ sheet, row: rowNumber, column: p.column, reason: `${p.column} ${p.reason}` });
    return;
  }
  const earlier = state.keys.get(result.row.videoKey.toLowerCase());
  if (earlier !== undefined) {
    state.fail({ sheet, row: rowNumber, column: 'Video ID', reason: `Video ID ${result.row.videoKey} is also on row ${earlier}` });
    return;
  }
  state.keys.set(result.row.videoKey.toLowerCase(), rowNumber);
  if (state.errorCount === 0) state.chunk.push(result.row);
}

async function readVideosSheet(trx: Db, worksheet: AsyncIterable<ExcelJS.Row>, sheet: string, state: ImportState, exercises: Map<string, number>): Promise<void> {
  let columns: Map<number, VideoColumnKey> | undefined;
  let unreadable = false;
  for await (const row of worksheet) {
    // A sheet whose header is unusable is still read to its end: the zip stream must reach the next part.
    if (unreadable) continue;
    const values = (row.values as unknown[]) ?? [];
    if (!columns) {
      const header = readHeader(values);
      if (header.missing.length > 0) {
        state.fail({ sheet, row: row.number, reason: `The header row lacks ${header.missing.join(', ')}` });
        unreadable = true;
      }
      columns = header.columns;
      continue;
    }
    const cells: Partial<Record<VideoColumnKey, unknown>> = {};
    for (const [index, key] of columns) cells[key] = values[index];
    checkRow(state, sheet, row.number, cells, exercises);
    if (state.chunk.length >= CHUNK) await flush(trx, state);
  }
}

async function readWorkbook(trx: Db, filePath: string, state: ImportState, exercises: Map<string, number>): Promise<void> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' });
  let order = 0;
  for await (const worksheet of reader) {
    const name = sheetName(reader, worksheet as unknown as { id: number; name: string }, order++);
    const rows = worksheet as unknown as AsyncIterable<ExcelJS.Row>;
    if (name.trim().toLowerCase() === VIDEOS_SHEET.toLowerCase() && !state.sawVideosSheet) {
      state.sawVideosSheet = true;
      await readVideosSheet(trx, rows, name, state, exercises);
    } else {
      // Other sheets (instructions, exercise keys) are read past: the stream must be consumed to reach the next one.
      for await (const _row of rows) void _row;
    }
  }
}

/** The reader failed on the file itself (not a bad row): the cause is kept for the log. */
class UnreadableSpreadsheet extends Error {}

/**
 * How many times the file is read before it is called unreadable. exceljs 4.4.0's streaming reader
 * now and then drops a zip part on a valid file (an unzip race under load, upstream exceljs#3064; it
 * failed one CI run of the import journey with FILE_ENDED). A second read in a fresh transaction
 * makes that a one-in-a-million event; a file that is truly not an .xlsx fails both reads the same way.
 */
const READ_ATTEMPTS = 2;

async function importOnce(db: Db, filePath: string, actor: AdminActor, exercises: Map<string, number>): Promise<VideoImportResult> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(trx);
    const state = new ImportState();
    try {
      await readWorkbook(trx, filePath, state, exercises);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new UnreadableSpreadsheet('spreadsheet read failed', { cause: error });
    }
    if (!state.sawVideosSheet) state.fail({ sheet: VIDEOS_SHEET, row: 1, reason: `The workbook has no sheet named ${VIDEOS_SHEET}` });
    if (state.errorCount > 0) throw new ImportRefused(state.errors, state.errorCount);
    await flush(trx, state);
    const result = { rows: state.rows, inserted: state.inserted, updated: state.updated };
    await recordAdminAction(trx, actor, { action: 'import-videos', detail: result });
    return result;
  });
}

/** Imports an uploaded spreadsheet file; throws ImportRefused (nothing changed) when any row is bad. */
export async function importVideoSpreadsheet(db: Db, filePath: string, actor: AdminActor, log?: Logger): Promise<VideoImportResult> {
  const exercises = await exerciseKeys(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await importOnce(db, filePath, actor, exercises);
    } catch (error) {
      if (!(error instanceof UnreadableSpreadsheet)) throw error;
      log?.warn({ err: error.cause, attempt }, 'the spreadsheet reader failed on the uploaded file');
      if (attempt >= READ_ATTEMPTS) {
        throw new HttpError(400, 'The file could not be read as an .xlsx spreadsheet. Save it from Excel, Numbers or Sheets as .xlsx and try again.');
      }
    }
  }
}
