import { sql, type Selectable } from 'kysely';
import type { Notification } from '@swingfit/contracts';
import { passedTopic, type Notice } from '../domain/notices.js';
import type { NotificationsTable } from './schema.js';
import type { Db } from './types.js';

const toNotification = (r: Selectable<NotificationsTable>): Notification => ({
  id: Number(r.id),
  type: r.type,
  title: r.title,
  message: r.message,
  isRead: r.is_read,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Adds a notification. With a topic, it replaces the golfer's unread notice on that topic (new words,
 * back on top) instead of piling up: the partial unique index allows one unread row per topic.
 */
export async function addNotification(db: Db, userId: number, notice: Notice): Promise<void> {
  if (notice.topic) return notifyEach(db, [userId], { ...notice, topic: notice.topic });
  await db.insertInto('notifications').values({ user_id: userId, type: notice.type, title: notice.title, message: notice.message, topic: null }).execute();
}

/**
 * The same topic notice to many golfers in one statement. Rows go in user id order, so concurrent
 * senders lock the golfers' unread topic rows in one order and never deadlock.
 */
export async function notifyEach(db: Db, userIds: readonly number[], notice: Notice & { topic: string }): Promise<void> {
  if (userIds.length === 0) return;
  const rows = [...new Set(userIds)].sort((a, b) => a - b).map((id) => ({ user_id: id, type: notice.type, title: notice.title, message: notice.message, topic: notice.topic }));
  await db
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'topic'])
        .where('topic', 'is not', null)
        .where('is_read', '=', false)
        .doUpdateSet({ type: notice.type, title: notice.title, message: notice.message, created_at: sql`now()` }),
    )
    .execute();
}

/**
 * A page of the golfer's notifications, newest first (`before` is the last id of the previous page),
 * and their unread total (the bell's badge), in one round trip: the count rides on each row as an
 * uncorrelated subquery, which PostgreSQL evaluates once. Only an empty later page (an exhausted
 * `before` cursor) needs a second query for the count; an empty first page means none at all.
 */
export async function notificationsPage(db: Db, userId: number, page: { limit: number; before?: number }): Promise<{ items: Notification[]; unread: number }> {
  let query = db
    .selectFrom('notifications as n')
    .selectAll('n')
    .select(sql<number>`(select count(*) from notifications u where u.user_id = ${userId} and not u.is_read)`.as('unread'))
    .where('n.user_id', '=', userId);
  if (page.before !== undefined) {
    // Compared in SQL: timestamps keep their microseconds (a JS Date would round them to milliseconds).
    // A cursor deleted meanwhile falls back to the id order, which is the insertion order.
    const cursor = sql`(select c.created_at, c.id from notifications c where c.id = ${page.before} and c.user_id = ${userId})`;
    query = query.where(
      sql<boolean>`((n.created_at, n.id) < ${cursor} or (not exists ${cursor} and n.id < ${page.before}))`,
    );
  }
  const rows = await query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(page.limit).execute();
  if (rows.length > 0) return { items: rows.map(toNotification), unread: Number(rows[0]!.unread) };
  return { items: [], unread: page.before === undefined ? 0 : await countUnread(db, userId) };
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/**
 * Rewrites the golfer's unread notice on a topic, if there is one (news that no longer holds is
 * corrected where the golfer has not read it yet; read news stays as it was told).
 */
export async function reviseUnread(db: Db, userId: number, notice: Notice & { topic: string }): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ type: notice.type, title: notice.title, message: notice.message })
    .where('user_id', '=', userId)
    .where('topic', '=', notice.topic)
    .where('is_read', '=', false)
    .execute();
}

/** Removes the golfer's unread notice on a topic, if there is one: its news is no longer true. */
export async function withdrawUnread(db: Db, userId: number, topic: string): Promise<void> {
  await db.deleteFrom('notifications').where('user_id', '=', userId).where('topic', '=', topic).where('is_read', '=', false).execute();
}

/**
 * Removes `passer`'s unread 'passed' notice from every golfer who stands above `points` in `month` again:
 * the pass it told of no longer holds.
 */
export async function withdrawPassedBy(db: Db, passerId: number, month: string, points: number): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('topic', '=', passedTopic(passerId))
    .where('is_read', '=', false)
    .where('user_id', 'in', (eb) =>
      eb.selectFrom('period_points').where('period', '=', 'month').where('period_start', '=', month).where('points', '>', points).select('user_id'),
    )
    .execute();
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
