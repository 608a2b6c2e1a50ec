import { describe, expect, it } from 'vitest';
import { calendarDateOf, pointsAt } from '../src/domain/points-snapshot.js';

// The snapshot's weekly figure counts the week starting Sunday 2026-11-01 (the Sunday clocks fall back),
// its monthly figure November 2026; read at instants around the windows' edges, Central Time.
const stored = { weekly_points: 12, monthly_points: 40, total_points: 90, points_week: '2026-11-01', points_month: '2026-11-01' };

describe('points read from the snapshot at request time', () => {
  it.each([
    ['2026-11-01T05:00:00Z', 12, 40, 'Sunday 00:00 CDT: the week and month begin'],
    ['2026-11-08T05:59:59Z', 12, 40, 'Saturday 23:59:59 CST: still that week'],
    ['2026-11-08T06:00:00Z', 0, 40, 'Sunday 00:00 CST: a new week, same month'],
    ['2026-12-01T05:59:59Z', 0, 40, 'November 30 23:59:59 CST'],
    ['2026-12-01T06:00:00Z', 0, 0, 'December 1 00:00 CST: a new month'],
    ['2026-11-01T04:59:59Z', 0, 0, 'before the window (a clock behind): not current either'],
  ])('at %s weekly %i, monthly %i (%s)', (at, weekly, monthly) => {
    expect(pointsAt(stored, new Date(at))).toEqual({ weeklyPoints: weekly, monthlyPoints: monthly, totalPoints: 90 });
  });

  it('reads a date column whichever way the driver gives it', () => {
    expect(calendarDateOf(new Date(2026, 10, 1))).toBe('2026-11-01'); // node-postgres: local midnight
    expect(calendarDateOf('2026-11-01')).toBe('2026-11-01');
    expect(calendarDateOf(null)).toBeNull();
    expect(pointsAt({ ...stored, points_week: null, points_month: null }, new Date('2026-11-03T12:00:00Z'))).toEqual({ weeklyPoints: 0, monthlyPoints: 0, totalPoints: 90 });
  });
});
