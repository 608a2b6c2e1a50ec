import { UNLIMITED, type AuditEntry, type UsageField } from '@swingfit/contracts';

/* Plain words for the admin screens: counters, durations, audit lines, queue names. */

export const USAGE_COUNTERS: ReadonlyArray<{ field: UsageField; label: string; limitKey: 'videoUploads' | 'analysisViews' | 'workoutViews' }> = [
  { field: 'videoUploadsUsed', label: 'Video Uploads', limitKey: 'videoUploads' },
  { field: 'analysisViewsUsed', label: 'Analysis Views', limitKey: 'analysisViews' },
  { field: 'workoutViewsUsed', label: 'Workout Views', limitKey: 'workoutViews' },
];

const COUNTER_LABEL = Object.fromEntries(USAGE_COUNTERS.map((c) => [c.field, c.label])) as Record<string, string>;

/**
 * The spec's 'Usage Reset' toast text, {field} being the counter as the list labels it ("Video
 * Uploads"), not the column the server names in its answer ("videoUploadsUsed").
 */
export const usageResetText = (field: UsageField) => `Successfully reset ${COUNTER_LABEL[field] ?? field} for user`;

/** "1 / 1" for a limited counter, "3 / Unlimited" when the plan has no limit (999, spec section 9). */
export const usageText = (used: number, limit: number) => `${used} / ${limit >= UNLIMITED ? 'Unlimited' : limit}`;

/** A duration the way an operator reads it: 850 ms, 12 s, 1 min 12 s, 2 h 5 min. */
export function durationText(ms: number | null): string {
  if (ms == null) return '—';
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** Date and time in the admin's own locale and zone, e.g. "Mar 3, 2026, 4:05 PM". */
export function dateTimeText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const ZONED: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

/** Date, time and zone, e.g. "Mar 3, 2026, 4:05 PM UTC": for a record read later, or by an admin elsewhere. */
export function zonedDateTimeText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString(undefined, ZONED);
}

/** The queues of scheduled jobs (the job table's repeatable entries), by what each schedule does. */
const SCHEDULED_QUEUE_LABELS: Record<string, string> = {
  'analysis-remeasure-older': 'Scheduled: measure older analyses again',
  'analysis-reconcile': 'Scheduled: restart stalled analyses',
  'analysis-write-ups': 'Scheduled: refresh write-ups',
  'billing-reconcile': 'Scheduled: check payments with Stripe',
  'gamification-schedule': 'Scheduled: weekly points reset',
};

const EVENT_QUEUE = /^events-(.+)$/;

/** A service's queue of events (events-gamification...): its failed jobs are the failed events. */
export const isEventQueue = (name: string) => EVENT_QUEUE.test(name);

/** An event type as words: 'exercise.completed' reads 'Exercise completed'. */
export function eventLabel(type: string): string {
  const words = type.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Queue names as an operator would say them. */
export function queueLabel(name: string): string {
  if (name === 'analysis') return 'Swing analyses';
  if (SCHEDULED_QUEUE_LABELS[name]) return SCHEDULED_QUEUE_LABELS[name];
  const events = EVENT_QUEUE.exec(name);
  return events ? `Events for ${events[1]}` : name;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

const eventWords = (type: string) => (type ? eventLabel(type).toLowerCase() : '');

/** The job an audit line is about: an event job by its event in words ('exercise completed'), else its job name. */
const jobWords = (d: Record<string, unknown>) => eventWords(str(d.eventType)) || str(d.name) || 'a job';

/** One audit line as a sentence: what was done, and to whom or what. */
export function auditSentence(entry: AuditEntry): string {
  const who = entry.targetEmail ?? (entry.targetUserId ? `golfer #${entry.targetUserId}` : '');
  const d = entry.detail;
  switch (entry.action) {
    case 'sign-in':
      return 'Signed in';
    case 'sign-in-failed':
      return 'Failed sign-in (wrong password)';
    case 'sign-out':
      return 'Signed out';
    case 'reset-usage':
      return `Reset ${COUNTER_LABEL[str(d.field)] ?? str(d.field)} for ${who}${typeof d.from === 'number' ? ` (was ${d.from})` : ''}`;
    case 'retry-job':
      return `Retried ${jobWords(d)} on ${queueLabel(str(d.queue))}${who ? ` for ${who}` : ''}`;
    case 'retry-job-failed':
      return `Retry of ${jobWords(d)} on ${queueLabel(str(d.queue))} did not go through`;
    case 'remove-job':
      return `Removed ${jobWords(d)} from ${queueLabel(str(d.queue))}${who ? ` for ${who}` : ''}`;
    case 'replay-event':
      return `Replayed ${eventWords(str(d.type) || str(d.eventType)) || 'an event'}${who ? ` for ${who}` : ''}`;
    case 'import-videos':
      return 'Imported the video database';
    case 'remeasure-analysis':
      return `${d.outcome === 'already queued' ? 'Asked again to measure' : 'Queued to measure'} analysis #${str(d.analysisId)} again${who ? ` for ${who}` : ''}`;
    default:
      return `${entry.action}${who ? ` for ${who}` : ''}`;
  }
}
