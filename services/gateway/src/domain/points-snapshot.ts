import { centralMonth, centralWeek } from '@swingfit/contracts';

/*
 * The user record's points are gamification's snapshot (points.awarded). The weekly and monthly
 * figures belong to the week and month named with them; once that window has passed they read as 0,
 * so the figures turn at Sunday 00:00 and on the 1st (Central Time) without any reset job.
 */

/** A date column as 'YYYY-MM-DD': node-postgres gives a Date at local midnight, so local parts are the date. */
export function calendarDateOf(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

export interface StoredPoints {
  weekly_points: number;
  monthly_points: number;
  total_points: number;
  points_week: Date | string | null;
  points_month: Date | string | null;
}

export interface PointsNow {
  weeklyPoints: number;
  monthlyPoints: number;
  totalPoints: number;
}

export function pointsAt(row: StoredPoints, now: Date): PointsNow {
  return {
    weeklyPoints: calendarDateOf(row.points_week) === centralWeek(now).date ? Number(row.weekly_points) : 0,
    monthlyPoints: calendarDateOf(row.points_month) === centralMonth(now).date ? Number(row.monthly_points) : 0,
    totalPoints: Number(row.total_points),
  };
}
