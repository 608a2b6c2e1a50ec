import type { VideoCatalogSummary, VideoImportResult } from '@swingfit/contracts';

/** 'about 215 KB' as the admin page says it (KB of 1024 bytes, rounded; small files in bytes). */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const kb = bytes / 1024;
  if (kb < 1024) return `about ${Math.round(kb)} KB`;
  return `about ${(kb / 1024).toFixed(1)} MB`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Section 2's info line: '{n} videos in 7 categories, about {size}'. */
export function summaryLine(s: VideoCatalogSummary): string {
  return `${plural(s.total, 'video', 'videos')} in ${s.categories.length} categories, ${fileSizeText(s.fileSizeBytes)}.`;
}

export function importResultText(r: VideoImportResult): string {
  return `Imported ${plural(r.rows, 'row', 'rows')}: ${r.inserted} new, ${r.updated} updated.`;
}
