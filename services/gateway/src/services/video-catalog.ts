import { FOCUS_CATEGORIES, VIDEO_SPREADSHEET_FILE, categoryDisplayName, type VideoCatalogSummary } from '@swingfit/contracts';
import type { GatewayDeps } from '../deps.js';
import { catalogFingerprint, videoCountsByCategory } from '../db/catalog-repository.js';
import { measureVideoSpreadsheet } from './video-spreadsheet.js';

/*
 * What /admin/downloads shows: the counts per category read from the database, and the size of the
 * file the Download Excel button sends. The size comes from writing the file to a byte counter; it
 * is remembered until the catalog changes (the fingerprint moves with every insert or update).
 */

type Db = GatewayDeps['db'];

let sizeCache: { fingerprint: string; bytes: number } | undefined;

async function spreadsheetSize(db: Db): Promise<number> {
  const fingerprint = await catalogFingerprint(db);
  if (sizeCache?.fingerprint !== fingerprint) sizeCache = { fingerprint, bytes: await measureVideoSpreadsheet(db) };
  return sizeCache.bytes;
}

export async function videoCatalogSummary(db: Db): Promise<VideoCatalogSummary> {
  const [{ counts, total, active }, fileSizeBytes] = await Promise.all([videoCountsByCategory(db), spreadsheetSize(db)]);
  const categories = FOCUS_CATEGORIES.map((category) => ({ category, label: categoryDisplayName(category), count: counts.get(category) ?? 0 })).sort((a, b) => b.count - a.count);
  return { total, active, categories, fileName: VIDEO_SPREADSHEET_FILE, fileSizeBytes };
}
