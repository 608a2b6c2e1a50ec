import { Type } from '@sinclair/typebox';
import { NOTIFICATIONS_PAGE, Notification, NotificationIdParam, NotificationList, NotificationsQuery, UNREAD_COUNT_HEADER } from '@swingfit/contracts';
import { HttpError, internalUserId, type App } from '@swingfit/server-kit';
import { deleteNotification, markAllRead, markRead, notificationsPage } from '../db/notifications.js';
import type { GamificationDeps } from '../deps.js';

const NOT_FOUND = 'Notification not found';

/** The header bell's notifications: a golfer sees and changes only their own (another's id is 404). */
export function notificationRoutes(deps: GamificationDeps) {
  return async (app: App) => {
    app.get('/api/notifications', { schema: { querystring: NotificationsQuery, response: { 200: NotificationList } } }, async (request, reply) => {
      const userId = internalUserId(request);
      const { limit = NOTIFICATIONS_PAGE.default, before } = request.query;
      const { items, unread } = await notificationsPage(deps.db, userId, { limit, ...(before !== undefined ? { before } : {}) });
      void reply.header(UNREAD_COUNT_HEADER, String(unread));
      return items;
    });

    app.patch('/api/notifications/read-all', { schema: { response: { 200: Type.Object({ updated: Type.Integer() }) } } }, async (request) => ({
      updated: await markAllRead(deps.db, internalUserId(request)),
    }));

    app.patch('/api/notifications/:id/read', { schema: { params: NotificationIdParam, response: { 200: Notification } } }, async (request) => {
      const notification = await markRead(deps.db, internalUserId(request), request.params.id);
      if (!notification) throw new HttpError(404, NOT_FOUND);
      return notification;
    });

    app.delete('/api/notifications/:id', { schema: { params: NotificationIdParam } }, async (request, reply) => {
      if (!(await deleteNotification(deps.db, internalUserId(request), request.params.id))) throw new HttpError(404, NOT_FOUND);
      return reply.status(204).send();
    });
  };
}
