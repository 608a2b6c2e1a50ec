const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** Section 9: under a minute reads 'Just now', then whole minutes, hours, days. */
export function relativeAge(createdAt: string | Date, now: Date = new Date()): string {
  const then = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const elapsed = now.getTime() - then.getTime();
  // A clock slightly ahead of ours must not read "-1 minutes ago".
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  return plural(Math.floor(elapsed / DAY), 'day');
}
