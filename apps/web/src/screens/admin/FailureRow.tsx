import type { ReactNode } from 'react';
import { relativeTime } from '../../lib/format';
import { dateTimeText } from './format';

/** One thing that failed (a job, an event): what, when, why, a line of facts, and its buttons. */
export function FailureRow({ subject, failedAt, reason, meta, actions }: { subject: ReactNode; failedAt: string | null; reason: string; meta: ReactNode; actions: ReactNode }) {
  return (
    <li className="ad-job">
      <div className="ad-row ad-row--between">
        <span className="ad-job__subject">{subject}</span>
        <span className="ad-job__when" title={failedAt ? dateTimeText(failedAt) : undefined}>
          {failedAt ? relativeTime(failedAt) : ''}
        </span>
      </div>
      <p className="ad-job__reason">{reason}</p>
      <div className="ad-row ad-row--between">
        <span className="ad-job__meta">{meta}</span>
        <span className="ad-row">{actions}</span>
      </div>
    </li>
  );
}

export const attemptsText = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;
