import type { DailyPoints, LeaderboardEntry } from '@swingfit/contracts';

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

export const displayName = (entry: Pick<LeaderboardEntry, 'firstName'>) => entry.firstName?.trim() || 'Golfer';

/** "Austin, TX", "Austin", "TX" or '' when neither is known. */
export const place = (entry: Pick<LeaderboardEntry, 'city' | 'state'>) => [entry.city, entry.state].filter((p) => p?.trim()).join(', ');

/** How many points the golfer needs to pass the next golfer above them (strictly more), if that golfer is listed. */
export function pointsToNextPlace(board: readonly LeaderboardEntry[], myPoints: number): { points: number; rank: number } | null {
  const above = board.filter((e) => e.monthlyPoints > myPoints);
  const next = above.at(-1);
  return next ? { points: next.monthlyPoints - myPoints + 1, rank: next.rank } : null;
}

/**
 * What follows 'N points this month' on Your Position: how far the next golfer above is, or that the golfer
 * leads. 'Top of the board' only for the 1st place: without the board (still loading, or failed) a 2nd
 * read '2nd · 10 points this month · top of the board'.
 */
export function positionNote(position: number, myPoints: number, board: readonly LeaderboardEntry[] | undefined): string {
  const next = board ? pointsToNextPlace(board, myPoints) : null;
  if (next) return ` · ${next.points.toLocaleString()} more to pass ${ordinal(next.rank)}`;
  return position === 1 && myPoints > 0 ? ' · top of the board' : '';
}

export interface ChartBar {
  date: string;
  day: number;
  points: number;
  /** 0..1 of the tallest bar. */
  height: number;
}

/** Bars for the points-per-day chart, and the figures its caption states once. */
export function dailyChart(data: DailyPoints): { bars: ChartBar[]; best: ChartBar | null; activeDays: number } {
  const max = Math.max(0, ...data.days.map((d) => d.points));
  const bars = data.days.map((d) => ({ date: d.date, day: Number(d.date.slice(8, 10)), points: d.points, height: max > 0 ? d.points / max : 0 }));
  const best = max > 0 ? bars.find((b) => b.points === max)! : null;
  return { bars, best, activeDays: bars.filter((b) => b.points > 0).length };
}

/** "November 2026" for the 1st of a month given as YYYY-MM-DD (read as a calendar date, not an instant). */
export function monthLabel(firstOfMonth: string): string {
  const [y, m] = firstOfMonth.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
