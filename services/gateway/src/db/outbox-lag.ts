import { sql, type Kysely } from 'kysely';
import type { CoreDatabase } from '@swingfit/core-db';

/**
 * The gateway's own outbox: events committed but not yet handed to their queues, and how long the
 * oldest has waited. Reads the partial index on unsent rows, so it stays cheap however large the table.
 */
export async function outboxLag(db: Kysely<CoreDatabase>, now = new Date()): Promise<{ unsent: number; oldestUnsentAgeMs: number | null }> {
  const row = await db
    .selectFrom('outbox')
    .select([sql<string>`count(*)`.as('unsent'), sql<Date | null>`min(occurred_at)`.as('oldest')])
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  const oldest = row.oldest ? new Date(row.oldest).getTime() : null;
  return { unsent: Number(row.unsent), oldestUnsentAgeMs: oldest == null ? null : Math.max(0, now.getTime() - oldest) };
}
