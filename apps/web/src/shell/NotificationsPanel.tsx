import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Check, Trash2 } from 'lucide-react';
import { apiRequest } from '../api/client';
import { NOTIFICATIONS_KEY, countUnread, type AppNotification } from '../api/notifications';
import { relativeTime } from '../lib/format';
import { Badge, Button, EmptyState, ErrorState, Sheet, Spinner } from '../components/ui';

export function NotificationsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  // Shares the header's cache entry, but this observer only fetches while the panel is open.
  const list = useQuery<AppNotification[]>({ queryKey: NOTIFICATIONS_KEY, enabled: open });
  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });

  const markAll = useMutation({ mutationFn: () => apiRequest('PATCH', '/api/notifications/read-all'), onSettled: refresh });
  const markOne = useMutation({ mutationFn: (id: AppNotification['id']) => apiRequest('PATCH', `/api/notifications/${id}/read`), onSettled: refresh });
  const remove = useMutation({ mutationFn: (id: AppNotification['id']) => apiRequest('DELETE', `/api/notifications/${id}`), onSettled: refresh });

  const items = list.data ?? [];
  const unread = countUnread(items);
  const pending = markAll.isPending || markOne.isPending || remove.isPending;

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={
        <>
          Notifications
          {unread > 0 && <Badge variant="danger">{unread}</Badge>}
        </>
      }
    >
      {items.length > 0 && (
        <div className="sf-row sf-row--between" style={{ marginBottom: 12 }}>
          <span className="sf-small sf-muted">{unread > 0 ? `${unread} unread` : 'All caught up'}</span>
          <Button size="sm" variant="outline" disabled={unread === 0 || pending} onClick={() => markAll.mutate()}>
            Mark All Read
          </Button>
        </div>
      )}
      {list.isLoading ? (
        <div className="sf-state">
          <Spinner label="" />
          <p className="sf-muted">Loading notifications...</p>
        </div>
      ) : list.isError && items.length === 0 ? (
        <ErrorState title="Couldn't load notifications" text="Please try again in a moment." onRetry={() => list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={<Bell size={22} />} title="No notifications yet" text="Complete exercises and upload videos to get updates!" />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((n) => (
            <li key={n.id} className={`sf-notif${n.isRead ? '' : ' sf-notif--unread'}`}>
              <span className={`sf-notif__dot${n.isRead ? ' sf-notif__dot--read' : ''}`} aria-hidden />
              <div className="sf-notif__body">
                <p className="sf-notif__title">{n.title}</p>
                <p className="sf-notif__msg">{n.message}</p>
                <p className="sf-notif__time">{relativeTime(n.createdAt)}</p>
              </div>
              <div className="sf-notif__actions">
                {!n.isRead && (
                  <Button size="icon" variant="ghost" aria-label={`Mark "${n.title}" as read`} disabled={pending} onClick={() => markOne.mutate(n.id)}>
                    <Check size={16} />
                  </Button>
                )}
                <Button size="icon" variant="ghost" aria-label={`Delete "${n.title}"`} disabled={pending} onClick={() => remove.mutate(n.id)}>
                  <Trash2 size={16} />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Sheet>
  );
}
