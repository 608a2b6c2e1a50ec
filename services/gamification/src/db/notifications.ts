import type { Notification, NotificationType } from '@swingfit/contracts';
import type { Db } from './types.js';
import type { NotificationsTable } from './schema.js';
import type { Selectable } from 'kysely';

const toNotification = (r: Selectable<NotificationsTable>): Notification => ({
  id: Number(r.id),
  type: r.type,
  title: r.title,
  message: r.message,
  isRead: r.is_read,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function addNotification(db: Db, input: { userId: number; type: NotificationType; title: string; message: string }): Promise<void> {
  await db.insertInto('notifications').values({ user_id: input.userId, type: input.type, title: input.title, message: input.message }).execute();
}

export async function listNotifications(db: Db, userId: number, limit = 100): Promise<Notification[]> {
  const rows = await db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toNotification);
}

/** Marks one of the user's notifications read; undefined when it is not theirs (or gone). */
export async function markRead(db: Db, userId: number, id: number): Promise<Notification | undefined> {
  const row = await db.updateTable('notifications').set({ is_read: true }).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
  return row && toNotification(row);
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const result = await db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', userId).where('is_read', '=', false).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('notifications').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
