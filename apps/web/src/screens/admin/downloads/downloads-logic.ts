import type { VideoCatalogSummary, VideoImportResult } from '@swingfit/contracts';
import { fileSize } from '../../../lib/format';

/** 'about 215 KB' as the admin page says it: the upload form's file size (lib/format fileSize), said as an estimate. */
export function fileSizeText(bytes: number): string {
  return bytes < 1024 ? fileSize(bytes) : `about ${fileSize(bytes)}`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Section 2's info line: '{n} videos in 7 categories, about {size}'. */
export function summaryLine(s: VideoCatalogSummary): string {
  return `${plural(s.total, 'video', 'videos')} in ${s.categories.length} categories, ${fileSizeText(s.fileSizeBytes)}.`;
}

export function importResultText(r: VideoImportResult): string {
  return `Imported ${plural(r.rows, 'row', 'rows')}: ${r.inserted} new, ${r.updated} updated.`;
}
