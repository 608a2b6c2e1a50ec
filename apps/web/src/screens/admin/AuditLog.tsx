import { KeyRound, LogIn, LogOut, RotateCcw, ShieldAlert, Wrench } from 'lucide-react';
import type { AuditEntry } from '@swingfit/contracts';
import { Button, EmptyState, ErrorState, Spinner } from '../../components/ui';
import { relativeTime } from '../../lib/format';
import { useAuditLog } from './api';
import { auditSentence, zonedDateTimeText } from './format';
import { RefreshFailed, refreshFailed } from './RefreshFailed';

const ICONS: Record<string, typeof LogIn> = {
  'sign-in': LogIn,
  'sign-in-failed': ShieldAlert,
  'sign-out': LogOut,
  'reset-usage': RotateCcw,
};

function AuditRow({ entry }: { entry: AuditEntry }) {
  const Icon = ICONS[entry.action] ?? (entry.action.includes('job') || entry.action.includes('event') ? Wrench : KeyRound);
  const warn = entry.action.endsWith('failed');
  return (
    <li className="ad-audit">
      <span className={`ad-audit__icon${warn ? ' ad-audit__icon--warn' : ''}`} aria-hidden>
        <Icon size={16} />
      </span>
      <span className="ad-audit__body">
        <span className="ad-audit__what">{auditSentence(entry)}</span>
        <span className="ad-audit__meta">
          {/* When, exactly and in which zone: the exact time was a hover title, out of reach on a phone, under '12d ago'. */}
          <time dateTime={entry.occurredAt} title={relativeTime(entry.occurredAt)}>
            {zonedDateTimeText(entry.occurredAt)}
          </time>
          {entry.ip && ` · from ${entry.ip}`}
          {entry.adminSessionId != null && ` · session ${entry.adminSessionId}`}
        </span>
      </span>
    </li>
  );
}

/** The append-only audit log of admin actions, newest first, a page at a time. */
export function AuditLog() {
  const log = useAuditLog(true);
  if (log.isPending) return <div className="ad-center"><Spinner label="Loading the audit log" /></div>;
  if (log.data === undefined) return <ErrorState title="Failed to load the audit log" onRetry={() => void log.refetch()} />;
  const entries = log.data.pages.flatMap((p) => p.entries);
  const stale = refreshFailed(log) && <RefreshFailed what="the audit log" loadedAt={log.dataUpdatedAt} />;
  if (entries.length === 0) return <>{stale}<EmptyState title="No admin actions yet" text="Sign-ins, resets and job retries will be listed here." /></>;
  return (
    <section aria-label="Audit log" className="sf-card ad-card-list">
      {stale}
      <ul className="ad-list">
        {entries.map((e) => (
          <AuditRow key={e.id} entry={e} />
        ))}
      </ul>
      {log.hasNextPage && (
        <Button variant="outline" block onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
          Show older
        </Button>
      )}
    </section>
  );
}
