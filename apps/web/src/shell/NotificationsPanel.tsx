import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell, Check, Trash2 } from 'lucide-react';
import { apiRequest } from '../api/client';
import { NOTIFICATIONS_KEY, NOTIFICATION_PAGES_KEY, fetchNotificationPage, type AppNotification } from '../api/notifications';
import { relativeTime } from '../lib/format';
import { Badge, Button, EmptyState, ErrorState, LoadingCaption, Sheet } from '../components/ui';

/** What the panel says when a change to the notifications did not go through (the item stays as it was). */
export const NOTIFICATION_UPDATE_FAILED = {
  read: "Couldn't mark the notification as read. Please try again.",
  readAll: "Couldn't mark all notifications as read. Please try again.",
  delete: "Couldn't delete the notification. Please try again.",
} as const;

export const OLDER_NOTIFICATIONS_FAILED = "Couldn't load older notifications. Please try again.";

/**
 * Section 2's notifications panel: slides in from the right, unread count, Mark All Read (shown when
 * the list has items, disabled with nothing unread or a request pending), read and delete per item,
 * older pages on demand. It fetches only while open; tapping outside closes it.
 */
export function NotificationsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery({
    queryKey: NOTIFICATION_PAGES_KEY,
    queryFn: ({ pageParam }) => fetchNotificationPage(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore,
    enabled: open,
  });
  // Both the header's poll and these pages start with NOTIFICATIONS_KEY: one invalidation refreshes both.
  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });

  // The last change that did not go through, said in the panel (a failed one used to leave the item as it was, silently).
  const [failure, setFailure] = useState<string | null>(null);
  const outcome = (failed: string) => ({ onMutate: () => setFailure(null), onError: () => setFailure(failed), onSettled: refresh });

  const markAll = useMutation({ mutationFn: () => apiRequest('PATCH', '/api/notifications/read-all'), ...outcome(NOTIFICATION_UPDATE_FAILED.readAll) });
  const markOne = useMutation({ mutationFn: (id: AppNotification['id']) => apiRequest('PATCH', `/api/notifications/${id}/read`), ...outcome(NOTIFICATION_UPDATE_FAILED.read) });
  const remove = useMutation({ mutationFn: (id: AppNotification['id']) => apiRequest('DELETE', `/api/notifications/${id}`), ...outcome(NOTIFICATION_UPDATE_FAILED.delete) });

  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = pages.data?.pages[0]?.unread ?? 0;
  const pending = markAll.isPending || markOne.isPending || remove.isPending;

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={
        <>
          Notifications
          {unread > 0 && (
            <Badge variant="danger" aria-label={`${unread} unread`}>
              {unread}
            </Badge>
          )}
        </>
      }
    >
      {items.length > 0 && (
        <div className="sf-row sf-row--between" style={{ marginBottom: 12 }}>
          {/* The count is the title's badge; said once. */}
          <span className="sf-small sf-muted">{unread === 0 ? 'All caught up' : ''}</span>
          <Button size="sm" variant="outline" disabled={unread === 0 || pending} onClick={() => markAll.mutate()}>
            Mark All Read
          </Button>
        </div>
      )}
      {failure && items.length > 0 && (
        <p className="sf-alert" role="alert" style={{ marginBottom: 12 }}>
          {failure}
        </p>
      )}
      {pages.isLoading ? (
        <LoadingCaption text="Loading notifications..." />
      ) : pages.isError && items.length === 0 ? (
        <ErrorState title="Couldn't load notifications" text="Please try again in a moment." onRetry={() => pages.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={<Bell size={22} />} title="No notifications yet" text="Complete exercises and upload videos to get updates!" />
      ) : (
        <>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} disabled={pending} onRead={() => markOne.mutate(n.id)} onDelete={() => remove.mutate(n.id)} />
            ))}
          </ul>
          {pages.isFetchNextPageError && (
            <p className="sf-alert" role="alert" style={{ margin: '12px 0' }}>
              {OLDER_NOTIFICATIONS_FAILED}
            </p>
          )}
          {pages.hasNextPage && (
            <Button variant="ghost" size="sm" block loading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
              Show older notifications
            </Button>
          )}
        </>
      )}
    </Sheet>
  );
}

function NotificationItem({ notification: n, disabled, onRead, onDelete }: { notification: AppNotification; disabled: boolean; onRead: () => void; onDelete: () => void }) {
  return (
    <li className={`sf-notif${n.isRead ? '' : ' sf-notif--unread'}`} data-testid="notification">
      <span className={`sf-notif__dot${n.isRead ? ' sf-notif__dot--read' : ''}`} aria-hidden />
      <div className="sf-notif__body">
        <p className="sf-notif__title">{n.title}</p>
        <p className="sf-notif__msg">{n.message}</p>
        <p className="sf-notif__time">{relativeTime(n.createdAt)}</p>
      </div>
      <div className="sf-notif__actions">
        {!n.isRead && (
          <Button size="icon" variant="ghost" aria-label={`Mark "${n.title}" as read`} disabled={disabled} onClick={onRead}>
            <Check size={16} />
          </Button>
        )}
        <Button size="icon" variant="ghost" aria-label={`Delete "${n.title}"`} disabled={disabled} onClick={onDelete}>
          <Trash2 size={16} />
        </Button>
      </div>
    </li>
  );
}
