import { WEEK_TIME_ZONE } from '@swingfit/contracts';

/*
 * Points windows are read from ledger timestamps (never by zeroing counters), so a window is just
 * its start instant: the week starts Sunday 00:00 and the month on the 1st at 00:00, Central Time.
 */

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

function parts(instant: Date, zone: string) {
  const map = Object.fromEntries(formatter(zone).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(map.year),
    month: Number(map.month),
    day: Number(map.day),
    weekday: WEEKDAYS.indexOf(String(map.weekday)),
    hour: Number(map.hour),
    minute: Number(map.minute),
    second: Number(map.second),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant (negative west of Greenwich). */
function offsetMs(instant: Date, zone: string): number {
  const p = parts(instant, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of 00:00 wall-clock time on a calendar day in a zone (day may overflow: Date.UTC normalises). */
export function zonedMidnight(year: number, month: number, day: number, zone = WEEK_TIME_ZONE): Date {
  const wall = Date.UTC(year, month - 1, day);
  // Two passes: the offset at the first guess may be the other side of a daylight-saving change.
  const first = wall - offsetMs(new Date(wall), zone);
  return new Date(wall - offsetMs(new Date(first), zone));
}

export function zonedDate(instant: Date, zone = WEEK_TIME_ZONE): ZonedParts {
  const { year, month, day, weekday } = parts(instant, zone);
  return { year, month, day, weekday };
}

/** Sunday 00:00 of the week holding `now`, Central Time. */
export function weekStart(now: Date, zone = WEEK_TIME_ZONE): Date {
  const d = zonedDate(now, zone);
  return zonedMidnight(d.year, d.month, d.day - d.weekday, zone);
}

/** The 1st of the month holding `now`, 00:00 Central Time. */
export function monthStart(now: Date, zone = WEEK_TIME_ZONE): Date {
  const d = zonedDate(now, zone);
  return zonedMidnight(d.year, d.month, 1, zone);
}
