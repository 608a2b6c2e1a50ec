import { WEEK_TIME_ZONE } from '../constants.js';

/*
 * The product's calendar: days, weeks (Sunday 00:00 to Saturday) and months on America/Chicago's wall
 * clock (specification section 9). Upload allowances, the daily workout, streak weeks and points
 * windows all read it, so they turn at the same instant. Dates travel as 'YYYY-MM-DD' strings: a
 * calendar day, not an instant, which is what PostgreSQL's `date` columns hold.
 */

const chicagoParts = new Intl.DateTimeFormat('en-US', {
  timeZone: WEEK_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
});

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday. */
  weekday: number;
}

/**
 * Wall clocks already read, by whole second: the fields have no finer unit, so every instant of that
 * second reads the same. formatToParts is the costly step, and an API server asks for the same few
 * instants again and again (now, and the midnights that start today's week and month).
 */
const clocks = new Map<number, WallClock>();
/** Enough for "now" and the period boundaries of a request; emptied when full (a miss only costs a read). */
const MAX_CLOCKS = 64;

function wallClock(instant: Date): WallClock {
  const second = Math.floor(instant.getTime() / 1000);
  let clock = clocks.get(second);
  if (!clock) {
    clock = readWallClock(instant);
    if (clocks.size >= MAX_CLOCKS) clocks.clear();
    clocks.set(second, clock);
  }
  return { ...clock };
}

function readWallClock(instant: Date): WallClock {
  const parts = Object.fromEntries(chicagoParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

const isoDate = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

function parseDate(date: string): { year: number; month: number; day: number } {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not a calendar date: ${date}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/** A calendar date as a UTC-midnight Date: arithmetic on days without any zone. */
function utcDay(date: string): Date {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day));
}

const fromUtcDay = (d: Date) => isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());

/** The date `days` after (or before, when negative) a calendar date. */
export function addDays(date: string, days: number): string {
  return fromUtcDay(new Date(utcDay(date).getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / DAY_MS);
}

/**
 * The instant Chicago's clocks read 00:00 on a calendar date. Midnight is never inside a
 * daylight-saving jump there (the jumps happen at 02:00), so the fixed point always exists.
 */
export function centralMidnight(date: string): Date {
  const asUtc = utcDay(date).getTime();
  let guess = asUtc;
  for (let i = 0; i < 3; i++) {
    const w = wallClock(new Date(guess));
    const shownAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    const next = guess - (shownAsUtc - asUtc);
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** The golfer's calendar day at an instant: what 'today' means for the daily workout. */
export function centralDate(instant: Date): string {
  const w = wallClock(instant);
  return isoDate(w.year, w.month, w.day);
}

export interface CalendarPeriod {
  /** First calendar day of the period, YYYY-MM-DD. */
  date: string;
  /** 00:00 America/Chicago on that day. */
  start: Date;
  /** 00:00 America/Chicago on the first day of the next period. */
  end: Date;
}

/** Day of the week of a calendar date, 0 = Sunday. */
const weekdayOf = (date: string) => utcDay(date).getUTCDay();

/** The Sunday that starts the week holding a calendar date. */
export function weekOfDate(date: string): string {
  return addDays(date, -weekdayOf(date));
}

/** The week (Sunday 00:00 to the next Sunday 00:00, Central Time) holding an instant. */
export function centralWeek(instant: Date): CalendarPeriod {
  const sunday = weekOfDate(centralDate(instant));
  return { date: sunday, start: centralMidnight(sunday), end: centralMidnight(addDays(sunday, 7)) };
}

/** The calendar month (the 1st 00:00 to the next month's 1st 00:00, Central Time) holding an instant. */
export function centralMonth(instant: Date): CalendarPeriod {
  const { year, month } = parseDate(centralDate(instant));
  const first = isoDate(year, month, 1);
  const next = month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1);
  return { date: first, start: centralMidnight(first), end: centralMidnight(next) };
}

/** The first day of the month holding a calendar date. */
export function monthOfDate(date: string): string {
  const { year, month } = parseDate(date);
  return isoDate(year, month, 1);
}
