import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button, ErrorState, Spinner } from '../../components/ui';
import { refreshSystem, useSystemView } from './api';
import { FailedEventsCard } from './FailedEventsCard';
import { RefreshFailed, refreshFailed } from './RefreshFailed';
import { useManualRefresh } from './useManualRefresh';
import { AnalysesCard, OutboxCard, PaymentsCard, QueuesCard } from './SystemCards';

/** /admin/system: the operator's view, read from BullMQ and PostgreSQL, refreshed every 10 s. */
export function AdminSystemScreen() {
  const queryClient = useQueryClient();
  const view = useSystemView();
  const { refreshing, refresh } = useManualRefresh(() => refreshSystem(queryClient));
  return (
    <div className="ad-screen">
      <div className="ad-row ad-row--between">
        <div>
          <h1 className="ad-title">System</h1>
          <p className="ad-subtitle">{view.data ? `As of ${new Date(view.data.generatedAt).toLocaleTimeString()}` : 'Queues, events and analyses right now.'}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void refresh()} loading={refreshing}>
          {!refreshing && <RefreshCw size={14} aria-hidden />}
          Refresh
        </Button>
      </div>
      {view.isPending ? (
        <div className="ad-center"><Spinner size="lg" label="Loading the system view" /></div>
      ) : view.data === undefined ? (
        <ErrorState title="Failed to load the system view" text="Check that the gateway can reach PostgreSQL and Redis." onRetry={() => void view.refetch()} />
      ) : (
        <>
          {refreshFailed(view) && <RefreshFailed what="the system view" loadedAt={view.dataUpdatedAt} />}
          <AnalysesCard analyses={view.data.analyses} />
          <QueuesCard queues={view.data.queues} />
          <FailedEventsCard />
          <OutboxCard outbox={view.data.outbox} />
          <PaymentsCard payments={view.data.payments} />
        </>
      )}
    </div>
  );
}
