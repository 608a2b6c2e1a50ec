import { NOTIFICATION_BADGE_CAP, WEEK_TIME_ZONE } from '@swingfit/contracts';

/** Avatar initials: first letters of first and last name, 'U' when neither is known. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const letters = [firstName, lastName].map((n) => n?.trim().charAt(0) ?? '').join('');
  return letters ? letters.toUpperCase() : 'U';
}

/** Unread badge text: nothing for zero, the count up to 9, then '9+'. */
export function unreadBadgeText(count: number): string | null {
  if (!count || count < 1) return null;
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

export interface Greeting {
  title: string;
  tagline: string;
}

/** Home greeting: returning golfers (with an analysis) are welcomed back, new ones are invited to start. */
export function homeGreeting(firstName: string | null | undefined, hasAnalysis: boolean): Greeting {
  const name = firstName?.trim() || 'Golfer';
  return hasAnalysis
    ? { title: `Welcome back, ${name}`, tagline: 'Ready to Move Better and Play Longer?' }
    : { title: `Let's get started, ${name}`, tagline: 'Your Golf Fitness Journey Begins Here!' };
}

/** Section 9 relative time: under a minute 'Just now', then minutes, hours, days. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const diff = Math.max(0, now - new Date(iso).getTime());
  const minutes = Math.floor(diff / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * The day the Premium upload week starts again ('Sun, May 17'), named in Central Time as the sentence around
 * it is (section 9: Sunday midnight CT). Read in the phone's own zone, that midnight fell on Saturday evening
 * west of Chicago, and 'Resets Sunday at midnight (Central Time), next on Sat, May 16' contradicted itself.
 */
export function weekResetDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric', timeZone: WEEK_TIME_ZONE });
}

const BYTES_PER_KB = 1024;
const BYTES_PER_MB = 1024 * BYTES_PER_KB;

/**
 * A chosen file's size: '2 KB' under a megabyte ('0.0 MB' reads as an empty file), '12.3 MB' above,
 * and bytes only for a file under one kilobyte.
 */
export function fileSize(bytes: number): string {
  if (bytes < BYTES_PER_KB) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const kb = Math.round(bytes / BYTES_PER_KB);
  if (kb < BYTES_PER_KB) return `${kb} KB`;
  return `${(bytes / BYTES_PER_MB).toFixed(1)} MB`;
}

/**
 * Degrees with their sign, to one decimal: '+4.0°', '−2.0°', '0.0°'. A negative takes the minus sign the
 * comparisons beside it use ('−' U+2212, not the hyphen toFixed gives), and a value that rounds to zero
 * takes no sign ('-0.0°' is not a reading).
 */
export function signedDegrees(value: number, { plus = false }: { plus?: boolean } = {}): string {
  const text = Math.abs(value).toFixed(1);
  const zero = Number(text) === 0;
  const sign = zero ? '' : value < 0 ? '−' : plus ? '+' : '';
  return `${sign}${text}°`;
}
