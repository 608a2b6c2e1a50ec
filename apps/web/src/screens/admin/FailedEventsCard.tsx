import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { TIMING_MS } from '@swingfit/contracts';
import { ApiError, apiRequest } from '../../api/client';
import { Button, Card, CardHeader, EmptyState, ErrorState, Spinner, toast } from '../../components/ui';
import { FAILED_EVENTS_KEY, isAdminAuthError, refreshSystem } from './api';
import { queueLabel } from './format';
import { FailureRow, attemptsText } from './FailureRow';
import { RefreshFailed, refreshFailed } from './RefreshFailed';

/**
 * GET /api/admin/failed-events as issue 11 builds it (DESIGN.md). Typed here until its schema lands in
 * contracts; the lead swaps this for the contract type at merge.
 */
export interface FailedEvent {
  id: string;
  queue: string;
  type: string;
  userId: number | null;
  occurredAt: string;
  failedReason: string;
  attemptsMade: number;
  failedAt: string | null;
}

function FailedEventRow({ event, onReplay, busy }: { event: FailedEvent; onReplay: () => void; busy: boolean }) {
  return (
    <FailureRow
      subject={`${event.type}${event.userId ? ` · golfer #${event.userId}` : ''}`}
      failedAt={event.failedAt}
      reason={event.failedReason}
      meta={`${queueLabel(event.queue)} · ${attemptsText(event.attemptsMade)}`}
      actions={
        <Button variant="outline" size="sm" onClick={onReplay} disabled={busy} aria-label={`Replay ${event.type}`}>
          <RotateCcw size={14} aria-hidden /> Replay
        </Button>
      }
    />
  );
}

function FailedEventsBody() {
  const queryClient = useQueryClient();
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
      return <EmptyState title="Failed events are not available yet" text="This server does not list failed events yet. Failed event jobs still show under Queues." />;
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
          <FailedEventRow key={e.id} event={e} busy={replay.isPending} onReplay={() => replay.mutate(e.id)} />
        ))}
      </ul>
    </>
  );
}

/** Events that ran out of retries, with a Replay button (the backbone audit-logs each replay). */
export function FailedEventsCard() {
  return (
    <Card aria-label="Failed events">
      <CardHeader title="Failed events" icon={<AlertTriangle size={18} />} />
      <FailedEventsBody />
    </Card>
  );
}
