import { describe, expect, it } from 'vitest';
import { monthStart, weekStart } from '../src/domain/windows.js';

// Specification section 9: weekly resets Sunday midnight Central Time; the leaderboard is monthly.
describe('points windows (America/Chicago)', () => {
  const cases = [
    { now: '2026-11-21T19:30:00Z', week: '2026-11-15T06:00:00.000Z', month: '2026-11-01T05:00:00.000Z', why: 'Saturday in CST; the month began in CDT' },
    { now: '2026-11-01T05:30:00Z', week: '2026-11-01T05:00:00.000Z', month: '2026-11-01T05:00:00.000Z', why: '00:30 on the Sunday daylight saving ends' },
    { now: '2026-11-01T04:59:59Z', week: '2026-10-25T05:00:00.000Z', month: '2026-10-01T05:00:00.000Z', why: 'last second of Saturday October 31' },
    { now: '2026-03-08T07:59:59Z', week: '2026-03-08T06:00:00.000Z', month: '2026-03-01T06:00:00.000Z', why: '01:59 on the Sunday daylight saving starts' },
    { now: '2026-03-09T12:00:00Z', week: '2026-03-08T06:00:00.000Z', month: '2026-03-01T06:00:00.000Z', why: 'Monday after the change: the week began in CST' },
    { now: '2026-01-01T05:59:59Z', week: '2025-12-28T06:00:00.000Z', month: '2025-12-01T06:00:00.000Z', why: 'still New Year’s Eve in Chicago' },
    { now: '2026-01-01T06:00:00Z', week: '2025-12-28T06:00:00.000Z', month: '2026-01-01T06:00:00.000Z', why: 'New Year in Chicago, mid-week' },
  ];
  it.each(cases)('$now: week $week, month $month ($why)', ({ now, week, month }) => {
    expect(weekStart(new Date(now)).toISOString()).toBe(week);
    expect(monthStart(new Date(now)).toISOString()).toBe(month);
  });
});
