import type { ReactNode } from 'react';
import { relativeTime } from '../../lib/format';
import { zonedDateTimeText } from './format';

/** One thing that failed (a job, an event): what, when, why, a line of facts, and its buttons. */
export function FailureRow({ subject, failedAt, reason, meta, actions }: { subject: ReactNode; failedAt: string | null; reason: string; meta: ReactNode; actions: ReactNode }) {
  return (
    <li className="ad-job">
      <div className="ad-row ad-row--between">
        <span className="ad-job__subject">{subject}</span>
        <span className="ad-job__when">{failedAt ? relativeTime(failedAt) : ''}</span>
      </div>
      {/* The exact time and zone on a line of its own: a hover title is out of reach on a phone, and 'an hour ago' cannot be matched against the logs. */}
      {failedAt && (
        <p className="ad-job__meta">
          Failed <time dateTime={failedAt}>{zonedDateTimeText(failedAt)}</time>
        </p>
      )}
      <p className="ad-job__reason">{reason}</p>
      <div className="ad-row ad-row--between">
        <span className="ad-job__meta">{meta}</span>
        <span className="ad-row">{actions}</span>
      </div>
    </li>
  );
}

export const attemptsText = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;
