/**
 * Keyset paging, newest first: a page query asks for one row more than `limit`; that extra row only
 * says another page follows, and the last shown row's id is the cursor of the next page.
 */
export function keysetPage<T extends { id: number | string }>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? String(last.id) : null };
}

/** The id a cursor stands for (the contracts' AdminCursor pattern already allows digits only). */
export const cursorId = (cursor: string | undefined) => (cursor ? Number(cursor) : undefined);
