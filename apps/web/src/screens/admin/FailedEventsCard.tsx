import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AlertTriangle, RotateCcw, Trash2 } from 'lucide-react';
import { TIMING_MS, type FailedEvent } from '@swingfit/contracts';
import { ApiError, apiRequest } from '../../api/client';
import { Button, Card, CardHeader, EmptyState, ErrorState, Spinner, toast } from '../../components/ui';
import { FAILED_EVENTS_KEY, isAdminAuthError, refreshSystem } from './api';
import { RemoveJobDialog, type JobRef } from './FailedJobs';
import { eventLabel, queueLabel } from './format';
import { FailureRow, attemptsText } from './FailureRow';
import { RefreshFailed, refreshFailed } from './RefreshFailed';

const eventSubject = (event: FailedEvent) => `${eventLabel(event.type)}${event.userId ? ` · golfer #${event.userId}` : ''}`;

/** The queue job behind a failed event: its id is '{queue}:{job id}' (server-kit failedEventId). */
const jobOf = (event: FailedEvent): JobRef => ({ queue: event.queue, jobId: event.id.slice(event.queue.length + 1) });

function FailedEventRow({ event, onReplay, onRemove, busy }: { event: FailedEvent; onReplay: () => void; onRemove: () => void; busy: boolean }) {
  const subject = eventSubject(event);
  return (
    <FailureRow
      subject={subject}
      failedAt={event.failedAt}
      reason={event.failedReason}
      meta={`${queueLabel(event.queue)} · ${attemptsText(event.attemptsMade)}`}
      actions={
        <>
          <Button variant="outline" size="sm" onClick={onReplay} disabled={busy} aria-label={`Replay ${subject}`}>
            <RotateCcw size={14} aria-hidden /> Replay
          </Button>
          <Button variant="ghost" size="sm" className="ad-danger" onClick={onRemove} disabled={busy} aria-label={`Remove ${subject}`}>
            <Trash2 size={14} aria-hidden /> Remove
          </Button>
        </>
      }
    />
  );
}

function FailedEventsBody() {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<(JobRef & { subject: string }) | null>(null);
  const events = useQuery<{ events: FailedEvent[] }>({ queryKey: FAILED_EVENTS_KEY, retry: false, refetchInterval: TIMING_MS.adminListRefresh });
  const replay = useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/admin/failed-events/${encodeURIComponent(id)}/replay`),
    onSuccess: async () => {
      toast({ title: 'Event Replayed', description: 'It is back in its queue.' });
      await refreshSystem(queryClient);
    },
    onError: (error) => {
      if (!isAdminAuthError(error)) toast({ title: 'Replay Failed', description: 'Please try again.', variant: 'destructive' });
    },
  });

  if (events.isPending) return <div className="ad-center"><Spinner label="Loading failed events" /></div>;
  if (events.data === undefined) {
    // Until the backbone's failed-events route is deployed, this server answers 404: say so plainly.
    if (events.error instanceof ApiError && events.error.status === 404) {
      return <EmptyState title="Failed events are not available yet" text="This server does not list failed events yet." />;
    }
    return <ErrorState title="Failed to load failed events" onRetry={() => void events.refetch()} />;
  }
  const stale = refreshFailed(events) && <RefreshFailed what="the failed events" loadedAt={events.dataUpdatedAt} />;
  if (events.data.events.length === 0) return <>{stale}<EmptyState title="No failed events" text="Every event reached the service waiting for it." /></>;
  return (
    <>
      {stale}
      <ul className="ad-list">
        {events.data.events.map((e) => (
          <FailedEventRow
            key={e.id}
            event={e}
            busy={replay.isPending || removing !== null}
            onReplay={() => replay.mutate(e.id)}
            onRemove={() => setRemoving({ ...jobOf(e), subject: eventSubject(e) })}
          />
        ))}
      </ul>
      <RemoveJobDialog target={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

/** Events that ran out of retries, listed once here (not again under their queue), with Replay and Remove (both audit-logged). */
export function FailedEventsCard() {
  return (
    <Card aria-label="Failed events">
      <CardHeader title="Failed events" icon={<AlertTriangle size={18} />} />
      <FailedEventsBody />
    </Card>
  );
}
