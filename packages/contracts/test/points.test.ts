import { describe, expect, it } from 'vitest';
import {
  rankedThisMonth,
  NO_STREAK,
  UPLOAD_AWARD,
  addDays,
  advanceStreak,
  centralDate,
  centralMonth,
  centralWeek,
  currentStreak,
  daysBetween,
  exerciseAward,
  reversalOf,
  uploadWeekStart,
  weekOfDate,
  type StreakState,
} from '../src/index.js';

// Section 9: 0-2 → 1.0x (5); 3-4 → 1.25x (6); 5-6 → 1.5x (8); 7-9 → 2.0x (10); 10-14 → 2.5x (13); 15+ → 3.0x (15).
describe('exerciseAward', () => {
  it.each([
    [0, 1.0, 5],
    [1, 1.0, 5],
    [2, 1.0, 5],
    [3, 1.25, 6],
    [4, 1.25, 6],
    [5, 1.5, 8],
    [6, 1.5, 8],
    [7, 2.0, 10],
    [9, 2.0, 10],
    [10, 2.5, 13],
    [14, 2.5, 13],
    [15, 3.0, 15],
    [40, 3.0, 15],
  ])('a %i-week streak earns 5 x %f = %i per exercise', (weeks, multiplier, points) => {
    expect(exerciseAward(weeks)).toEqual({ basePoints: 5, multiplier, points });
  });

  it('six exercises at the top tier make the How Points Work example: 90 points', () => {
    expect(6 * exerciseAward(15).points).toBe(90);
  });

  it('an upload earns 10 points with no multiplier', () => {
    expect(UPLOAD_AWARD).toEqual({ basePoints: 10, multiplier: 1, points: 10 });
  });
});

describe('calendar (America/Chicago)', () => {
  it.each([
    // instant (UTC)                 Central day    week's Sunday   month
    ['2026-11-22T05:59:59Z', '2026-11-21', '2026-11-15', '2026-11-01'], // Saturday 23:59:59 CST
    ['2026-11-22T06:00:00Z', '2026-11-22', '2026-11-22', '2026-11-01'], // Sunday 00:00 CST: a new week
    ['2026-03-08T05:59:59Z', '2026-03-07', '2026-03-01', '2026-03-01'], // last second before the DST week
    ['2026-03-08T06:00:00Z', '2026-03-08', '2026-03-08', '2026-03-01'], // Sunday 00:00 CST, clocks jump at 02:00
    ['2026-03-08T08:30:00Z', '2026-03-08', '2026-03-08', '2026-03-01'], // 03:30 CDT the same Sunday
    ['2026-11-01T04:59:59Z', '2026-10-31', '2026-10-25', '2026-10-01'], // Saturday 23:59:59 CDT
    ['2026-11-01T05:00:00Z', '2026-11-01', '2026-11-01', '2026-11-01'], // Sunday 00:00 CDT, clocks fall back at 02:00
    ['2027-01-01T05:59:59Z', '2026-12-31', '2026-12-27', '2026-12-01'],
    ['2027-01-01T06:00:00Z', '2027-01-01', '2026-12-27', '2027-01-01'],
  ])('%s is %s, in the week of %s and the month of %s', (instant, day, sunday, first) => {
    const at = new Date(instant);
    expect(centralDate(at)).toBe(day);
    expect(centralWeek(at).date).toBe(sunday);
    expect(centralMonth(at).date).toBe(first);
    expect(weekOfDate(day)).toBe(sunday);
  });

  it.each([
    // A week holding a DST change is 167 or 169 hours long; its edges are still Sunday midnights.
    ['2026-03-10T12:00:00Z', '2026-03-08T06:00:00.000Z', '2026-03-15T05:00:00.000Z', 167],
    ['2026-11-03T12:00:00Z', '2026-11-01T05:00:00.000Z', '2026-11-08T06:00:00.000Z', 169],
    ['2026-07-15T12:00:00Z', '2026-07-12T05:00:00.000Z', '2026-07-19T05:00:00.000Z', 168],
  ])('the week holding %s runs from %s to %s (%i hours)', (instant, start, end, hours) => {
    const week = centralWeek(new Date(instant));
    expect(week.start.toISOString()).toBe(start);
    expect(week.end.toISOString()).toBe(end);
    expect((week.end.getTime() - week.start.getTime()) / 3_600_000).toBe(hours);
  });

  it('months end at the next 1st, midnight Central', () => {
    const march = centralMonth(new Date('2026-03-20T12:00:00Z'));
    expect(march.start.toISOString()).toBe('2026-03-01T06:00:00.000Z');
    expect(march.end.toISOString()).toBe('2026-04-01T05:00:00.000Z');
  });

  it('upload weeks are calendar weeks', () => {
    const at = new Date('2026-11-25T18:00:00Z');
    expect(uploadWeekStart(at)).toEqual(centralWeek(at));
  });

  it('adds and counts days across month, year and DST edges', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-08', -7)).toBe('2026-03-01');
    expect(daysBetween('2026-03-01', '2026-03-15')).toBe(14);
    expect(daysBetween('2026-11-08', '2026-11-01')).toBe(-7);
  });

  it('refuses what is not a calendar date', () => {
    expect(() => addDays('2026-1-1', 1)).toThrow(RangeError);
  });
});

/** Replays completions (by Central day) through advanceStreak, as the completion transaction does. */
const replay = (days: string[], from: StreakState = NO_STREAK) => days.reduce((s, day) => advanceStreak(s, weekOfDate(day)), from);

describe('weekly streak', () => {
  it.each<[string, string[], number]>([
    ['no exercise yet', [], 0],
    ['one exercise counts the current week at once', ['2026-11-22'], 1],
    ['several the same week count once', ['2026-11-22', '2026-11-23', '2026-11-28'], 1],
    ['Saturday then Sunday are two weeks', ['2026-11-21', '2026-11-22'], 2],
    ['three weeks in a row', ['2026-11-03', '2026-11-10', '2026-11-17'], 3],
    ['a week without one starts again', ['2026-11-03', '2026-11-10', '2026-11-24'], 1],
    ['weeks across the spring DST change', ['2026-03-07', '2026-03-08', '2026-03-15'], 3],
    ['weeks across the autumn DST change', ['2026-10-31', '2026-11-01', '2026-11-08'], 3],
    ['weeks across the new year', ['2026-12-26', '2026-12-27', '2027-01-03'], 3],
  ])('%s', (_label, days, weeks) => {
    expect(replay(days).weeks).toBe(weeks);
  });

  it('a late, older completion never moves the streak backwards', () => {
    const state = replay(['2026-11-08', '2026-11-15', '2026-11-22']);
    expect(advanceStreak(state, weekOfDate('2026-11-03'))).toEqual(state);
  });

  it('reaches each tier week by week: 3 weeks 1.25x, 5 weeks 1.5x, 15 weeks 3.0x', () => {
    const days = Array.from({ length: 15 }, (_, i) => addDays('2026-08-02', 7 * i));
    const multipliers = days.map((_, i) => exerciseAward(replay(days.slice(0, i + 1)).weeks).multiplier);
    expect(multipliers).toEqual([1, 1, 1.25, 1.25, 1.5, 1.5, 2, 2, 2, 2.5, 2.5, 2.5, 2.5, 2.5, 3]);
  });

  it.each([
    // last active week, now (UTC), streak shown
    ['2026-11-22', '2026-11-25T12:00:00Z', 4], // this week
    ['2026-11-15', '2026-11-25T12:00:00Z', 4], // last week: this week may still get its exercise
    ['2026-11-08', '2026-11-25T12:00:00Z', 0], // a whole week missed
    ['2026-11-15', '2026-11-22T05:59:59Z', 4], // Saturday night CST: still the week of the 15th
    ['2026-10-25', '2026-11-08T05:59:59Z', 4], // across fall-back: still the week of Nov 1
    ['2026-10-25', '2026-11-08T06:00:00Z', 0], // Sunday 00:00 CST: the week of Nov 1 went empty
  ])('a streak last active the week of %s reads, at %s, %i', (lastWeek, now, shown) => {
    expect(currentStreak({ weeks: 4, lastWeek }, new Date(now))).toBe(shown);
  });
});

// An upload whose analysis failed takes its award back: the same figures negated, so sums return exactly.
describe('reversalOf', () => {
  it.each([
    ['the upload award', UPLOAD_AWARD, { basePoints: -10, multiplier: 1, points: -10 }],
    ['an exercise at the 1.25x tier', exerciseAward(3), { basePoints: -5, multiplier: 1.25, points: -6 }],
    ['an exercise at the 3.0x tier', exerciseAward(15), { basePoints: -5, multiplier: 3, points: -15 }],
    ['a 0-point figure stays 0, not -0', { basePoints: 0, multiplier: 1, points: 0 }, { basePoints: 0, multiplier: 1, points: 0 }],
  ])('%s', (_label, award, expected) => {
    const reversal = reversalOf(award);
    expect(reversal).toEqual(expected);
    expect(Object.is(reversal.points, -0)).toBe(false);
    expect(award.points + reversal.points).toBe(0);
  });
});

describe('rankedThisMonth (a place on the monthly board)', () => {
  it.each([
    [0, false],
    [1, true],
    [90, true],
  ])('%i points -> %s', (points, ranked) => expect(rankedThisMonth(points)).toBe(ranked));
});
