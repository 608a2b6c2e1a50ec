import type { Notification } from '@swingfit/contracts';

export type AppNotification = Notification;

export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;

export function countUnread(list: readonly Pick<Notification, 'isRead'>[] | undefined): number {
  return list?.filter((n) => !n.isRead).length ?? 0;
}
