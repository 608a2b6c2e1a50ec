import { CreditCard, Inbox, Layers, Timer } from 'lucide-react';
import type { AnalysesWindow, OutboxLag, PaymentsMode, QueueView } from '@swingfit/contracts';
import { Card, CardHeader, EmptyState } from '../../components/ui';
import { FailedJobs } from './FailedJobs';
import { durationText, isEventQueue, queueLabel } from './format';

const STATUS_PARTS = [
  { key: 'complete', label: 'Complete', className: 'ad-seg--complete' },
  { key: 'failed', label: 'Failed', className: 'ad-seg--failed' },
  { key: 'processing', label: 'In progress', className: 'ad-seg--processing' },
  { key: 'pending', label: 'Queued', className: 'ad-seg--pending' },
] as const;

/** The last 24 hours of analyses: one bar split by status (the picture), the counts once in its legend, and turnaround. */
export function AnalysesCard({ analyses }: { analyses: AnalysesWindow }) {
  const { byStatus, total, turnaround } = analyses;
  return (
    <Card aria-label="Analyses, last 24 hours">
      <CardHeader title="Analyses, last 24 hours" icon={<Timer size={18} />} />
      {total === 0 ? (
        <p className="ad-note">No swings were uploaded in the last 24 hours.</p>
      ) : (
        <>
          <div className="ad-bar" role="img" aria-label={STATUS_PARTS.map((p) => `${byStatus[p.key]} ${p.label.toLowerCase()}`).join(', ')}>
            {STATUS_PARTS.map((p) => (byStatus[p.key] > 0 ? <span key={p.key} className={`ad-seg ${p.className}`} style={{ flexGrow: byStatus[p.key] }} /> : null))}
          </div>
          <ul className="ad-legend">
            {STATUS_PARTS.map((p) => (
              <li key={p.key}>
                <span className={`ad-dot ${p.className}`} aria-hidden />
                {p.label} <b>{byStatus[p.key]}</b>
              </li>
            ))}
          </ul>
        </>
      )}
      <dl className="ad-figures">
        <div>
          <dt>Median turnaround</dt>
          <dd>{durationText(turnaround.medianMs)}</dd>
        </div>
        <div>
          <dt>95th percentile</dt>
          <dd>{durationText(turnaround.p95Ms)}</dd>
        </div>
      </dl>
      <p className="ad-note">
        {turnaround.measured > 0 ? `Upload to finished analysis, over ${turnaround.measured} completed.` : 'No analysis has finished in this window yet.'}
      </p>
    </Card>
  );
}

const COUNT_LABELS = [
  ['waiting', 'Waiting'],
  ['active', 'Active'],
  ['delayed', 'Delayed'],
  ['completed', 'Completed'],
  ['failed', 'Failed'],
] as const;

function QueueBlock({ queue }: { queue: QueueView }) {
  return (
    <section className="ad-queue" aria-label={queueLabel(queue.name)}>
      <h3 className="ad-queue__name">
        {queueLabel(queue.name)} <span className="ad-queue__id">{queue.name}</span>
      </h3>
      {queue.counts ? (
        <dl className="ad-counts">
          {COUNT_LABELS.map(([key, label]) => (
            <div key={key} className={key === 'failed' && queue.counts!.failed > 0 ? 'ad-counts--alert' : undefined}>
              <dt>{label}</dt>
              <dd>{queue.counts![key].toLocaleString()}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="sf-alert" role="alert">
          {queue.error}
        </p>
      )}
      {isEventQueue(queue.name) ? (
        // Its failed jobs are the failed events, listed once, in the Failed events card with Replay and Remove.
        queue.failedJobs.length > 0 && <p className="ad-note">Its failed events are listed under Failed events.</p>
      ) : (
        <FailedJobs queue={queue.name} jobs={queue.failedJobs} failedCount={queue.counts?.failed ?? queue.failedJobs.length} />
      )}
    </section>
  );
}

export function QueuesCard({ queues }: { queues: QueueView[] }) {
  return (
    <Card aria-label="Queues">
      <CardHeader title="Queues" icon={<Layers size={18} />} />
      <div className="ad-stack">
        {queues.map((q) => (
          <QueueBlock key={q.name} queue={q} />
        ))}
      </div>
    </Card>
  );
}

function outboxText(o: OutboxLag): string {
  if (o.unsent === null) return `Unknown — ${o.error ?? 'not reported'}`;
  if (o.unsent === 0) return 'Up to date';
  return `${o.unsent.toLocaleString()} waiting · oldest ${durationText(o.oldestUnsentAgeMs)}`;
}

/** Events committed but not yet handed to their queues, per service: the lag between a change and its effects. */
export function OutboxCard({ outbox }: { outbox: OutboxLag[] }) {
  return (
    <Card aria-label="Outbox">
      <CardHeader title="Outbox" icon={<Inbox size={18} />} />
      <ul className="ad-list">
        {outbox.map((o) => (
          <li key={o.service} className="ad-row ad-row--between ad-outbox">
            <span className="ad-outbox__service">{o.service}</span>
            <span className={o.unsent === null ? 'ad-muted' : o.unsent > 0 ? 'ad-warn' : 'ad-ok'}>{outboxText(o)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const STRIPE_MODE: Record<'test' | 'live', string> = { test: 'Test mode — no real charges', live: 'Live — real payments' };

/** Which Stripe billing talks to (issue 14 reports it); a slot that says so until then. */
export function PaymentsCard({ payments }: { payments: PaymentsMode }) {
  return (
    <Card aria-label="Payments">
      <CardHeader title="Payments" icon={<CreditCard size={18} />} />
      {payments.stripeMode ? (
        <p className={payments.stripeMode === 'live' ? 'ad-ok' : 'ad-warn'}>Stripe: {STRIPE_MODE[payments.stripeMode]}</p>
      ) : (
        <EmptyState title="Stripe mode not reported yet" text="The billing service does not say yet whether it uses test or live keys." icon={<CreditCard size={22} />} />
      )}
    </Card>
  );
}
