import { NOTIFICATIONS_PAGE, UNREAD_COUNT_HEADER, type Notification } from '@swingfit/contracts';
import { throwIfNotOk } from './client';

export type AppNotification = Notification;

/** Every notifications query starts with this key, so one invalidation refreshes the header and the panel. */
export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
/** The panel's pages (fetched only while it is open). */
export const NOTIFICATION_PAGES_KEY = ['/api/notifications', 'pages'] as const;

export interface NotificationPage {
  items: AppNotification[];
  /** The golfer's unread total over every page (the server's count, not this page's). */
  unread: number;
  /** The cursor of the next (older) page, or undefined at the end. */
  nextBefore: number | undefined;
}

/** One page of GET /api/notifications, newest first; the unread total comes in a response header. */
export async function fetchNotificationPage(before?: number): Promise<NotificationPage> {
  const query = before === undefined ? '' : `?before=${before}`;
  const res = await fetch(`/api/notifications${query}`, { credentials: 'include' });
  await throwIfNotOk(res);
  const items = (await res.json()) as AppNotification[];
  const header = Number(res.headers.get(UNREAD_COUNT_HEADER));
  return {
    items,
    unread: Number.isFinite(header) && res.headers.has(UNREAD_COUNT_HEADER) ? header : countUnread(items),
    nextBefore: items.length >= NOTIFICATIONS_PAGE.default ? items.at(-1)?.id : undefined,
  };
}

export function countUnread(list: readonly Pick<Notification, 'isRead'>[] | undefined): number {
  return list?.filter((n) => !n.isRead).length ?? 0;
}
